// `al0 play --practice`: the person plays the strong side, al0 defends by the tablebase; every
// move of the person graded, hint and why, the summary, exercise sets, and the refusals.

#include "tests/support/cli_runner.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/tablebase/probe.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>

namespace test_cli_practice {

using al0::Move;
using al0::Position;
using al0::test::contains;
using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

Position fen(const std::string& text) { return *Position::from_fen(text); }

// Returns the person's moves (UCI, one a line) of the game from START in which both sides play
// the tablebase's first best move, which is what al0's defence plays.
std::string best_line(const Position& start) {
    Position pos = start;
    std::string input;
    while (pos.has_legal_move()) {
        const Move m = al0::tablebase::best_move(shared_registry(), pos);
        if (pos.side_to_move() == start.side_to_move()) input += al0::to_uci(m) + "\n";
        pos = pos.after(m);
    }
    return input;
}

// The moves of the PGN at the end of OUT, each with the comment after it ("" when none).
std::vector<std::pair<std::string, std::string>> pgn_moves(const std::string& out) {
    const std::string text = out.substr(out.rfind("]\n\n") + 3);
    std::vector<std::pair<std::string, std::string>> moves;
    const std::regex token(R"(\{[^}]*\}|\S+)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), token);
         it != std::sregex_iterator(); ++it) {
        const std::string t = it->str();
        if (t.front() == '{')
            moves.back().second = t;
        else if (!std::regex_match(t, std::regex(R"(\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*)")))
            moves.emplace_back(t, "");
    }
    return moves;
}

} // namespace

TEST_CASE("a scripted practice game ends in mate, every move graded, every reply a longest "
          "resistance",
          "[cli][practice]") {
    const std::string start = GENERATE(std::string("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1"),  // KRK
                                       std::string("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1"),   // KQK
                                       std::string("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1"),  // KPK
                                       std::string("8/2K5/8/3k4/8/4r3/8/8 b - - 0 1")); // Black
    CAPTURE(start);
    const Position first = fen(start);
    const auto r = run_al0("play --practice --ascii " + shell_quote(start), best_line(first));
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "Game over: mate"));
    const int optimal = al0::tablebase::probe(shared_registry(), first).mate_in;
    CHECK(contains(r.out, "You mated in " + std::to_string(optimal) +
                              " moves; best play mates in " + std::to_string(optimal)));
    // The PGN replayed: the person's moves all graded best, al0's among the longest defences.
    Position pos = first;
    int graded = 0;
    for (const auto& [san, comment] : pgn_moves(r.out)) {
        CAPTURE(pos.fen(), san, comment);
        const auto move = al0::parse_san(pos, san);
        REQUIRE(move);
        if (pos.side_to_move() == first.side_to_move()) {
            CHECK(std::regex_match(comment, std::regex(R"(\{best; (mate in \d+|checkmate)\})")));
            ++graded;
        } else {
            const auto best = al0::tablebase::probe(shared_registry(), pos).best;
            CHECK(comment.empty());
            CHECK(std::find(best.begin(), best.end(), *move) != best.end());
        }
        pos = pos.after(*move);
    }
    CHECK(graded == optimal);
    CHECK(pos.in_check());
    CHECK_FALSE(pos.has_legal_move());
}

TEST_CASE("a bad move is graded by the tablebase: slower, drawn and how, or lost",
          "[cli][practice]") {
    struct Row {
        const char* fen;
        const char* move;
        const char* grade;
    };
    const Row row =
        GENERATE(Row{"k7/8/1K6/8/8/8/2R5/8 w - - 0 1", "Rc8", "best; checkmate"},
                 Row{"k7/8/1K6/8/8/8/2R5/8 w - - 0 1", "Rd2", "+1; mate in 1"},
                 Row{"7k/5K2/8/8/8/8/8/6R1 w - - 0 1", "Rg7", "draw; stalemate"},
                 Row{"8/8/8/8/8/2k5/8/K2R4 w - - 0 1", "Rd3", "draw; the rook is lost"},
                 Row{"8/4P3/8/8/8/8/8/K6k w - - 0 1", "e8=N", "draw; insufficient material"},
                 Row{"3k4/8/3K4/3P4/8/8/8/8 w - - 0 1", "Kc5", "draw; a drawn position"},
                 Row{"1r6/7k/8/8/4K3/8/8/Q7 w - - 0 1", "Qe1", "loses; mated in 16"});
    CAPTURE(row.fen, row.move);
    const auto r = run_al0("play --practice --ascii " + shell_quote(row.fen),
                           std::string(row.move) + "\nquit\n");
    REQUIRE(r.status == 0);
    const Position pos = fen(row.fen);
    const std::string san = al0::to_san(pos, *al0::parse_move_input(pos, row.move));
    CHECK(contains(r.out, "White plays " + san + "  {" + row.grade + "}"));
    const auto moves = pgn_moves(r.out);
    REQUIRE_FALSE(moves.empty());
    CHECK(moves.front() ==
          std::pair<std::string, std::string>(san, "{" + std::string(row.grade) + "}"));
}

