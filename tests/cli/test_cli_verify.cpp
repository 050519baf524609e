// al0 verify, run as a person would: the summary, JSON figures, examples with lines, exit statuses.

#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>

namespace test_cli_verify {

using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

std::string data_table(const std::string& name) {
    return shell_quote(std::string(AL0_SOURCE_DIR) + "/tests/data/verify/" + name + ".al0");
}

} // namespace

TEST_CASE("verify --json still shows its progress bar on a terminal, on stderr, and keeps stdout "
          "pure JSON",
          "[cli][verify]") {
    const auto r = al0::test::run_al0_on_terminal("verify --table kqk --json");
    REQUIRE(r.status == 0);
    CHECK(nlohmann::json::parse(r.out)["won"] == 144508);
    CHECK(al0::test::contains(r.err, "verify ["));
    CHECK(al0::test::contains(r.err, "144508/144508"));
}

TEST_CASE("verify --json reports the book table's figures and its stalemates, and exits 1",
          "[cli][verify]") {
    const auto r = run_al0("verify --table krk_bratko --json --examples 2");
    CHECK(r.status == 1);
    CHECK(r.err.empty()); // no progress bar when stderr is not a terminal
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["positions"] == 175168);
    CHECK(j["won"] == 175120);
    CHECK(j["failures"]["stalemate"] == 48);
    CHECK(j["failures"]["win_lost"] == 0);
    CHECK(j["failures"]["cycle"] == 0);
    CHECK(j["worst"] == 34);
    CHECK(j["optimal_worst"] == 16);
    CHECK(j["mean"].get<double>() > j["optimal_mean"].get<double>());
    REQUIRE(j["examples"]["stalemate"].size() == 2);
    const auto& example = j["examples"]["stalemate"][0];
    CHECK(example["fen"] == "8/8/8/8/8/8/1R6/k1K5 w - - 0 1");
    CHECK(example["line"] == nlohmann::json::array({"Kc2"}));
    CHECK(example["text"] == "1. Kc2 stalemate");
    CHECK(example["end_fen"] == "8/8/8/8/8/8/1RK5/k7 b - - 1 1");
    // Where the search time went: the nodes of every attempt, by advice, add up to the whole.
    std::uint64_t nodes = 0;
    for (const auto& a : j["advice_use"]) nodes += a["nodes"].get<std::uint64_t>();
    CHECK(nodes == j["search_nodes"].get<std::uint64_t>());
    const auto& mate_in_2 = j["advice_use"][0];
    REQUIRE(mate_in_2["advice"] == "mate_in_2");
    // Tried first at every state, it fails at most of them: far more nodes than its trees.
    CHECK(mate_in_2["nodes"].get<std::uint64_t>() > 100 * mate_in_2["trees"].get<std::uint64_t>());
}

TEST_CASE("verify prints the summary, the histogram and example lines in text", "[cli][verify]") {
    const auto r =
        run_al0("verify --table " + data_table("rook_lost") + " --examples 1 --threads 2");
    CHECK(r.status == 1);
    CHECK(r.out.find("win lost") != std::string::npos);
    CHECK(r.out.find("No position is won.") != std::string::npos);
    CHECK(r.out.find("win lost: ") != std::string::npos);
    CHECK(r.out.find("Kxb1 win lost\n") != std::string::npos);
    CHECK(r.out.find("\n    ends at: ") != std::string::npos);
    CHECK(r.out.find("FAILED: 175168 positions are not won\n") != std::string::npos);
}

TEST_CASE("a failing line of verify ends at a FEN that advise --explain explains",
          "[cli][verify][advise]") {
    const std::string table = data_table("no_advice");
    const auto r = run_al0("verify --json --examples 1 --table " + table);
    CHECK(r.status == 1);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["examples"]["no_advice"].size() == 1);
    const std::string end = j["examples"]["no_advice"][0]["end_fen"];
    const auto text = run_al0("verify --examples 1 --table " + table);
    CHECK(text.out.find("    ends at: " + end + "\n") != std::string::npos);
    const auto advised =
        run_al0("advise " + al0::test::shell_quote(end) + " --explain --json --table " + table);
    CHECK(advised.status == 1);
    const auto a = nlohmann::json::parse(advised.out);
    REQUIRE(a["attempts"].size() == 1);
    const auto& e = a["attempts"][0]["explanation"];
    CHECK((!e["summary"].is_null() || !e["lines"].empty()));
}

