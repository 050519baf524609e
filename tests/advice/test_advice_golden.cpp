// Golden files: each tests/data/advice/NAME.al0, a table with a mistake, against NAME.expected,
// the diagnostics al0 must print for it. Some inputs are too big to keep in the repository and
// are generated here instead. AL0_UPDATE_GOLDEN=1 rewrites the .expected files (then review
// the diff: the test compares against them otherwise).

#include "tests/support/advice_render.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

namespace test_advice_golden {

namespace {

namespace fs = std::filesystem;

const fs::path golden_dir = fs::path(AL0_SOURCE_DIR) / "tests/data/advice";

using al0::test::read_file;

// Returns the diagnostics expected for NAME, or writes ACTUAL as the expectation when asked.
std::string expected_for(const std::string& name, const std::string& actual) {
    fs::path path = golden_dir / (name + ".expected");
    if (std::getenv("AL0_UPDATE_GOLDEN")) std::ofstream(path, std::ios::binary) << actual;
    REQUIRE(fs::exists(path));
    return read_file(path);
}

void check_golden(const std::string& name, const std::string& text) {
    std::string actual = al0::test::render_diagnostics(text, name + ".al0");
    std::string expected = expected_for(name, actual);
    CHECK_FALSE(expected.empty()); // every golden table has a mistake to report
    CHECK(actual == expected);
}

// Returns about BYTES of valid rules and advice, then a rule without its full stop.
std::string huge_table(std::size_t bytes) {
    std::string text;
    for (int i = 0; text.size() < bytes; ++i) {
        std::string n = std::to_string(i);
        text += "rule_" + n + " :: if their_king_edge and not kings_close then [advice_" + n +
                "].\nadvice(advice_" + n +
                ", mate : not rooklost : (depth = 0) and legal : nomove).\n";
    }
    return text + "last_rule :: if true then [advice_0]\n";
}

std::string nested(const std::string& open, const std::string& inner, const std::string& close,
                   int levels) {
    std::string text = "else_rule :: if ";
    for (int i = 0; i < levels; ++i) text += open;
    text += inner;
    for (int i = 0; i < levels; ++i) text += close;
    return text + " then [squeeze].\n";
}

// The generated inputs, by golden name.
const std::map<std::string, std::function<std::string()>> generated = {
    {"huge_file", [] { return huge_table(10'000'000); }},
    {"deep_parentheses", [] { return nested("(", "true", ")", 10'000); }},
    {"deep_not", [] { return nested("not ", "true", "", 10'000); }},
    {"long_and_chain", [] { return nested("true and ", "true", "", 10'000); }},
};

} // namespace

TEST_CASE("Every bad table in tests/data/advice gets exactly its expected diagnostics",
          "[advice][golden]") {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(golden_dir))
        if (entry.path().extension() == ".al0") names.push_back(entry.path().stem().string());
    REQUIRE(names.size() >= 20);
    for (const std::string& name : names) {
        INFO("golden table " << name);
        check_golden(name, read_file(golden_dir / (name + ".al0")));
    }
}

TEST_CASE("Nesting 10,000 levels deep ends in the nesting-limit diagnostic, not a crash",
          "[advice][golden]") {
    for (const char* name : {"deep_parentheses", "deep_not", "long_and_chain"}) {
        INFO("generated table " << name);
        check_golden(name, generated.at(name)());
    }
}

TEST_CASE("A 10 MB table is parsed to its last line", "[advice][golden]") {
    check_golden("huge_file", generated.at("huge_file")());
}

} // namespace test_advice_golden
