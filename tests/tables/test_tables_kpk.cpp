// tables/kpk.al0: the KPK table checks clean; every move its proved advice plays keeps the win
// (the tablebase is the oracle); and over every won position, played on into KQK or KRK after
// promotion as `al0 verify` does, it wins every one.

#include "engine/verify/endgame/endgame_verifier.hpp"
#include "tests/support/tables_fixture.hpp"

#include <string>

namespace test_tables_kpk {

using namespace al0;

TEST_CASE("The KPK table checks without a diagnostic and plays KPK", "[tables][kpk]") {
    const auto table = shipped("kpk");
    CHECK(table.roles.material == "KPK");
    CHECK(table.program.advice.size() == 19);
}

TEST_CASE("Every move of the KPK table's proved advice keeps the win", "[tables][kpk][long]") {
    const auto table = shipped("kpk");
    int proved = 0;
    for_won_positions(std::array{W_PAWN}, 13, [&](const Position& pos, int) {
        const auto result = endgame::think(table, pos, {});
        REQUIRE(result);
        if (result->outcome != search::Outcome::found) return;
        const std::string& advice = table.program.advice[result->advice].name;
        if (advice == "oppose" || advice == "approach" || advice == "shoulder" || advice == "hold")
            return; // the heuristics
        ++proved;
        const Position after = pos.after(result->tree.children(0)[0].move);
        INFO(pos.fen() << " " << advice);
        CHECK(tablebase::is_loss(shared_registry().value(tablebase::board_of(after))));
    });
    CHECK(proved > 9000);
}

TEST_CASE("The KPK table verified over every won position wins every one",
          "[.slow][slow][tables][kpk]") {
    const auto set = shipped_set({"kpk", "kqk", "krk"});
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 124960);
    CHECK(s.counts[std::size_t(verify::Verdict::stalemate)] == 0);
    CHECK(s.counts[std::size_t(verify::Verdict::budget_exceeded)] == 0);
    CHECK(s.counts[std::size_t(verify::Verdict::over_fifty)] == 0);
    // The races the searches cannot see to the end (rook pawns above all) are won by the
    // approach heuristic: no position fails.
    CHECK(s.failed() == 0);
    // The README's row: worst 31 moves, mean 13.31, against an optimal mean of 11.21.
    CHECK(s.worst == 31);
    CHECK(s.mean == Approx(13.31).margin(0.005));
    CHECK(s.optimal_mean == Approx(11.21).margin(0.005));
}

} // namespace test_tables_kpk
