// The table language's vocabulary from the command line: a table that writes its own
// definitions, the book's table over the AL0 prelude, and tables al0 cannot play.

#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace test_cli_language {

namespace {

using al0::test::run_al0;
using al0::test::shell_quote;
using al0::test::temp_table;

} // namespace

TEST_CASE("al0 check passes a table that defines kings_close and a compound goal three pieces "
          "of advice share",
          "[cli][check][language]") {
    const auto r = run_al0("check --strict krk_own_words");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.last_line() == "builtin:krk_own_words: 10 definitions, 2 rules, 6 pieces of advice");
    const auto printed = run_al0("check --print krk_own_words");
    CHECK_THAT(printed.out, Catch::Contains("kings_close :- distance(our_king, their_king) =< 2."));
}

TEST_CASE("al0 verify runs a table with its own vocabulary and wins all but the stalemates",
          "[cli][verify][language]") {
    const auto r = run_al0("verify --table krk_own_words --json --examples 0");
    INFO(r.err);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["won"] == 175120);
    CHECK(j["worst"] == 34);
}

TEST_CASE("al0 verify reads the book table over the AL0 prelude to the native figures",
          "[cli][verify][language]") {
    const auto r = run_al0("verify --table krk_bratko --prelude lib/krk_book --json --examples 0");
    INFO(r.err);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["won"] == 175120);
    CHECK(j["worst"] == 34);
    CHECK(run_al0("check --prelude lib/krk_book krk_bratko").status == 0);
}

TEST_CASE("a table for another material is verified over that material's positions",
          "[cli][language]") {
    const std::string path =
        temp_table("al0_kqk.al0", "material KQK.\n"
                                  "main :: if true then [a].\n"
                                  "advice(a, mate : true : legal : nomove).\n");
    CHECK(run_al0("check " + shell_quote(path)).status == 0);
    const auto r = run_al0("verify --json --examples 1 --table " + shell_quote(path));
    CHECK(r.status == 1); // mate in one is no plan for every position
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["material"] == "KQK");
    CHECK(j["positions"] == 144508);
    CHECK(j["won"] == j["histogram"]["1"]);
}

} // namespace test_cli_language
