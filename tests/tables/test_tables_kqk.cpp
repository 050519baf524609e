// tables/kqk.al0: the KQK table checks clean, and over every legal White-to-move position (each
// one won) it mates against every defence, within the figures the README gives.

#include "engine/verify/endgame/endgame_verifier.hpp"
#include "tests/support/tables_fixture.hpp"

#include <algorithm>
#include <initializer_list>

namespace test_tables_kqk {

using namespace al0;

TEST_CASE("The KQK table checks without a diagnostic and plays KQK", "[tables][kqk]") {
    const auto table = shipped("kqk");
    CHECK(table.roles.material == "KQK");
}

// Over every won position where the table plays ADVICE: how often, how often its move is
// one of the tablebase's fastest, and the most moves it loses.
struct AdviceMoves {
    int played = 0, fastest = 0, lost = 0, worst_loss = 0;
};

AdviceMoves moves_of_advice(const std::string& advice) {
    const auto table = shipped("kqk");
    const auto found = std::find_if(table.program.advice.begin(), table.program.advice.end(),
                                    [&](const auto& a) { return a.name == advice; });
    REQUIRE(found != table.program.advice.end());
    const auto index = int(found - table.program.advice.begin());
    AdviceMoves moves;
    for_won_positions(std::array{W_QUEEN}, 1, [&](const Position& pos, int) {
        const auto result = endgame::think(table, pos, {});
        REQUIRE(result);
        if (result->outcome != search::Outcome::found || result->advice != index) return;
        const int before = shared_registry().value(tablebase::board_of(pos));
        const Position after = pos.after(result->tree.children(0)[0].move);
        const int value = shared_registry().value(tablebase::board_of(after));
        INFO(pos.fen());
        REQUIRE(tablebase::is_loss(std::uint8_t(value)));
        const int loss = (value + 1 - before) / 2; // plies to moves
        ++moves.played;
        if (loss == 0) ++moves.fastest;
        moves.lost += loss;
        moves.worst_loss = std::max(moves.worst_loss, loss);
    });
    return moves;
}

// Where the king steps next to the queen (step_in) the region grows behind it for a move:
// the tablebase says what the step costs. It is the fastest move in about half of the
// positions where the plan takes it, and never loses more than a move.
TEST_CASE("The KQK table's king steps next to the queen keep the win and lose a move at most",
          "[tables][kqk][long]") {
    const auto steps = moves_of_advice("step_in");
    CAPTURE(steps.played, steps.fastest);
    CHECK(steps.worst_loss <= 1);
    CHECK(steps.played > 100);
    CHECK(steps.fastest * 5 >= steps.played * 2);
}

// The king's walk to the far end of the room: of the steps that come as near it (and keep
// the kings as near, as far from the edge), the one with the fewest steps left along the file
// and the rank. By the tablebase the walk then loses 984 moves in 5,344 positions, against
// 1,180 when the steps were ordered by the far end, the kings' distance and the edge alone
// (from Kc4 with Qe5 against Kg4, Kd5 where Kd4 loses a move less).
TEST_CASE("The KQK table's king walks to the far end of the room losing under a fifth of a "
          "move a step",
          "[tables][kqk][long]") {
    const auto walks = moves_of_advice("walk");
    CAPTURE(walks.played, walks.fastest, walks.lost, walks.worst_loss);
    CHECK(walks.played > 1000);
    CHECK(walks.lost * 5 < walks.played);
}

TEST_CASE("The KQK table steps its king next to the queen where a king step is fastest",
          "[tables][kqk]") {
    check_plays_fastest(shipped("kqk"),
                        {"8/8/3k4/8/4Q3/4K3/8/8 w - - 0 1", "8/8/3k4/8/4Q3/3K4/8/8 w - - 0 1"});
}

// Ka1 with Qg6 against Ke5 (after 1. Qg6 from Qb1 against Kd5, and its mirror images): only Kb2
// is fastest; a second shrink by a quarter (Qd3) loses two moves.
TEST_CASE("The KQK table walks its king out of the corner before the queen shrinks again",
          "[tables][kqk]") {
    check_plays_fastest(shipped("kqk"),
                        {"8/8/6Q1/4k3/8/8/8/K7 w - - 0 1", "8/8/1Q6/3k4/8/8/8/7K w - - 0 1",
                         "K7/8/8/8/4k3/6Q1/8/8 w - - 0 1"});
}

TEST_CASE("The KQK table verified over every position mates from every one",
          "[.slow][slow][tables][kqk]") {
    const auto set = shipped_set({"kqk"});
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 144508);
    CHECK(s.failed() == 0);
    // The README's row: worst 12 moves, mean 6.08, against an optimal mean of 5.62.
    CHECK(s.worst == 12);
    CHECK(s.mean == Approx(6.08).margin(0.005));
    CHECK(s.optimal_mean == Approx(5.62).margin(0.005));
}

} // namespace test_tables_kqk
