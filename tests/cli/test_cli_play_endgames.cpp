// `al0 play`, `match` and `uci` over any material: conversions that switch table, the strong
// side played as Black, the shipped KBNK and KPK tables (once shipped), and one set of ending
// names across the three commands.

#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

namespace test_cli_play_endgames {

using al0::test::contains;
using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

const std::string DATA = std::string(AL0_SOURCE_DIR) + "/tests/data/";
// A KPK table that only queens a running pawn: the game then goes on with the shipped KQK table.
const std::string KPK_RUN = DATA + "play/kpk_run.al0";

// Returns whether al0 ships a table for MATERIAL (KPK and KBNK come from the tables work).
bool shipped(const std::string& material) {
    const auto r = run_al0("play --defender random \"8/8/8/8/8/8/8/K6k w - - 0 1\"");
    const std::string err = r.err;
    // The message names the materials that have a table: "... it has tables for KRK, KQK".
    const auto at = err.find("it has tables for ");
    return at != std::string::npos &&
           std::regex_search(err.substr(at), std::regex("\\b" + material + "\\b"));
}

// Returns the first submatch of PATTERN in TEXT, or "" when it does not occur.
std::string first_match(const std::string& text, const std::string& pattern) {
    std::smatch m;
    return std::regex_search(text, m, std::regex(pattern)) ? m[1].str() : "";
}

using al0::test::temp_table;

} // namespace

TEST_CASE("a scripted KPK game promotes, switches to the KQK table and mates", "[cli][play]") {
    auto r = run_al0("play --ascii --table " + shell_quote(KPK_RUN) +
                         " \"8/4P3/8/8/8/2K5/8/k7 w - - 0 1\"",
                     "Kb1\nka1\n");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "al0 plays White with table " + KPK_RUN + " (KPK)"));
    CHECK(contains(r.out, "White plays e8=Q  (run_only: promote, new forcing tree)"));
    CHECK(contains(r.out, "The game converted: al0 now plays KQK (table kqk)"));
    CHECK(contains(r.out, "Game over: mate (1-0)"));
    CHECK(contains(r.out, "{now KQK (table kqk); "));
    // The board after every move has the moves so far beside it.
    CHECK(contains(r.out, "    1. e8=Q Kb1 2. "));
}

TEST_CASE("al0 plays the strong side as Black: a mirrored KPK game converts and mates 0-1",
          "[cli][play]") {
    auto r = run_al0("play --ascii --defender optimal --table " + shell_quote(KPK_RUN) +
                     " \"K7/8/1k6/8/4p3/8/8/8 b - - 0 1\"");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "al0 plays Black with table " + KPK_RUN + " (KPK)"));
    CHECK(contains(r.out, "Black plays e1=Q"));
    CHECK(contains(r.out, "The game converted: al0 now plays KQK (table kqk)"));
    CHECK(contains(r.out, "Game over: mate (0-1)"));
    CHECK(contains(r.out, "[Black \"al0 (" + KPK_RUN + ")\"]"));
}

TEST_CASE("KRK with the rook on Black's side is played with the mirrored moves", "[cli][play]") {
    // The book's start and its colour flip, each against the same (mirrored) scripted defence.
    auto white =
        run_al0("play --ascii --table krk_bratko \"8/8/4R3/8/3K4/8/2k5/8 w - - 0 1\"", "d1\nc1\n");
    auto black =
        run_al0("play --ascii --table krk_bratko \"8/2K5/8/3k4/8/4r3/8/8 b - - 0 1\"", "d8\nc8\n");
    REQUIRE(white.status == 0);
    REQUIRE(black.status == 0);
    CHECK(contains(white.out, "1. Re3 {else_rule: squeeze (new tree)} Kd1 2. Kc3"));
    CHECK(contains(black.out, "1... Re6 {else_rule: squeeze (new tree)} 2. Kd8 Kc6"));
    CHECK(contains(white.out, "Game over: mate (1-0)"));
    CHECK(contains(black.out, "Game over: mate (0-1)"));
}

TEST_CASE("a position of a material without a table gets one message naming those with one",
          "[cli][play]") {
    auto r = run_al0("play \"8/8/8/4k3/8/8/8/KNN5 w - - 0 1\"");
    CHECK(r.status == 2);
    CHECK(contains(r.err, "al0: error: al0 has no table for KNNK; it has tables for KRK, KQK"));
    auto other = run_al0("play --table krk_bratko \"8/8/8/4k3/8/8/8/KQ6 w - - 0 1\"");
    CHECK(other.status == 2);
    CHECK(contains(other.err, "the position is KQK, the table plays KRK"));
}

