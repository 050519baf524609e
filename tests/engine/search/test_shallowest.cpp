// An advice with `shallowest` (docs/LANGUAGE.md) takes the first forcing tree of the smallest
// depth: searched under caps of 1, 2, 3, ... plies, against the tablebase's shortest mates, and
// what its capped searches leave in the failure memory (engine/search/failure_memo.hpp) changes
// no search of the same advice without the option.

#include "tests/support/position_fixture.hpp"
#include "tests/support/same_search.hpp"
#include "tests/support/tables_fixture.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace test_shallowest {

using namespace al0;

// A mate within three moves, any moves: the first tree found, the first of the smallest depth
// (shallowest), and the same search bounded at 1, 3 and 5 plies (what shallowest's deepening
// searches at each depth).
constexpr std::string_view MATES = R"(
advice( mate_first, mate : true : (depth < 5) and legal : (depth < 4) and legal ).
advice( mate_shallowest, mate : true : (depth < 5) and legal : (depth < 4) and legal,
        shallowest ).
advice( mate_within_1, mate : true : (depth < 1) and legal : (depth < 1) and legal ).
advice( mate_within_3, mate : true : (depth < 3) and legal : (depth < 3) and legal ).
advice( mate_within_5, mate : true : (depth < 5) and legal : (depth < 5) and legal ).
)";

// The mates as a table whose one rule tries ADVICE: a new program, whose memory is empty.
endgame::CompiledTable mates(const std::string& advice) {
    return {advice, *endgame::roles_of("KQK"),
            compile_table("material KQK.\nmain :: if true then [ " + advice + " ].\n" +
                              std::string(MATES),
                          contract::chess::vocabulary)};
}

TEST_CASE("A shallowest search takes the first tree of the smallest depth, the tablebase's "
          "shortest mate, where the first tree found may be deeper",
          "[search][memo][endgame]") {
    const auto first = mates("mate_first"), shallowest = mates("mate_shallowest");
    int positions = 0, deeper = 0;
    // The black king in a corner (a8, the first of the placements), mates in 1 to 3.
    for_won_positions(std::array{make_piece(WHITE, QUEEN)}, 1, [&](const Position& p, int mate) {
        if (p.piece_on(make_square(File(0), Rank(7))) != B_KING || mate > 3 || positions == 60)
            return;
        INFO(p.fen());
        ++positions;
        const auto s = endgame::think(shallowest, p, {});
        const auto f = endgame::think(first, p, {});
        const auto bounded =
            endgame::think(mates("mate_within_" + std::to_string(2 * mate - 1)), p, {});
        REQUIRE(s);
        REQUIRE(f);
        REQUIRE(bounded);
        REQUIRE(s->outcome == search::Outcome::found);
        CHECK(s->tree.height() == 2 * mate - 1);
        CHECK(s->attempts.back().tree_plies == 2 * mate - 1);
        CHECK(same_tree(s->tree, bounded->tree)); // move for move
        CHECK(f->tree.height() >= s->tree.height());
        deeper += f->tree.height() > s->tree.height();
    });
    CHECK(positions == 60);
    CHECK(deeper > 0); // 12 of the 60 when written
}

TEST_CASE("What a shallower search leaves in the failure memory changes no deeper search",
          "[search][memo][endgame]") {
    // mate_first and mate_shallowest differ only by the option: one failure class, one memory.
    const auto both = mates("mate_shallowest, mate_first");
    const search::Program& p = both.program;
    CHECK(p.advice[std::size_t(p.advice_index("mate_shallowest"))].failure_class ==
          p.advice[std::size_t(p.advice_index("mate_first"))].failure_class);
    // Kings near, queen about: each shallowest search fails under its caps of 1 and 3 plies in
    // nodes where mate_first, searched right after from the same root, goes on to 5.
    int positions = 0, differ = 0;
    for_won_positions(std::array{make_piece(WHITE, QUEEN)}, 7, [&](const Position& pos, int mate) {
        if (mate != 3 || positions == 40) return;
        ++positions;
        // The same program (its serial, so its memory) trying mate_first alone.
        endgame::CompiledTable first_after = both;
        first_after.program.rules[0].advice = {std::uint16_t(p.advice_index("mate_first"))};
        const auto s = endgame::think(both, pos, {});
        const auto after = endgame::think(first_after, pos, {});
        const auto fresh = endgame::think(mates("mate_first"), pos, {});
        REQUIRE(s);
        REQUIRE(after);
        REQUIRE(fresh);
        CHECK(s->outcome == search::Outcome::found);
        if (!same_plan(*after, *fresh) && ++differ <= 3) CHECK(pos.fen() == "the same plan");
    });
    CHECK(positions == 40);
    CHECK(differ == 0);
}
} // namespace test_shallowest
