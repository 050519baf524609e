// Tables at and past the limits of nesting, each shape generated here: left-associative chains
// (1 + 1 + ..., 1 * 1 * ..., legal by 1 by 1 ...), nested filters, and chains of definitions
// that each use the one before. Far past a limit, where al0 once overflowed its stack in the
// parser, the checker, the printer, the compiler or the search, the table is refused with a
// located diagnostic; the deepest table of each shape that the checker accepts compiles and
// searches (the fuzz property of tables: fuzz/properties/table_property.cpp).

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "advice/written_size.hpp"
#include "engine/krk/vocabulary.hpp"
#include "fuzz/properties/properties.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>

namespace test_table_limits {

namespace {

using al0::test::run_al0;
using al0::test::shell_quote;

struct Shape {
    std::string name;
    std::function<std::string(int)> table; // the table with the shape N deep
};

const std::string RULE = "r :: if true then [a].\n";

// Returns a rule whose condition is a chain of N operators OP, and its advice.
std::string condition_chain(int n, const std::string& op) {
    std::string chain = "1";
    for (int i = 0; i < n; ++i) chain += op + "1";
    return "r :: if " + chain +
           " > 0 then [a].\ns :: if true then [a].\n"
           "advice(a, mate : true : legal : nomove).\n";
}

// Returns advice whose us-moves constraint is US.
std::string advice_moving(const std::string& us) {
    return RULE + "advice(a, mate : true : (depth < 2) and " + us + " : nomove).\n";
}

std::string by_chain(int n) {
    std::string us = "legal";
    for (int i = 0; i < n; ++i) us += " by 1";
    return advice_moving(us);
}

std::string plus_zero_order(int n) {
    std::string measure = "1";
    for (int i = 0; i < n; ++i) measure += "+0";
    return advice_moving("legal by " + measure);
}

std::string nested_filters(int n) {
    std::string us = "legal";
    for (int i = 0; i < n; ++i) us = "filter(" + us + ", true)";
    return advice_moving(us);
}

// Definitions p0 ... pN, each but the first the one before.
std::string definition_chain(int n) {
    std::string text = "p0 :- mate.\n";
    for (int i = 1; i <= n; ++i)
        text.append("p")
            .append(std::to_string(i))
            .append(" :- p")
            .append(std::to_string(i - 1))
            .append(".\n");
    return text.append("r :: if p")
        .append(std::to_string(n))
        .append(" then [a].\ns :: if true then [a].\nadvice(a, mate : true : legal : nomove).\n");
}

const std::vector<Shape> SHAPES = {
    {"1 + 1 + ...", [](int n) { return condition_chain(n, " + "); }},
    {"1 - 1 - ...", [](int n) { return condition_chain(n, "-"); }},
    {"1 * 1 * ...", [](int n) { return condition_chain(n, "*"); }},
    {"legal by 1 by 1 ...", by_chain},
    {"legal by 1+0+0...", plus_zero_order},
    {"filter(filter(...), true)", nested_filters},
    {"p1 :- p0. p2 :- p1. ...", definition_chain},
};

std::vector<al0::advice::Diagnostic> findings(const std::string& text) {
    return diagnostics_of(text, al0::krk::vocabulary, "deep.al0");
}

bool accepted(const std::string& text) { return !al0::advice::has_errors(findings(text)); }

// Far past every limit, as hostile tables were (50,000 terms is 100 KB of text).
constexpr int FAR = 50'000;
// The chain of definitions: 30,000 (each a line of its own).
int far_for(const Shape& s) { return s.name.starts_with("p1") ? 30'000 : FAR; }

// A table file in the temporary folder, removed at the end of the test.
struct TempTable {
    std::string path;
    TempTable(const std::string& name, const std::string& text)
        : path(al0::test::temp_table("al0_limits_" + name, text)) {}
    ~TempTable() { std::filesystem::remove(path); }
};

} // namespace

TEST_CASE("Each deep shape far past the limit is refused where it starts to nest too deep",
          "[advice][limits]") {
    for (const Shape& s : SHAPES) {
        INFO(s.name);
        const auto diagnostics = findings(s.table(far_for(s)));
        REQUIRE(al0::advice::has_errors(diagnostics));
        const al0::advice::Diagnostic& d = diagnostics.front();
        CHECK(d.line >= 1);
        CHECK(d.column >= 1);
        CHECK_THAT(d.message, Catch::Contains("levels deep"));
        CHECK(diagnostics.size() <= 2);
    }
}

TEST_CASE("The deepest table of each shape that the checker accepts compiles and searches",
          "[advice][limits]") {
    for (const Shape& s : SHAPES) {
        INFO(s.name);
        // The largest N accepted: accepted at 1 and refused far past the limit.
        int good = 1, bad = 2 * al0::advice::max_written_depth;
        REQUIRE(accepted(s.table(good)));
        REQUIRE_FALSE(accepted(s.table(bad)));
        while (bad - good > 1) {
            const int mid = (good + bad) / 2;
            (accepted(s.table(mid)) ? good : bad) = mid;
        }
        // Why 200: the limits are far beyond any table written by hand (the shipped ones nest
        // a few dozen levels at most), yet near the documented 256.
        CHECK(good >= 200);
        CHECK(good <= al0::advice::max_written_depth);
        CHECK_NOTHROW(al0::fuzz::check_table_text(s.table(good)));
    }
}

TEST_CASE("al0 check and advise refuse each deep shape with a located error, not a crash",
          "[cli][limits]") {
    for (const Shape& s : SHAPES) {
        INFO(s.name);
        const TempTable table("deep.al0", s.table(far_for(s)));
        const auto check = run_al0("check " + shell_quote(table.path));
        CHECK(check.status == 2);
        CHECK(check.err.starts_with(table.path + ":"));
        CHECK_THAT(check.err, Catch::Contains(": error: ") && Catch::Contains("levels deep"));
        const auto advise =
            run_al0("advise " + shell_quote(BOOK_START) + " --table " + shell_quote(table.path));
        CHECK(advise.status == 2);
        CHECK_THAT(advise.err, Catch::Contains("al0: error: table " + table.path +
                                               " has errors:\n" + table.path + ":"));
    }
}

TEST_CASE("The fuzz seeds of tables reach past the limits, and keep the table property",
          "[advice][limits][fuzz]") {
    const std::filesystem::path seeds = std::filesystem::path(AL0_SOURCE_DIR) / "fuzz/seeds/table";
    int past = 0;
    for (const auto& entry : std::filesystem::directory_iterator(seeds)) {
        INFO(entry.path().string());
        const std::string text = al0::test::read_file(entry.path());
        CHECK(text.size() <= 4096); // fuzz/run's -max_len for tables
        past += !accepted(text);
        CHECK_NOTHROW(al0::fuzz::check_table_text(text));
    }
    CHECK(past >= 5);
}

} // namespace test_table_limits
