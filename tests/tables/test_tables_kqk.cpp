// tables/kqk.al0: the KQK table checks clean, and over every legal White-to-move position (each
// one won) it mates against every defence, within the figures the README gives.

#include "engine/verify/endgame/endgame_verifier.hpp"
#include "tests/support/tables_fixture.hpp"

namespace test_tables_kqk {

using namespace al0;

TEST_CASE("The KQK table checks without a diagnostic and plays KQK", "[tables][kqk]") {
    const auto table = shipped("kqk");
    CHECK(table.roles.material == "KQK");
}

TEST_CASE("The KQK table verified over every position mates from every one",
          "[.slow][slow][tables][kqk]") {
    const auto set = shipped_set({"kqk"});
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 144508);
    CHECK(s.failed() == 0);
    // The README's row: worst 13 moves, mean 6.15, against an optimal mean of 5.62.
    CHECK(s.worst == 13);
    CHECK(s.mean == Approx(6.15).margin(0.005));
    CHECK(s.optimal_mean == Approx(5.62).margin(0.005));
}

} // namespace test_tables_kqk