TEST_CASE("verify --advice mate_in_2 reports soundness and completeness and exits 0",
          "[cli][verify]") {
    const auto text = run_al0("verify --advice mate_in_2");
    CHECK(text.status == 0);
    CHECK(text.out.find("(100.00%)") != std::string::npos);
    CHECK(text.out.find("PASSED") != std::string::npos);
    const auto r = run_al0("verify --advice mate_in_2 --json");
    CHECK(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["advice"] == "mate_in_2");
    CHECK(j["sound_percent"] == 100.0);
    CHECK(j["mate_depth"] == 2);
    CHECK(j["found"].get<int>() + j["missed"].get<int>() == j["mate_within_depth"].get<int>());
}

TEST_CASE("verify --advice reports the soundness and completeness of a mate in a KRK table over "
          "the chess library as over the native library",
          "[cli][verify]") {
    const auto r = run_al0("verify --advice mate_in_2 --json --table krk_own_words");
    CHECK(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["sound_percent"] == 100.0);
    CHECK(j["mate_depth"] == 2);
    CHECK(j["found"].get<int>() + j["missed"].get<int>() == j["mate_within_depth"].get<int>());
}

TEST_CASE("verify --advice lists the reasons for misses with example lines", "[cli][verify]") {
    const auto r = run_al0("verify --json --examples 1 --advice rook_first --table " +
                           data_table("mate_in_2_weakened"));
    CHECK(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["misses"].size() >= 1);
    CHECK(j["misses"][0]["reason"] == "depth 0: no allowed move mates in time");
    CHECK(j["misses"][0]["examples"].size() == 1);
}

TEST_CASE("verify refuses an unknown advice name and bad options with exit 2", "[cli][verify]") {
    const auto r = run_al0("verify --table krk_bratko --advice mate_in_3");
    CHECK(r.status == 2);
    CHECK(r.err.rfind("al0: error: the table has no advice named 'mate_in_3'", 0) == 0);
    CHECK(run_al0("verify --threads -1").status == 2);
    CHECK(run_al0("verify --table /nonexistent/table.al0").status == 2);
}

TEST_CASE("verify --json on a KQK table carries the worst line, the advice of each move, the "
          "advice counts and both histograms",
          "[cli][verify][.slow][slow]") {
    const auto r =
        run_al0("verify --json --examples 1 --no-cache --table " + data_table("kqk_queen_lost"));
    CHECK(r.status == 1);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["material"] == "KQK");
    CHECK(j["positions"] == 144508);
    CHECK(j["failures"]["win_lost"].get<int>() > 0);
    REQUIRE(j["examples"]["win_lost"].size() == 1);
    const auto& lost = j["examples"]["win_lost"][0];
    CHECK(lost["advice"].size() == (lost["line"].size() + 1) / 2);
    CHECK_THAT(lost["text"].get<std::string>(), Catch::EndsWith("win lost"));
    const auto& worst = j["worst_line"];
    CHECK(worst["line"].size() == 2 * j["worst"].get<std::size_t>() - 1);
    CHECK_THAT(worst["line"].back().get<std::string>(), Catch::EndsWith("#"));
    std::uint64_t trees = 0, nodes = 0;
    for (const auto& a : j["advice_use"]) {
        trees += a["trees"].get<std::uint64_t>();
        nodes += a["nodes"].get<std::uint64_t>();
    }
    CHECK(trees == j["states"].get<std::uint64_t>());
    CHECK(nodes == j["search_nodes"].get<std::uint64_t>()); // every node, found or failed
    CHECK(j["optimal_histogram"]["10"].get<int>() > 0);     // the longest KQK mate is 10
    CHECK(j["histogram"].size() == j["worst"].get<std::size_t>());
}

TEST_CASE("verify --advice on a KQK table reports soundness and completeness against the "
          "tablebase, and re-checks every tree independently",
          "[cli][verify][.slow][slow]") {
    const auto r = run_al0("verify --json --advice mate_in_2 --table " + data_table("kqk_small"));
    CHECK(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["positions"] == 144508); // every legal position (in KQK each one is won)
    CHECK(j["mating"] == true);
    CHECK(j["mate_depth"] == 2);
    CHECK(j["sound"] == j["satisfiable"]);
    CHECK(j["found"] == j["mate_within_depth"]); // it checks every second move: complete
    CHECK(j["defects"].empty());                 // the reference library agrees with every tree
}

