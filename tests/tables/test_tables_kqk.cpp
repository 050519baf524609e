// tables/kqk.al0: the KQK table checks clean, and over every legal White-to-move position (each
// one won) it mates against every defence, within the figures the README gives.

#include "engine/verify/endgame/endgame_verifier.hpp"
#include "tests/support/tables_fixture.hpp"

#include <algorithm>

namespace test_tables_kqk {

using namespace al0;

TEST_CASE("The KQK table checks without a diagnostic and plays KQK", "[tables][kqk]") {
    const auto table = shipped("kqk");
    CHECK(table.roles.material == "KQK");
}

// Where the king steps next to the queen (step_in) the region grows behind it for a move:
// the tablebase says what the step costs. It is the fastest move in about half of the
// positions where the plan takes it, and never loses more than a move.
TEST_CASE("The KQK table's king steps next to the queen keep the win and lose a move at most",
          "[tables][kqk][long]") {
    const auto table = shipped("kqk");
    const auto step_in = std::find_if(table.program.advice.begin(), table.program.advice.end(),
                                      [](const auto& a) { return a.name == "step_in"; });
    REQUIRE(step_in != table.program.advice.end());
    const auto step_in_index = int(step_in - table.program.advice.begin());
    int steps = 0, fastest = 0;
    for_won_positions(std::array{W_QUEEN}, 1, [&](const Position& pos, int) {
        const auto result = endgame::think(table, pos, {});
        REQUIRE(result);
        if (result->outcome != search::Outcome::found || result->advice != step_in_index) return;
        const int before = shared_registry().value(tablebase::board_of(pos));
        const Position after = pos.after(result->tree.children(0)[0].move);
        const int value = shared_registry().value(tablebase::board_of(after));
        INFO(pos.fen());
        REQUIRE(tablebase::is_loss(std::uint8_t(value)));
        CHECK(value + 1 - before <= 2); // plies: one move
        ++steps;
        if (value + 1 == before) ++fastest;
    });
    CAPTURE(steps, fastest);
    CHECK(steps > 100);
    CHECK(fastest * 5 >= steps * 2);
}

TEST_CASE("The KQK table steps its king next to the queen where a king step is fastest",
          "[tables][kqk]") {
    check_plays_fastest(shipped("kqk"),
                        {"8/8/3k4/8/4Q3/4K3/8/8 w - - 0 1", "8/8/3k4/8/4Q3/3K4/8/8 w - - 0 1"});
}

TEST_CASE("The KQK table verified over every position mates from every one",
          "[.slow][slow][tables][kqk]") {
    const auto set = shipped_set({"kqk"});
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 144508);
    CHECK(s.failed() == 0);
    // The README's row: worst 13 moves, mean 6.10, against an optimal mean of 5.62.
    CHECK(s.worst == 13);
    CHECK(s.mean == Approx(6.10).margin(0.005));
    CHECK(s.optimal_mean == Approx(5.62).margin(0.005));
}

} // namespace test_tables_kqk
