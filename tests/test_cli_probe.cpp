// al0 probe and al0 tablebase, run as a person would: output, JSON lines and exit statuses.

#include "tests/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

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
    const auto r = run_al0("probe --json " + shell_quote(MATE_IN_1) + " " + shell_quote(CHECKMATE) +
                           " " + shell_quote(STALEMATE));
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
    const auto r = run_al0("probe --json " + shell_quote("8/8/8/8/8/8/8/KKk5 w - - 0 1") + " " +
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
    const auto r =
        run_al0("probe --stdin", MATE_IN_1 + "\n\n" + CHECKMATE + "\n" + STALEMATE + "\n");
    REQUIRE(r.status == 0);
    CHECK(r.out == MATE_IN_1 + ": mate in 1; best: Ra8#\n" + CHECKMATE + ": mated in 0\n" +
                       STALEMATE + ": draw\n");
}

TEST_CASE("probe without FENs or --stdin is bad input", "[cli][probe]") {
    const auto r = run_al0("probe");
    CHECK(r.status == 2);
    CHECK(r.err.rfind("al0: error: ", 0) == 0);
}

TEST_CASE("tablebase prints the totals and --out writes the documented dump", "[cli][tablebase]") {
    const std::string file = (std::filesystem::temp_directory_path() / "al0_test_krk.dtm").string();
    const auto r = run_al0("tablebase --stats --out " + shell_quote(file));
    REQUIRE(r.status == 0);
    CHECK(r.out.find("White to move: 175168 legal positions, 175168 won, 0 drawn, longest mate "
                     "16\n") != std::string::npos);
    CHECK(r.out.find("   draw              0          22244\n") != std::string::npos);

    std::ifstream in(file, std::ios::binary);
    const std::string dump{std::istreambuf_iterator<char>(in), {}};
    std::filesystem::remove(file);
    const std::string header = "al0 krk dtm v1\n";
    REQUIRE(dump.size() == header.size() + 2 * 64 * 64 * 64);
    CHECK(dump.substr(0, header.size()) == header);
    // Black to move, WK c7 (50), BK a8 (56), rook a1 (0): checkmate; White to move: illegal.
    CHECK(int(dump[header.size() + (1 << 18) + (50 << 12) + (56 << 6) + 0]) == 0);
    CHECK(int(dump[header.size() + (50 << 12) + (56 << 6) + 0]) == -2);
    // White to move, WK e6 (44), BK e8 (60), rook a1 (0): mate in 1.
    CHECK(int(dump[header.size() + (44 << 12) + (60 << 6) + 0]) == 1);
}
