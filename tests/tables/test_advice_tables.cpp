// The built-in tables are the tables/*.al0 files, byte for byte.

#include "contract/chess_library.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tables/builtin.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace test_advice_tables {

TEST_CASE("Every tables/*.al0 file is built in under its stem (lib/NAME for tables/lib), with "
          "the same text",
          "[advice][tables]") {
    namespace fs = std::filesystem;
    std::vector<std::string> stems;
    const fs::path root = fs::path(AL0_SOURCE_DIR) / "tables";
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".al0") continue;
        std::string stem = fs::relative(entry.path(), root).replace_extension().generic_string();
        stems.push_back(stem);
        const std::string text = al0::test::read_file(entry.path());
        INFO("table " << stem);
        auto builtin = al0::tables::builtin(stem);
        REQUIRE(builtin);
        CHECK(*builtin == text);
    }
    std::sort(stems.begin(), stems.end());
    auto names = al0::tables::builtin_names();
    CHECK(std::vector<std::string>(names.begin(), names.end()) == stems);
    CHECK(std::find(stems.begin(), stems.end(), "krk_bratko") != stems.end());
    CHECK(std::find(stems.begin(), stems.end(), "queens") != stems.end());
    CHECK(std::find(stems.begin(), stems.end(), "lib/krk_book") != stems.end());
    CHECK_FALSE(al0::tables::builtin("no_such_table"));
}

namespace {

// Checks that DOC has a table row for each of the vocabulary's primitives, EXPECTED of them.
void check_documented(const al0::contract::Vocabulary& v, const char* doc, std::size_t expected) {
    const std::string text = al0::test::read_source(doc);
    std::vector<std::string> names(v.predicates.begin(), v.predicates.end());
    for (const auto& m : v.measures) names.emplace_back(m.name);
    for (const auto& g : v.generators) names.emplace_back(g.name);
    CHECK(names.size() == expected);
    for (const std::string& name : names) {
        INFO(name);
        CHECK_THAT(text, Catch::Contains("| `" + name));
    }
}

} // namespace

TEST_CASE("docs/LIBRARY.md describes every primitive of the chess library", "[advice][docs]") {
    check_documented(al0::contract::chess::vocabulary, "docs/LIBRARY.md", 35);
}

TEST_CASE("docs/QUEENS_LIBRARY.md describes every primitive of the N-queens library",
          "[advice][docs][queens]") {
    check_documented(al0::queens::vocabulary, "docs/QUEENS_LIBRARY.md", 9);
}

} // namespace test_advice_tables
