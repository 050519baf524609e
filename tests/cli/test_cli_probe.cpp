// al0 probe and al0 tablebase, run as a person would: output, JSON lines and exit statuses.

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace test_cli_probe {

using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

const std::string MATE_IN_1 = "4k3/8/4K3/8/8/8/8/R7 w - - 0 1";
const std::string CHECKMATE = "k7/2K5/8/8/8/8/8/R7 b - - 0 1";
const std::string STALEMATE = "k1K5/7R/8/8/8/8/8/8 b - - 0 1";

std::vector<nlohmann::json> json_lines(const std::string& out) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

} // namespace

TEST_CASE("probe --json prints one object per FEN with outcome, mate_in and best", "[cli][probe]") {
    const auto r = run_al0("probe --no-cache --json " + shell_quote(MATE_IN_1) + " " +
                           shell_quote(CHECKMATE) + " " + shell_quote(STALEMATE));
    REQUIRE(r.status == 0);
    const auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0]["fen"] == MATE_IN_1);
    CHECK(lines[0]["outcome"] == "win");
    CHECK(lines[0]["mate_in"] == 1);
    CHECK(lines[0]["best"] == nlohmann::json::array({"a1a8"}));
    CHECK(lines[1]["outcome"] == "loss");
    CHECK(lines[1]["mate_in"] == 0);
    CHECK(lines[1]["best"].empty());
    CHECK(lines[2]["outcome"] == "draw");
    CHECK(lines[2]["mate_in"].is_null());
}

TEST_CASE("probe reports an illegal FEN with its reason and exits 2", "[cli][probe]") {
    const auto r =
        run_al0("probe --no-cache --json " + shell_quote("8/8/8/8/8/8/8/KKk5 w - - 0 1") + " " +
                shell_quote(MATE_IN_1));
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: 1 of 2 positions are illegal\n");
    const auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0]["outcome"] == "illegal");
    CHECK(lines[0]["reason"] == "two white kings");
    CHECK(lines[0]["mate_in"].is_null());
    CHECK(lines[1]["outcome"] == "win");
}

TEST_CASE("probe --stdin reads one FEN per line and prints text results", "[cli][probe]") {
    const auto r = run_al0("probe --no-cache --stdin",
                           MATE_IN_1 + "\n\n" + CHECKMATE + "\n" + STALEMATE + "\n");
    REQUIRE(r.status == 0);
    CHECK(r.out == MATE_IN_1 + ": mate in 1; best: Ra8#\n" + CHECKMATE + ": mated in 0\n" +
                       STALEMATE + ": draw\n");
}

TEST_CASE("probe without FENs or --stdin is bad input", "[cli][probe]") {
    const auto r = run_al0("probe");
    CHECK(r.status == 2);
    CHECK(r.err.rfind("al0: error: ", 0) == 0);
}

TEST_CASE("probe answers a KPK and a KBNK position", "[cli][probe]") {
    const auto r = run_al0("probe --no-cache " + shell_quote("8/8/8/8/8/8/1PK5/k7 w - - 0 1") +
                           " " + shell_quote("8/8/8/8/5k2/8/8/KBN5 w - - 0 1"));
    REQUIRE(r.status == 0);
    CHECK(r.out == "8/8/8/8/8/8/1PK5/k7 w - - 0 1: mate in 12; best: b4\n"
                   "8/8/8/8/5k2/8/8/KBN5 w - - 0 1: mate in 30; best: Kb2 Nd3+\n");
}

TEST_CASE("probe --json says why a draw is a draw", "[cli][probe]") {
    const auto r = run_al0("probe --no-cache --json " + shell_quote(STALEMATE) + " " +
                           shell_quote("8/8/8/8/8/8/1k6/R5K1 b - - 0 1") + " " +
                           shell_quote("8/8/8/3k4/8/8/8/KB6 w - - 0 1") + " " +
                           shell_quote("8/8/8/8/8/2k5/8/K1N1N3 w - - 0 1"));
    REQUIRE(r.status == 0);
    const auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 4);
    CHECK(lines[0]["reason"] == "stalemate");
    CHECK(lines[1]["reason"] == "piece capturable");
    CHECK(lines[1]["best"] == nlohmann::json::array({"b2a1"}));
    CHECK(lines[2]["reason"] == "insufficient material");
    CHECK(lines[3]["reason"] == "no forced mate");
}