TEST_CASE("verify --sample starts from that many won positions, the same ones every run, and "
          "agrees with the whole run",
          "[cli][verify][long]") {
    const std::string table = "--no-cache --table " + data_table("kqk_queen_lost");
    const auto whole = run_al0("verify --json " + table);
    const auto sample = run_al0("verify --json --sample 400 " + table);
    const auto again = run_al0("verify --json --sample 400 " + table);
    REQUIRE(sample.status == 1);
    const auto w = nlohmann::json::parse(whole.out);
    auto s = nlohmann::json::parse(sample.out);
    auto a = nlohmann::json::parse(again.out);
    CHECK(s["positions"] == 400);
    CHECK(s["sampled_from"] == w["positions"]);
    CHECK(w["sampled_from"] == w["positions"]);
    CHECK(s["won"].get<int>() + s["failures"]["win_lost"].get<int>() == 400);
    // The whole run wins 10,707 of 144,508 (7.4%): a fair sample of 400 wins about 30.
    CHECK(s["won"].get<int>() > 10);
    CHECK(s["won"].get<int>() < 55);
    CHECK(s["worst"].get<int>() <= w["worst"].get<int>());
    for (auto* j : {&s, &a}) { // what may differ between runs: how fast, and what was remembered
        j->erase("seconds");
        j->erase("threads");
        j->erase("search_nodes");
        for (auto& use : (*j)["advice_use"])
            use.erase("nodes"); // as search_nodes: what each thread remembered
    }
    CHECK(s == a);
    const auto text = run_al0("verify --sample 400 " + table);
    CHECK(text.out.find("400 won positions with White to move (a random sample of the 144508") !=
          std::string::npos);
}

TEST_CASE("verify says at how many of the positions walked no advice applies: those that built "
          "no tree",
          "[cli][verify]") {
    // Mate in one is all this table knows: every other position walked is a hole.
    const std::string table = al0::test::temp_table("al0_mate_in_1_only.al0",
                                                    "material KQK.\n"
                                                    "r :: if true then [mate_in_1].\n"
                                                    "advice(mate_in_1, mate : true : (depth = 0) "
                                                    "and checks : nomove).\n");
    const auto r = run_al0("verify --json --no-cache --sample 40 --table " + shell_quote(table));
    REQUIRE(r.status == 1);
    const auto j = nlohmann::json::parse(r.out);
    const auto holes = j["failing_states"]["no_advice"].get<std::uint64_t>();
    const auto trees = j["advice_use"][0]["trees"].get<std::uint64_t>();
    CHECK(holes > 0);
    CHECK(holes + trees == j["states"].get<std::uint64_t>());
    CHECK(j["failing_states"]["win_lost"] == 0);
    const auto text = run_al0("verify --no-cache --sample 40 --table " + shell_quote(table));
    CHECK(text.out.find("Where they happen, of the " + std::to_string(j["states"].get<int>()) +
                        " positions walked: no advice applies at " + std::to_string(holes) +
                        "\n") != std::string::npos);
}

