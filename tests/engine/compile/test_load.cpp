// The one pipeline from table text to a program (engine/compile/load.hpp): each stage's result
// as a value, the vocabulary a declared material selects, libraries checked and not compiled.

#include "contract/chess_library.hpp"
#include "engine/compile/load.hpp"
#include "engine/krk/vocabulary.hpp"
#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_load {

using namespace al0;

search::TableSource builtin_source(std::string_view name) {
    auto text = tables::builtin(name);
    REQUIRE(text);
    return {std::string(name), std::string(*text)};
}

TEST_CASE("Loading a table's text gives its syntax tree, findings and program in one call",
          "[compile][load]") {
    // kqk declares its material, so the chess library checks it whatever the fallback.
    const auto kqk = search::load(builtin_source("kqk"), krk::vocabulary);
    REQUIRE(kqk.table);
    CHECK(kqk.vocabulary == &contract::chess::vocabulary);
    CHECK_FALSE(kqk.failed());
    REQUIRE(kqk.program);
    CHECK(kqk.program->advice.size() == kqk.table->advice.size());

    // The book's table without a material keeps the fallback's names.
    const auto book = search::load(builtin_source("krk_bratko"), krk::vocabulary);
    CHECK(book.vocabulary == &krk::vocabulary);
    REQUIRE(book.program);
    CHECK(book.program->advice.size() == 6);
}

TEST_CASE("A library is checked as one and not compiled, and a table over it uses its material",
          "[compile][load]") {
    const auto source = builtin_source("lib/krk_book");
    for (auto kind : {search::TextKind::library, search::TextKind::either}) {
        const auto library = search::load(source, krk::vocabulary, nullptr, kind);
        CHECK(library.library);
        CHECK_FALSE(library.failed());
        CHECK_FALSE(library.program);
    }
    const auto prelude = search::load(source, krk::vocabulary, nullptr, search::TextKind::library);
    // The book's table names the book's predicates, which the prelude defines over the chess
    // library.
    const auto table = search::load(builtin_source("krk_bratko"), krk::vocabulary, &*prelude.table);
    CHECK(table.vocabulary == &contract::chess::vocabulary);
    CHECK_FALSE(table.failed());
    CHECK(table.program);
}

TEST_CASE("A table with errors has no program, and its error names the table and each place",
          "[compile][load]") {
    const search::TableSource source{"bad.al0",
                                     "r :: if true then [a].\nadvice(a, matte : true : legal : "
                                     "nomove).\n"};
    const auto loaded = search::load(source, krk::vocabulary);
    REQUIRE(loaded.table);
    CHECK(loaded.failed());
    CHECK_FALSE(loaded.program);
    const std::string error = search::load_error(loaded, source);
    CHECK_THAT(error, Catch::StartsWith("table bad.al0 has errors:\nbad.al0:2:"));
    CHECK_THAT(error, !Catch::EndsWith("\n"));

    const search::TableSource broken{"broken.al0", "r :: if true then [a"};
    const auto unparsed = search::load(broken, krk::vocabulary);
    CHECK_FALSE(unparsed.table);
    CHECK(unparsed.failed());
    CHECK_THAT(search::load_error(unparsed, broken, "prelude"),
               Catch::StartsWith("prelude broken.al0 has errors:\nbroken.al0:1:"));
}

} // namespace test_load