// Slow: KPKP needs most four-man tables (its promotions convert into KQKP, KRKP, ...).
TEST_CASE("probe answers an en-passant capture one ply ahead", "[cli][probe][.][slow]") {
    // Black's d-pawn has just moved two; exd6 makes a queen first.
    const auto r =
        run_al0("probe --no-cache --json " + shell_quote("8/8/8/3pP3/8/8/k7/7K w - d6 0 1") + " " +
                shell_quote("8/8/8/3pP3/8/8/k7/7K w - - 0 1"));
    REQUIRE(r.status == 0);
    const auto lines = json_lines(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0]["outcome"] == "win");
    CHECK(std::find(lines[0]["best"].begin(), lines[0]["best"].end(), "e5d6") !=
          lines[0]["best"].end());
    CHECK(lines[1]["outcome"] == "win");
    CHECK(lines[0]["mate_in"] <= lines[1]["mate_in"]);
}

TEST_CASE("probe refuses a position of five men", "[cli][probe]") {
    const auto r = run_al0("probe --no-cache " + shell_quote("8/8/k7/8/8/8/8/KQRB4 w - - 0 1"));
    CHECK(r.status == 2);
    CHECK(r.out.find("illegal: more than four men (the tables hold up to four)") !=
          std::string::npos);
}

TEST_CASE("tablebase prints the totals and --out writes the documented file", "[cli][tablebase]") {
    const std::string file = al0::test::temp_path("al0_test_krk.al0tb").string();
    const auto r = run_al0("tablebase KRK --no-cache --stats --out " + shell_quote(file));
    REQUIRE(r.status == 0);
    CHECK(r.out.find("White to move: 21959 legal positions, 21959 won, 0 drawn, 0 lost, longest "
                     "mate 16\n") != std::string::npos);
    CHECK(r.out.find("  mate in        16            121              0\n") != std::string::npos);
    CHECK(r.out.find("     draw                        0           2796\n") != std::string::npos);

    const std::string dump = al0::test::read_file(file);
    std::filesystem::remove(file);
    const std::string header = "al0 tablebase v2 KRK 59136 ";
    REQUIRE(dump.size() == header.size() + 17 + 59136);
    CHECK(dump.substr(0, header.size()) == header);
    CHECK(dump[header.size() + 16] == '\n');
}

TEST_CASE("tablebase --threads solves a table to the same file on one thread and on two",
          "[cli][tablebase]") {
    const auto dir = std::filesystem::temp_directory_path();
    std::string dumps[2];
    for (int threads : {1, 2}) {
        const std::string file = (dir / ("al0_test_kpk_" + std::to_string(threads))).string();
        const auto r = run_al0("tablebase KPK --no-cache --threads " + std::to_string(threads) +
                               " --out " + shell_quote(file));
        REQUIRE(r.status == 0);
        std::ifstream in(file, std::ios::binary);
        dumps[threads - 1] = std::string{std::istreambuf_iterator<char>(in), {}};
        std::filesystem::remove(file);
    }
    CHECK(dumps[0].size() > 196608);
    CHECK(dumps[0] == dumps[1]);
    CHECK(run_al0("tablebase KPK --no-cache --threads -1").status == 2);
}

TEST_CASE("tablebase names a colour-swapped material by its table", "[cli][tablebase]") {
    const auto r = run_al0("tablebase KKQ --no-cache");
    REQUIRE(r.status == 0);
    CHECK(r.out.rfind("KKQ is KQK with the colours swapped\nKQK tablebase built in ", 0) == 0);
}

TEST_CASE("tablebase refuses no material, a bad one, five men and bare kings", "[cli][tablebase]") {
    for (const char* args : {"", "KXK", "KQRBK", "KK", "KQK --all"}) {
        INFO(args);
        const auto r = run_al0(std::string("tablebase --no-cache ") + args);
        CHECK(r.status == 2);
        CHECK(r.err.rfind("al0: error: ", 0) == 0);
    }
}

} // namespace test_cli_probe
