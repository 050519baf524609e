// Verification of KQK tables over every won White-to-move position, through the endgame domain
// as `al0 play` runs them: a small sound table of the tests' own, and planted weaknesses (a
// table that can stalemate, one that can lose the queen) reported with the right verdict and a
// line that ends in it.

#include "advice/chess_library.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/endgame/think.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/endgame_tables.hpp"
#include "engine/verify/endgame_verifier.hpp"
#include "program_fixture.hpp"
#include "tablebase_fixture.hpp"

#include <fstream>
#include <sstream>

using namespace al0;
using verify::Verdict;

namespace {

verify::TableSet kqk_set(const std::string& name) {
    std::ifstream in(std::string(AL0_SOURCE_DIR) + "/tests/data/verify/" + name + ".al0");
    std::ostringstream text;
    text << in.rdbuf();
    return {{verify::set_table(
        {name, *endgame::roles_of("KQK"), compile_table(text.str(), advice::chess::vocabulary)})}};
}

// Counts the won KQK positions with White to move independently of the verifier's index: every
// placement on the chess core's board that it calls legal, by the tablebase.
int won_kqk_positions() {
    int won = 0;
    for (int k = 0; k < 64; ++k)
        for (int q = 0; q < 64; ++q)
            for (int b = 0; b < 64; ++b) {
                const Position p = Position::make(
                    {{W_KING, Square(k)}, {W_QUEEN, Square(q)}, {B_KING, Square(b)}}, WHITE);
                if (k == q || q == b || k == b || !p.validate().empty()) continue;
                won += tablebase::is_win(shared_registry().value(tablebase::board_of(p)));
            }
    return won;
}

// Plays a line on the board: every move legal, and the end as the verdict says.
void check_line_ends_as_said(const verify::DefendingLine& line) {
    INFO(line.start.fen() << "  " << verify::line_text(line));
    REQUIRE(!line.moves.empty());
    CHECK(line.advice.size() == (line.moves.size() + 1) / 2);
    Position p = line.start;
    for (Move m : line.moves) {
        REQUIRE(generate_legal(p).contains(m));
        p.do_move(m);
    }
    if (line.verdict == Verdict::stalemate) CHECK(p.is_stalemate());
    if (line.verdict == Verdict::won) CHECK(p.is_checkmate());
    if (line.verdict == Verdict::win_lost) {
        CHECK(line.moves.size() % 2 == 1); // it ends with White's move
        CHECK_FALSE(tablebase::is_loss(shared_registry().value(tablebase::board_of(p))));
    }
}

} // namespace

TEST_CASE("a small KQK table is verified over every won position: mates, and the cycles its "
          "box allows, each replayed",
          "[verify][kqk][.slow][slow]") {
    const verify::TableSet set = kqk_set("kqk_small");
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == won_kqk_positions());
    CHECK(s.counts[std::size_t(Verdict::won)] + s.counts[std::size_t(Verdict::cycle)] ==
          s.positions);
    CHECK(s.optimal_worst == 10); // the longest KQK mate
    CHECK(s.worst >= s.optimal_worst);
    CHECK(s.excess_mean >= 0);
    CHECK(s.histogram.size() == std::size_t(s.worst) + 1);
    const Position worst = v.worst_position();
    CHECK(v.worst(worst) == s.worst);
    const verify::DefendingLine longest = v.line(worst);
    CHECK(int(longest.moves.size() + 1) / 2 == s.worst);
    check_line_ends_as_said(longest);
    for (const Position& p : v.examples(Verdict::cycle, 3)) {
        const verify::DefendingLine line = v.line(p);
        check_line_ends_as_said(line);
        REQUIRE(line.repeats_from >= 0);
        Position a = line.start, b = line.start;
        for (std::size_t i = 0; i < line.moves.size(); ++i) {
            if (int(i) < line.repeats_from) a.do_move(line.moves[i]);
            b.do_move(line.moves[i]);
        }
        CHECK(a.key() == b.key()); // the line comes back to where it repeats from
    }
    std::uint64_t trees = 0;
    for (const verify::AdviceUse& a : s.advice_use) trees += a.trees;
    CHECK(trees == s.states);
}

TEST_CASE("a KQK table that can stalemate is reported as stalemate, with the stalemating line",
          "[verify][kqk][.slow][slow]") {
    const verify::TableSet set = kqk_set("kqk_stalemate");
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    REQUIRE(v.summary().counts[std::size_t(Verdict::stalemate)] > 0);
    for (const Position& p : v.examples(Verdict::stalemate, 3)) {
        const verify::DefendingLine line = v.line(p);
        CHECK(line.verdict == Verdict::stalemate);
        check_line_ends_as_said(line);
    }
}

TEST_CASE("a KQK table that can lose its queen is reported as win lost, the line ending at the "
          "move that loses it",
          "[verify][kqk][.slow][slow]") {
    const verify::TableSet set = kqk_set("kqk_queen_lost");
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    REQUIRE(v.summary().counts[std::size_t(Verdict::win_lost)] > 0);
    for (const Position& p : v.examples(Verdict::win_lost, 3)) {
        const verify::DefendingLine line = v.line(p);
        CHECK(line.verdict == Verdict::win_lost);
        check_line_ends_as_said(line);
    }
}