TEST_CASE("from the KBNK start al0 mates the best defence (once KBNK is shipped)",
          "[cli][play][.][slow]") {
    if (!shipped("KBNK")) {
        WARN("no shipped KBNK table yet");
        return;
    }
    auto r = run_al0("play --ascii --defender optimal \"8/8/8/4k3/8/8/8/KBN5 w - - 0 1\"");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "al0 plays White with table kbnk (KBNK)"));
    CHECK(contains(r.out, "Game over: mate (1-0)"));
}

TEST_CASE("a KPK game of the shipped table promotes, switches table and mates (once KPK is "
          "shipped)",
          "[cli][play][.][slow]") {
    if (!shipped("KPK")) {
        WARN("no shipped KPK table yet");
        return;
    }
    auto r = run_al0("play --ascii --defender optimal \"3k4/8/3K4/3P4/8/8/8/8 w - - 0 1\"");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "al0 plays White with table kpk (KPK)"));
    CHECK(contains(r.out, "The game converted: al0 now plays KQK"));
    CHECK(contains(r.out, "Game over: mate (1-0)"));
}

TEST_CASE("the same game through play, match and uci ends with the same name", "[cli][play]") {
    // Start, table, the defence (UCI), and the ending every command must name.
    auto [start, table_spec, defence, ending] =
        GENERATE(table<std::string, std::string, std::vector<std::string>, std::string>({
            {"8/4P3/8/8/8/2K5/8/k7 w - - 0 1", KPK_RUN, {"a1b1", "b1a1"}, "mate"},
            {"8/8/4R3/8/3K4/8/2k5/8 w - - 97 60", "krk_bratko", {"c2d1"}, "fifty-move rule"},
            {"8/8/8/8/8/8/1R6/k1K5 w - - 0 1", "krk_bratko", {}, "stalemate"},
        }));
    INFO(start);
    std::string moves_text;
    for (const std::string& m : defence) moves_text += m + "\n";
    const std::string defence_file = temp_table("al0_same_game.moves", moves_text);
    const std::string fens = temp_table("al0_same_game.fens", start + "\n");
    const std::string pgn = al0::test::temp_path("al0_same_game.pgn").string();

    auto played = run_al0(
        "play --ascii --table " + shell_quote(table_spec) + " " + shell_quote(start), moves_text);
    const std::string play_name = first_match(played.out, "Game over: ([a-z -]+) \\(");
    CHECK(first_match(played.out, "\\[Termination \"([^\"]+)\"\\]") == play_name);

    auto matched = run_al0("match --table " + shell_quote(table_spec) + " --opponent " +
                           shell_quote("sh " + DATA + "uci/scripted_engine.sh " + defence_file) +
                           " --fens " + fens + " --require-mate-within 0 --pgn " + pgn);
    const std::string match_pgn = al0::test::read_file(pgn);
    const std::string match_name = first_match(match_pgn, "\\[Termination \"([^\"]+)\"\\]");

    // uci: al0's moves are the bestmoves, the defence goes between them.
    std::string uci_moves;
    std::size_t next = 0;
    std::string uci_name, uci_said;
    for (int turn = 0; turn < 10 && uci_name.empty(); ++turn) {
        auto r = run_al0("uci --table " + shell_quote(table_spec),
                         "position fen " + start + (uci_moves.empty() ? "" : " moves" + uci_moves) +
                             "\ngo\n");
        uci_said += r.out;
        const std::string best = first_match(r.out, "bestmove (\\S+)");
        if (best == "0000") {
            uci_name = first_match(r.out, "info string the game is over: ([a-z -]+)");
            break;
        }
        uci_moves += " " + best;
        if (next < defence.size()) uci_moves += " " + defence[next++];
    }

    CHECK(play_name == ending);
    CHECK(match_name == ending);
    CHECK(uci_name == ending);
    // The promotion's table switch is announced in an info string.
    if (table_spec == KPK_RUN)
        CHECK(contains(uci_said, "info string the game converted: now KQK (table kqk)"));
    std::filesystem::remove(pgn);
}

} // namespace test_cli_play_endgames
