// `al0 advise` and `al0 play` through the built binary.

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace test_cli_play {

using al0::test::run_al0;

TEST_CASE("advise --json names the rule, the advice and the move of the book position",
          "[cli][advise]") {
    auto r = run_al0("advise \"8/8/4R3/8/3K4/8/2k5/8 w - - 0 1\" --table krk_bratko --json");
    REQUIRE(r.status == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["rule"] == "else_rule");
    CHECK(j["advice"] == "squeeze");
    CHECK(j["move"] == "e6e3");
    CHECK(j["san"] == "Re3");
    CHECK(j["nodes"].get<int>() > 0);
    CHECK(j["tree"]["kind"] == "us");
    CHECK(j["tree"]["next"]["kind"] == "leaf");
}

TEST_CASE("advise explains why each advice failed before the chosen one", "[cli][advise]") {
    auto r = run_al0("advise \"8/8/8/8/3R4/2k5/8/K7 w - - 0 1\" --table krk_bratko --explain");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("squeeze: every allowed root move fails below"));
    CHECK_THAT(r.out, Catch::Contains("Kb1: the holding goal fails"));
    CHECK_THAT(r.out, Catch::Contains("Advice: divide_in_3"));
}

TEST_CASE("advise --dot writes a Graphviz digraph", "[cli][advise]") {
    auto r = run_al0("advise \"7R/8/8/8/8/2K5/8/3k4 w - - 0 1\" --table krk_bratko --dot");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("digraph forcing_tree {"));
    CHECK_THAT(r.out, Catch::Contains("label=\"Re1#\""));
}

TEST_CASE("advise refuses a position al0 does not play", "[cli][advise]") {
    auto black = run_al0("advise \"8/8/4R3/8/3K4/8/2k5/8 b - - 0 1\"");
    CHECK(black.status == 2);
    CHECK_THAT(black.err, Catch::Contains("White to move"));
    auto knk = run_al0("advise \"8/8/4N3/8/3K4/8/2k5/8 w - - 0 1\"");
    CHECK(knk.status == 2);
    CHECK_THAT(knk.err, Catch::StartsWith("al0: error: al0 has no table for KNK; it has tables "
                                          "for KRK, KQK"));
    CHECK(std::count(knk.err.begin(), knk.err.end(), '\n') == 1);
    auto krk_on_kqk = run_al0("advise \"8/8/4Q3/8/3K4/8/2k5/8 w - - 0 1\" --table krk");
    CHECK(krk_on_kqk.status == 2);
    CHECK(krk_on_kqk.err == "al0: error: the position is KQK, the table plays KRK\n");
}

TEST_CASE("advise plays the shipped table of the position's material, for either colour",
          "[cli][advise]") {
    auto white = run_al0("advise \"8/8/8/4k3/8/8/8/KQ6 w - - 0 1\" --json");
    REQUIRE(white.status == 0);
    auto black = run_al0("advise \"kq6/8/8/8/4K3/8/8/8 b - - 0 1\" --json");
    REQUIRE(black.status == 0);
    const auto w = nlohmann::json::parse(white.out), b = nlohmann::json::parse(black.out);
    CHECK(w["advice"] == b["advice"]);
    // The same move, mirrored: each rank r becomes 9 - r.
    std::string mirrored = w["move"].get<std::string>();
    for (char& c : mirrored)
        if (c >= '1' && c <= '8') c = char('1' + '8' - c);
    CHECK(b["move"] == mirrored);
    auto named = run_al0("advise \"8/8/8/4k3/8/8/8/KQ6 w - - 0 1\" --table kqk --json");
    REQUIRE(named.status == 0);
    CHECK(nlohmann::json::parse(named.out)["move"] == w["move"]);
}

// Returns the shipped KQK table with an advice first in every rule whose better goal holds
// everywhere (satisfied without a move, so never satisfiable), written to a temp file.
std::string kqk_with_goal_at_root() {
    std::string table = al0::test::read_source("tables/kqk.al0");
    for (std::size_t at = 0; (at = table.find("then [", at)) != std::string::npos; at += 6)
        table.insert(at + 6, " already,");
    table += "\nadvice(already, true : true : legal : nomove).\n";
    return al0::test::shell_quote(al0::test::temp_table("al0_goal_at_root.al0", table));
}

