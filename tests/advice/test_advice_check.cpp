// The checker: each kind of finding, its severity and place; the shipped tables are clean.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "advice/written_size.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>

namespace test_advice_check {

namespace {

using namespace al0::advice;
using Severity = Diagnostic::Severity;

std::vector<Diagnostic> check_text(const std::string& text,
                                   const al0::contract::Vocabulary& v = al0::krk::vocabulary) {
    ParseResult r = parse(text, "t.al0");
    REQUIRE(r.table);
    return check(*r.table, v, "t.al0");
}

const std::string squeeze = "advice(squeeze, newroomsmaller : not rooklost : (depth = 0) and "
                            "rookmove : nomove).\n";

} // namespace

TEST_CASE("The shipped tables check clean against their domains", "[advice][check]") {
    CHECK(check_text(std::string(*al0::tables::builtin("krk_bratko"))).empty());
    CHECK(
        check_text(std::string(*al0::tables::builtin("queens")), al0::queens::vocabulary).empty());
    CHECK(has_errors(check_text(std::string(*al0::tables::builtin("queens")))));
}

TEST_CASE("Written out, a chain of definitions counts each use, and the shipped tables stay far "
          "below the limit",
          "[advice][check]") {
    const auto sizes_of = [](const std::string& text) {
        ParseResult r = parse(text, "t.al0");
        REQUIRE(r.table);
        std::vector<const ast::Definition*> definitions;
        for (const ast::Definition& d : r.table->definitions) definitions.push_back(&d);
        WrittenSize sizes(definitions);
        std::map<std::string, std::uint64_t> by_name;
        std::uint64_t most = 0;
        for (const ast::Definition& d : r.table->definitions)
            most = std::max(most, by_name[d.name] = sizes.of(d).size);
        for (const ast::Advice& a : r.table->advice)
            for (Written w : {sizes.of(a.better), sizes.of(a.holding), sizes.of(a.us_moves),
                              sizes.of(a.them_moves)})
                most = std::max(most, w.size);
        by_name["(most)"] = most;
        return by_name;
    };
    // distance(...) is 3 (the call and its two roles); min(m, m) is 1 + twice m.
    const auto chain = sizes_of("measure m0 := distance(our_king, their_king).\n"
                                "measure m1 := min(m0, m0).\nmeasure m2 := min(m1, m1) + m0.\n"
                                "generator g := filter(legal then checks, m2 > 0) by m1.\n");
    CHECK(chain.at("m0") == 3);
    CHECK(chain.at("m1") == 7);
    CHECK(chain.at("m2") == 1 + (1 + 7 + 7) + 3);
    CHECK(chain.at("g") == 1 + (1 + (1 + 1) + (1 + 19 + 1)) + 7);
    for (const char* name : {"kqk", "kpk", "krk", "krk_own_words", "lib/krk_book"}) {
        INFO(name);
        CHECK(sizes_of(std::string(*al0::tables::builtin(name))).at("(most)") < 1000); // KPK: 580
    }
}

TEST_CASE("Each kind of finding has its severity, place and message", "[advice][check]") {
    auto [text, severity, line, column,
          message] = GENERATE_REF(table<std::string, Severity, int, int, std::string>({
        {"r :: if thier_king_edge then [squeeze].\ns :: if true then [squeeze].\n" + squeeze,
         Severity::error, 1, 9,
         "unknown predicate 'thier_king_edge' in domain krk (did you mean 'their_king_edge'?)"},
        {"r :: if true then [squeeze].\nadvice(squeeze, mate : true : rookmve : nomove).",
         Severity::error, 2, 31,
         "unknown move generator 'rookmve' in domain krk (did you mean 'rookmove'?)"},
        {"r :: if true then [squeeze, sqeeze].\n" + squeeze, Severity::error, 1, 29,
         "advice 'sqeeze' is not defined (did you mean 'squeeze'?)"},
        {"r :: if true then [squeeze].\n" + squeeze + squeeze, Severity::error, 3, 1,
         "advice 'squeeze' is defined twice (first at line 2)"},
        {"r :: if true then [squeeze].\n" + squeeze +
             "advice(spare, mate : true : legal : nomove).",
         Severity::warning, 3, 1, "advice 'spare' is defined but no rule uses it"},
        {"r :: if true then [squeeze].\ns :: if mate then [squeeze].\n" + squeeze,
         Severity::warning, 2, 1,
         "rule 's' can never apply: rule 'r' (line 1) always applies first"},
        {"r :: if not true or not true then [squeeze].\ns :: if true then [squeeze].\n" + squeeze,
         Severity::warning, 1, 1, "rule 'r' can never apply: its condition is always false"},
        {"r :: if mate then [squeeze].\n" + squeeze, Severity::warning, 1, 1,
         "no rule always applies: where no condition holds the table gives no advice (end "
         "with a rule such as 'else_rule :: if true then [...]')"},
        {"r :: if true then [squeeze].\n"
         "advice(squeeze, mate : true : (depth = 0) and legal : rookmove).",
         Severity::error, 2, 55,
         "move generator 'rookmove' moves us, but this is the them-moves constraint"},
        {"r :: if true then [squeeze].\nadvice(squeeze, mate : true : legal then (depth < 2) : "
         "nomove).",
         Severity::warning, 2, 43,
         "a depth test only filters and generates no moves: make it the left operand of "
         "'and', as in (depth < 3) and legal"},
        {squeeze, Severity::error, 1, 1,
         "the table has no rules: add one such as 'main :: if true then [advice].'"},
        {"r :: if true then [squeeze].\nadvice(squeeze, check : legal : legal : nomove).",
         Severity::error, 2, 25, "'legal' is a move generator, not a predicate"},
    }));
    INFO(text);
    std::vector<Diagnostic> found = check_text(text);
    REQUIRE(found.size() == 1);
    CHECK(found[0].severity == severity);
    CHECK(found[0].line == line);
    CHECK(found[0].column == column);
    CHECK(found[0].message == message);
    CHECK(found[0].file == "t.al0");
}

TEST_CASE("Findings come in source order", "[advice][check]") {
    std::vector<Diagnostic> found =
        check_text("r :: if mate then [nothing].\nadvice(squeeze, bogus : true : legal : nomove).");
    REQUIRE(found.size() == 4);
    for (std::size_t i = 1; i < found.size(); ++i)
        CHECK(std::pair(found[i - 1].line, found[i - 1].column) <=
              std::pair(found[i].line, found[i].column));
}

TEST_CASE("A one-player domain refuses its generators as replies", "[advice][check]") {
    std::vector<Diagnostic> found =
        check_text("q :: if true then [p].\nadvice(p, all_placed : safe : place_safe : place).",
                   al0::queens::vocabulary);
    REQUIRE(found.size() == 1);
    CHECK(found[0].message ==
          "move generator 'place' moves us, but this is the them-moves constraint");
}

TEST_CASE("Suggestions name only close names, the closest first", "[advice][check]") {
    auto message_for = [](const std::string& predicate) {
        std::vector<Diagnostic> found = check_text(
            "r :: if " + predicate + " then [squeeze].\ns :: if true then [squeeze].\n" + squeeze);
        REQUIRE(found.size() == 1);
        return found[0].message;
    };
    CHECK(message_for("rookdivide") ==
          "unknown predicate 'rookdivide' in domain krk (did you mean 'rookdivides'?)");
    CHECK(message_for("okedge") == "unknown predicate 'okedge' in domain krk");
    CHECK(message_for("mat") == "unknown predicate 'mat' in domain krk (did you mean 'mate'?)");
}

} // namespace test_advice_check