TEST_CASE("hint and why work for every material with a shipped table", "[cli][practice]") {
    const auto [start, table] =
        GENERATE(std::pair<std::string, std::string>("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", "krk"),
                 std::pair<std::string, std::string>("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1", "kqk"),
                 std::pair<std::string, std::string>("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1", "kpk"),
                 std::pair<std::string, std::string>("8/2K5/8/3k4/8/4r3/8/8 b - - 0 1", "krk"));
    CAPTURE(start);
    const Position pos = fen(start);
    const auto probed = al0::tablebase::probe(shared_registry(), pos);
    const std::string best = al0::to_san(pos, probed.best.front());
    const auto r = run_al0("play --practice --ascii " + shell_quote(start),
                           "why\nhint\n" + al0::to_uci(probed.best.front()) + "\nwhy\nquit\n");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "You have not moved yet."));
    CHECK(std::regex_search(
        r.out, std::regex("The table " + table + R"( plays \S+ \(rule \w+, advice \w+\)\n)")));
    CHECK(contains(r.out, "  better goal:  "));
    CHECK(contains(r.out, "  holding goal: "));
    CHECK(contains(r.out, "  its forcing tree begins:\n    1"));
    CHECK(contains(r.out, "Best here: "));
    CHECK(contains(r.out, "(mate in " + std::to_string(probed.mate_in) + ").\nYours, " + best +
                              ", is one of them: mate in " + std::to_string(probed.mate_in - 1)));
}

TEST_CASE("why names what a drawing move allowed", "[cli][practice]") {
    const auto r =
        run_al0("play --practice --ascii \"8/8/8/8/8/2k5/8/K2R4 w - - 0 1\"", "Rd3\nwhy\n");
    REQUIRE(r.status == 0);
    // The game is over after Kxd3; why still explains the last move.
    CHECK(contains(r.out, "Game over: insufficient material (1/2-1/2)"));
    CHECK(contains(r.out, "The moves that cost the most:\n  1. Rd3+  {draw; the rook is lost}"));
}

TEST_CASE("a position that is not won for the side to move is refused, saying what it is",
          "[cli][practice]") {
    const auto [start, what] = GENERATE(
        std::pair<std::string, std::string>("3k4/8/8/2KP4/8/8/8/8 b - - 0 1",
                                            "the position is drawn (no forced mate)"),
        std::pair<std::string, std::string>("1kr5/8/1K6/8/8/8/8/8 w - - 0 1",
                                            "the position is lost for White, to move: White is "
                                            "mated in 11"),
        std::pair<std::string, std::string>("8/8/8/8/8/2k5/8/K3RRR1 w - - 0 1",
                                            "the position is not an endgame al0 knows: more than "
                                            "four men"),
        std::pair<std::string, std::string>("8/8/8/8/8/2k5/3R4/K7 b - - 0 1",
                                            "the position is drawn (piece capturable)"));
    CAPTURE(start);
    const auto r = run_al0("play --practice " + shell_quote(start));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "al0: error: " + what));
}

TEST_CASE("an illegal move is refused with the reason and changes nothing", "[cli][practice]") {
    const auto r = run_al0("play --practice --ascii \"k7/8/1K6/8/8/8/2R5/8 w - - 0 1\"",
                           "Rb8\nKa7\ne4\nfen\nquit\n");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "White> Rb8\nRefused: "));
    CHECK(contains(r.out, "White> Ka7\nRefused: "));
    CHECK(contains(r.out, "White> e4\nRefused: "));
    CHECK(contains(r.out, "White> fen\nk7/8/1K6/8/8/8/2R5/8 w - - 0 1\n"));
    CHECK(contains(r.out, "[Result \"*\"]"));
}

TEST_CASE("a random practice start is won, of the material asked, the same for the same seed",
          "[cli][practice]") {
    auto start_of = [](const std::string& args) {
        const auto r = run_al0("play --practice --ascii " + args, "quit\n");
        REQUIRE(r.status == 0);
        const auto at = r.out.find("[FEN \"") + 6;
        return fen(r.out.substr(at, r.out.find('"', at) - at));
    };
    const Position a = start_of("--seed 5"), b = start_of("--seed 5"),
                   q = start_of("--seed 5 --material KQK");
    CHECK(a.fen() == b.fen());
    CHECK(al0::tablebase::probe(shared_registry(), a).outcome == al0::tablebase::Outcome::win);
    CHECK(al0::tablebase::probe(shared_registry(), q).outcome == al0::tablebase::Outcome::win);
    CHECK(q.pieces(al0::QUEEN) != 0);
}

TEST_CASE("an exercise set is played in order with its progress shown", "[cli][practice]") {
    const std::string set = al0::test::temp_table(
        "practice_set.txt", "# two mates in one\nk7/8/1K6/8/8/8/2R5/8 w - - 0 1\n\n"
                            "8/8/8/8/8/6K1/5R2/7k w - - 0 1\n");
    const auto r = run_al0("play --practice --ascii --set " + shell_quote(set), "Rc8\nRf1\n");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "Exercise 1 of 2\n"));
    CHECK(contains(r.out, "Exercise 2 of 2\n"));
    CHECK(contains(r.out, "1. Rc8# {best; checkmate} 1-0"));
    CHECK(contains(r.out, "1. Rf1# {best; checkmate} 1-0"));

    const auto bad = run_al0("play --practice --set " +
                             shell_quote(al0::test::temp_table("practice_bad.txt", "8/8 w\n")));
    CHECK(bad.status == 2);
    CHECK(contains(bad.err, "practice_bad.txt:1: bad FEN"));
}

TEST_CASE("the worst exercise set starts where verify's worst lines start", "[cli][practice]") {
    const auto v = run_al0("verify --table krk --worst-lines 2");
    REQUIRE(v.status == 0);
    const auto at = v.out.find("Worst case, 2 of the ");
    REQUIRE(at != std::string::npos);
    std::smatch first;
    const std::string rest = v.out.substr(at);
    REQUIRE(std::regex_search(rest, first, std::regex(R"(\n  (\S+ \S+ - - 0 1)\n)")));
    const auto r = run_al0("play --practice --ascii --set worst --count 2", "quit\n");
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "Exercise 1 of 2\n"));
    CHECK_FALSE(contains(r.out, "Exercise 2 of 2\n")); // quit ends the set
    CHECK(contains(r.out, "[FEN \"" + first[1].str() + "\"]"));
}

} // namespace test_cli_practice
