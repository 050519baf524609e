// The search remembers the nodes that failed (engine/search/failure_memo.hpp): a position met
// again at the same depth fails at once. It must change no plan, only the work: a search that
// explains itself does not remember, so the two are compared.

#include "engine/search/failure_memo.hpp"
#include "same_search.hpp"
#include "tables_fixture.hpp"

#include <array>
#include <cstdint>

namespace test_failure_memo {

using namespace al0;

TEST_CASE("A failure is remembered at its depth and only within its search", "[search][memo]") {
    search::FailureMemo& memo = search::FailureMemo::fresh();
    CHECK_FALSE(memo.failed(12345, 3));
    memo.note_failure(12345, 3);
    CHECK(memo.failed(12345, 3));
    CHECK_FALSE(memo.failed(12345, 5));
    CHECK_FALSE(memo.failed(12346, 3));
    search::FailureMemo& next = search::FailureMemo::fresh();
    CHECK(&next == &memo); // one per thread, reused
    CHECK_FALSE(next.failed(12345, 3));
}

// Compares, for every STRIDE-th won position of PIECES, the table's plan with and without the
// memo: the same plan, never more nodes, and fewer in all.
template <std::size_t N>
void same_plans_fewer_nodes(const std::string& table_name, const std::array<Piece, N>& pieces,
                            long stride) {
    const auto table = shipped(table_name);
    std::uint64_t remembering = 0, forgetting = 0;
    int positions = 0;
    for_won_positions(pieces, stride, [&](const Position& pos, int) {
        const auto fast = endgame::think(table, pos, {});
        search::Options explained;
        explained.explain = true;
        const auto slow = endgame::think(table, pos, explained);
        REQUIRE(fast);
        REQUIRE(slow);
        INFO(pos.fen());
        CHECK(same_plan(*fast, *slow));
        CHECK(fast->stats.nodes <= slow->stats.nodes);
        remembering += fast->stats.nodes;
        forgetting += slow->stats.nodes;
        ++positions;
    });
    INFO(table_name << ": " << positions << " positions, " << remembering << " nodes against "
                    << forgetting);
    CHECK(positions > 500);
    CHECK(remembering < forgetting);
}

TEST_CASE("Remembering failed nodes changes no plan of the KQK and KPK tables and saves nodes",
          "[search][memo]") {
    same_plans_fewer_nodes("kqk", std::array{W_QUEEN}, 157);
    same_plans_fewer_nodes("kpk", std::array{W_PAWN}, 211);
}

} // namespace test_failure_memo
