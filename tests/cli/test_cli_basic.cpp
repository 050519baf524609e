// The al0 command line as a person meets it: --help, --version, the error convention, and the
// fen and perft subcommands, by running the built binary.

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace test_cli_basic {

using al0::test::contains;
using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

long count_lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

std::string read_golden(const std::string& name) {
    return al0::test::read_source("tests/data/cli_basic/" + name);
}

const std::string STALEMATE = "k7/1R6/1K6/8/8/8/8/8 b - - 0 1";
const std::string START = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

} // namespace

TEST_CASE("al0 --help lists the fen and perft subcommands", "[cli]") {
    auto r = run_al0("--help");
    CHECK(r.status == 0);
    CHECK(contains(r.out, "fen"));
    CHECK(contains(r.out, "perft"));
    CHECK(contains(r.out, "--log-level"));
    CHECK(r.err.empty());
}

TEST_CASE("al0 --version prints the name and version", "[cli]") {
    auto r = run_al0("--version");
    CHECK(r.status == 0);
    CHECK(r.out.rfind("al0 ", 0) == 0);
    CHECK(count_lines(r.out) == 1);
}

TEST_CASE("al0 perft ends with the Stockfish node count", "[cli][perft]") {
    auto r = run_al0("perft " + shell_quote(START) + " 5");
    CHECK(r.status == 0);
    CHECK(r.last_line() == "Nodes searched: 246330");
    CHECK(r.err.empty());
}

TEST_CASE("al0 perft --divide counts below each root move in UCI", "[cli][perft]") {
    auto r = run_al0("perft " + shell_quote(START) + " 2 --divide");
    CHECK(r.status == 0);
    CHECK(contains(r.out, "e1d1: 8\n"));
    CHECK(contains(r.out, "a1a5: 6\n"));
    CHECK(count_lines(r.out) == 15 + 2); // one line per root move, a blank line, the total
    CHECK(r.last_line() == "Nodes searched: 109");
}

TEST_CASE("al0 perft refuses a depth out of range", "[cli][perft]") {
    auto r = run_al0("perft " + shell_quote(START) + " 0");
    CHECK(r.status == 2);
    CHECK(r.err.rfind("al0: error: ", 0) == 0);
}

TEST_CASE("al0 fen says stalemate and lists no moves", "[cli][fen]") {
    auto r = run_al0("fen " + shell_quote(STALEMATE));
    CHECK(r.status == 0);
    CHECK(contains(r.out, "Black is stalemated"));
    CHECK(contains(r.out, "Legal moves (0):"));
}

TEST_CASE("al0 fen says checkmate and check", "[cli][fen]") {
    CHECK(contains(run_al0("fen 'R3k3/8/4K3/8/8/8/8/8 b - - 0 1'").out, "Black is checkmated"));
    CHECK(contains(run_al0("fen '7k/8/6K1/8/8/8/8/7R b - - 0 1'").out, "Black to move, in check"));
}

TEST_CASE("al0 fen draws the board, the FEN, the state and the moves in SAN", "[cli][fen]") {
    auto unicode = run_al0("fen " + shell_quote(START));
    CHECK(unicode.status == 0);
    CHECK(unicode.out == read_golden("fen_start.txt"));
    auto ascii = run_al0("fen " + shell_quote(START) + " --ascii");
    CHECK(ascii.status == 0);
    CHECK(ascii.out == read_golden("fen_start_ascii.txt"));
}

TEST_CASE("Every refused FEN exits 2 with one al0: error: line naming its reason", "[cli][fen]") {
    auto [fen, reason] = GENERATE(table<std::string, std::string>({
        {"8/8/8", "FEN board has 3 ranks, expected 8"},
        {"8/8/8/4k3/8/8/8/R3KK2 w - - 0 1", "two white kings"},
        {"8/8/8/4k3/8/8/8/R7 w - - 0 1", "no white king"},
        {"8/8/8/3Kk3/8/8/8/R7 w - - 0 1", "the kings are adjacent"},
        {"8/8/8/4k3/8/8/PP6/RR2K3 w - - 0 1",
         "not a supported endgame: 6 pieces, at most 5 (the kings included)"},
        {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "castling rights 'Q' are not supported (use '-')"},
        {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on a8 (pawns never stand on rank 1 or 8)"},
        {"4k3/8/8/8/8/8/8/4K2p b - - 0 1", "a pawn on h1 (pawns never stand on rank 1 or 8)"},
        {"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
         "en passant square 'e3' is not explained by a black pawn's double step"},
        {"R3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black king in check with White to move"},
        {"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "white king in check with Black to move"},
    }));
    for (const char* command : {"fen ", "perft "}) {
        auto r = run_al0(command + shell_quote(fen) + (command[0] == 'p' ? " 1" : ""));
        CAPTURE(command, fen, r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err == "al0: error: bad FEN: " + reason + "\n");
    }
}

TEST_CASE("An unknown subcommand or none at all exits 2", "[cli]") {
    for (const char* args : {"frobnicate", "", "-v"}) {
        auto r = run_al0(args);
        CAPTURE(args, r.err);
        CHECK(r.status == 2);
        CHECK(r.err.rfind("al0: error: ", 0) == 0);
        CHECK(count_lines(r.err) == 1);
    }
}

TEST_CASE("Logging flags are accepted and a bad log level is bad input", "[cli]") {
    CHECK(run_al0("-v --log-level debug fen " + shell_quote(START)).status == 0);
    CHECK(run_al0("-vv fen " + shell_quote(START)).status == 0);
    auto bad = run_al0("--log-level loud fen " + shell_quote(START));
    CHECK(bad.status == 2);
    CHECK(bad.err.rfind("al0: error: ", 0) == 0);
}

TEST_CASE("al0 fen and perft take any endgame of up to five pieces", "[cli][fen][perft]") {
    const std::string promotion = shell_quote("3r4/4P3/8/8/8/8/k6K/8 w - - 0 1");
    auto perft = run_al0("perft " + promotion + " 3");
    CHECK(perft.status == 0);
    CHECK(perft.last_line() == "Nodes searched: 2167");
    auto fen = run_al0("fen " + promotion + " --ascii");
    CHECK(fen.status == 0);
    CHECK(contains(fen.out, " e8=Q "));
    CHECK(contains(fen.out, " exd8=N "));
}

TEST_CASE("al0 bench prints the general library's and the prelude's time per tree, of fresh "
          "trees and of trees repeated from one root, against the native KRK path's, timed in "
          "the same run",
          "[cli]") {
    auto r = run_al0("bench --quick --repetitions 1 krk_endgame krk_prelude");
    CHECK(r.status == 0);
    const auto first = r.out.find("against the native KRK path (");
    REQUIRE(first != std::string::npos);
    CHECK(r.out.find("against the native KRK path (", first + 1) != std::string::npos);
    CHECK(contains(r.out, "): fresh "));
    CHECK(contains(r.out, "x per tree, repeated "));
    CHECK(contains(r.out, "x per tree\n"));
}

} // namespace test_cli_basic