TEST_CASE("verify --worst-lines shows a line for each position that shares the worst case",
          "[cli][verify]") {
    const auto r = run_al0("verify --table krk --worst-lines 10 --json");
    CHECK(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    const int worst = j["worst"].get<int>();
    const int sharing = j["histogram"][std::to_string(worst)].get<int>();
    REQUIRE(sharing > 1); // else the option would show nothing new
    const auto& lines = j["worst_lines"];
    REQUIRE(int(lines.size()) == std::min(sharing, 10));
    CHECK(lines[0] == j["worst_line"]); // the first in index order, as the worst case itself
    std::set<std::string> starts;
    for (const auto& line : lines) {
        starts.insert(line["fen"].get<std::string>());
        CHECK(int(line["line"].size()) == 2 * worst - 1); // White mates on its last move
        CHECK_THAT(line["text"].get<std::string>(),
                   Catch::EndsWith("mate in " + std::to_string(worst)));
    }
    CHECK(starts.size() == lines.size());
    const auto text = run_al0("verify --table krk --worst-lines 2");
    CHECK(text.out.find("Worst case, 2 of the " + std::to_string(sharing) + " positions") !=
          std::string::npos);
    const auto one = run_al0("verify --table krk");
    CHECK(one.out.find("\nWorst case:\n") != std::string::npos); // the default: one line
    CHECK(run_al0("verify --table krk --worst-lines 0").status == 2);
}

TEST_CASE("verify --max-trees stops walking at that many trees and says which starts it left "
          "unexplored",
          "[cli][verify]") {
    const std::string run = "verify --sample 20 --max-trees 25 --table " + data_table("kqk_small");
    const auto j = run_al0(run + " --json");
    REQUIRE(j.status == 1); // not explored is not won
    const auto s = nlohmann::json::parse(j.out);
    CHECK(s["states"] == 25);
    CHECK(s["unwalked"].get<int>() > 0);
    CHECK(s["failures"]["unexplored"].get<int>() > 0);
    const auto text = run_al0(run);
    CHECK(text.out.find("Stopped at --max-trees 25: " + std::to_string(s["unwalked"].get<int>()) +
                        " more positions") != std::string::npos);
    CHECK(text.out.find("not explored") != std::string::npos);
}

TEST_CASE("verify refuses --sample and --max-trees for KRK and with --advice", "[cli][verify]") {
    for (const std::string option : {"--sample", "--max-trees"}) {
        const auto krk = run_al0("verify --table krk " + option + " 10");
        CHECK(krk.status == 2);
        CHECK(krk.err.find(option) != std::string::npos);
        const auto advice = run_al0("verify " + option + " 10 --advice mate_in_2 --table " +
                                    data_table("kqk_small"));
        CHECK(advice.status == 2);
        CHECK(advice.err.find("--advice") != std::string::npos);
    }
}

TEST_CASE("verify says what the first moves of each advice's trees lose against the tablebase: a "
          "king move where the queen mates at once loses one move",
          "[cli][verify]") {
    // The one start 7k/4Q3/6K1/8/8/8/8/8 w: its tree (a king move, then mate) covers every line.
    const std::string here = "file(our_king) =:= 7 and rank(our_king) =:= 6 and "
                             "file(our_queen) =:= 5 and rank(our_queen) =:= 7 and "
                             "file(their_king) =:= 8 and rank(their_king) =:= 8";
    const std::string args = "verify --no-cache --table " + data_table("kqk_king_first") +
                             " --starts-where " + shell_quote(here);
    const auto r = run_al0(args + " --json");
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["states"] == 1);
    CHECK(j["worst"] == 2);
    CHECK(j["optimal_worst"] == 1);
    const auto& loss = j["advice_use"][0]["loss"];
    CHECK(loss["moves"] == 1);
    CHECK(loss["lost"] == 1);
    CHECK(loss["mean"] == 1.0);
    CHECK(loss["losing"] == 1);
    CHECK(loss["worst"] == 1);
    CHECK(j["advice_use"][0]["on_worst_lines"]["states"] == 1.0);
    CHECK(j["advice_use"][0]["on_worst_lines"]["excess"] == 1.0); // all of the excess, 1 move
    const auto& example = loss["worst_example"];
    CHECK(example["fen"] == "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    CHECK(example["move"].get<std::string>().front() == 'K');
    CHECK_THAT(example["best"].get<std::string>(), Catch::StartsWith("Q") && Catch::EndsWith("#"));
    const auto text = run_al0(args);
    CHECK(al0::test::contains(text.out, "king_first                          1        1   1.00"
                                        "  100.00%     1    1.00    1.00\n"));
    CHECK(al0::test::contains(text.out, "king_first loses 1 at 7k/4Q3/6K1/8/8/8/8/8 w - - 0 1: " +
                                            example["move"].get<std::string>() + ", best " +
                                            example["best"].get<std::string>() + "\n"));
}

TEST_CASE("with failures, verify says its moves-to-mate figures leave the failing positions out",
          "[cli][verify]") {
    // A fifty-move rule of 20 moves fails the table's longest lines (its worst case is 26).
    const auto json = run_al0("verify --table krk --move-limit 20 --json");
    CHECK(json.status == 1);
    const auto j = nlohmann::json::parse(json.out);
    const auto won = j["won"].get<long>();
    const auto failed = j["positions"].get<long>() - won;
    REQUIRE(won > 0);
    REQUIRE(failed > 0);
    CHECK(j["worst"].get<int>() <= 20);
    const auto text = run_al0("verify --table krk --move-limit 20");
    CHECK(text.out.find("Won positions (" + std::to_string(won) + " of " +
                        std::to_string(won + failed) + "; the " + std::to_string(failed) +
                        " that fail left out): worst case ") != std::string::npos);
    // Without failures the line is as before.
    const auto passed = run_al0("verify --table krk");
    CHECK(passed.out.find("\nWon positions: worst case 24 moves to mate") != std::string::npos);
}

} // namespace test_cli_verify