TEST_CASE("advise tries the next advice when one is satisfied at the root without a move",
          "[cli][advise]") {
    const std::string table = kqk_with_goal_at_root();
    const std::string fen = "\"8/8/8/8/8/8/4Q3/K1k5 w - - 0 1\"";
    auto r = run_al0("advise " + fen + " --table " + table);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Contains("already: the better goal already holds at the root (a "
                                      "plan must make a move)"));
    const auto shipped = run_al0("advise " + fen + " --json");
    const auto j = nlohmann::json::parse(run_al0("advise " + fen + " --json --table " + table).out);
    CHECK(j["attempts"][0]["advice"] == "already");
    CHECK(j["attempts"][0]["satisfied"] == false);
    CHECK(j["move"] == nlohmann::json::parse(shipped.out)["move"]);
}

TEST_CASE("play, uci and verify try the next advice when one is satisfied at the root without a "
          "move, as advise does",
          "[cli][play][uci][verify]") {
    const std::string table = kqk_with_goal_at_root();
    const std::string fen = "8/8/8/8/8/8/4Q3/K1k5 w - - 0 1";
    const auto played = run_al0("play \"" + fen + "\" --defender optimal --ascii --table " + table);
    CHECK(played.status == 0);
    CHECK_THAT(played.out, Catch::Contains("1-0"));
    const auto uci = run_al0("uci --table " + table, "uci\nposition fen " + fen + "\ngo\n");
    CHECK(uci.status == 0);
    const auto shipped = nlohmann::json::parse(run_al0("advise \"" + fen + "\" --json").out);
    CHECK_THAT(uci.out, Catch::Contains("bestmove " + shipped["move"].get<std::string>()));
    const auto verified = run_al0("verify --sample 200 --table " + table);
    CHECK(verified.status == 0);
    CHECK_THAT(verified.out, Catch::Contains("PASSED: every position is won"));
}

TEST_CASE("a game scripted through stdin refuses an illegal move, goes on, and ends in mate",
          "[cli][play]") {
    // Book start: 1. Re3 Kd1 2. Kc3 Kc1 3. Re1#; "b3" is illegal for the king on d1.
    auto r = run_al0("play --table krk_bratko --ascii", "d1\nb3\nfen\nc1\n");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Refused: illegal move d1b3"));
    CHECK_THAT(r.out, Catch::Contains("8/8/8/8/8/2K1R3/8/3k4 b - - 3 2"));
    CHECK_THAT(r.out, Catch::Contains("White plays Re1#  (edge_rule: mate_in_2, tree followed)"));
    CHECK_THAT(r.out, Catch::Contains("Game over: mate (1-0)"));
    CHECK_THAT(r.out, Catch::Contains("1. Re3 {else_rule: squeeze (new tree)} Kd1 2. Kc3"));
}

TEST_CASE("play against the random and optimal defenders ends in mate", "[cli][play]") {
    for (const char* defender : {"random --seed 7", "optimal"}) {
        auto r = run_al0(std::string("play --table krk_bratko --defender ") + defender);
        INFO(defender);
        REQUIRE(r.status == 0);
        CHECK_THAT(r.out, Catch::Contains("Game over: mate (1-0)"));
    }
}

TEST_CASE("play stops cleanly at quit or at the end of the input", "[cli][play]") {
    auto quit = run_al0("play", "quit\n");
    CHECK(quit.status == 0);
    CHECK_THAT(quit.out, Catch::Contains("Game over: stopped (*)"));
    auto eof = run_al0("play", "");
    CHECK(eof.status == 0);
    CHECK_THAT(eof.out, Catch::Contains("[Result \"*\"]"));
}

TEST_CASE("play rejects a bad FEN, an unknown defender and a bad table", "[cli][play]") {
    CHECK(run_al0("play \"8/8/8/8/8/8/8/8 w - - 0 1\"").status == 2);
    auto d = run_al0("play --defender nobody");
    CHECK(d.status == 2);
    CHECK_THAT(d.err, Catch::Contains("unknown defender 'nobody'"));
    CHECK(run_al0("play --table no_such_table").status == 2);
}

} // namespace test_cli_play
