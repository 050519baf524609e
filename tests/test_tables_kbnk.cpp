// tables/kbnk.al0: the KBNK table checks clean, mates in one wherever the tablebase does, and
// keeps the win after its move in a sample of the won positions (the tablebase is the oracle;
// the table is a draft: a ratchet counts the moves that still give a piece away).

#include "engine/tablebase/probe.hpp"
#include "tablebase_fixture.hpp"
#include "tables_fixture.hpp"

using namespace al0;

TEST_CASE("The KBNK table checks without a diagnostic and plays KBNK", "[tables][kbnk]") {
    const auto table = shipped("kbnk");
    CHECK(table.roles.material == "KBNK");
}

TEST_CASE("The KBNK table mates in one where it can and nearly always keeps the win",
          "[tables][kbnk]") {
    const auto table = shipped("kbnk");
    int positions = 0, mates_in_one = 0, wins_lost = 0;
    for_won_positions(
        std::array{W_BISHOP, W_KNIGHT}, 997, [&](const Position& pos, int moves_to_mate) {
            const auto result = endgame::think(table, pos, {});
            REQUIRE(result);
            INFO(pos.fen());
            if (result->outcome != search::Outcome::found) return; // no advice: verify counts it
            const Position after = pos.after(result->tree.children(0)[0].move);
            ++positions;
            if (!tablebase::is_loss(shared_registry().value(tablebase::board_of(after)))) {
                UNSCOPED_INFO("win lost: " << pos.fen());
                ++wins_lost;
            }
            if (moves_to_mate == 1) {
                ++mates_in_one;
                CHECK(after.is_checkmate());
            }
        });
    CHECK(positions > 5000);
    CHECK(mates_in_one > 0);
    // A piece trapped or forked a few moves on: beyond the table's out-of-reach rule.
    CHECK(wins_lost <= 2);
}
