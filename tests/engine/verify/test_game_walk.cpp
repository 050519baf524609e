// The verifier's walk of a state's forcing tree (engine/verify/endgame/game_walk.hpp): a walk of
// distinct lines, which walks a subtree met again once, ends in the same places with the same
// counts as a walk of every line.

#include "engine/verify/endgame/game_walk.hpp"
#include "tests/support/tables_fixture.hpp"

#include <map>
#include <string>
#include <tuple>

namespace test_game_walk {

using namespace al0;

// What a state's lines end in: per end (its kind, table and position, and whether the line
// reset the fifty-move count), the most White moves and the largest counts over its lines.
using Ends = std::map<std::tuple<int, int, std::string, bool>, std::array<int, 3>>;

std::uint64_t walk(verify::GameWalker& walker, const Position& p, verify::Lines lines, Ends& ends) {
    std::uint64_t visits = 0;
    walker.walk(
        0, p,
        [&](const verify::GameStep& s) {
            ++visits;
            auto [at, added] =
                ends.try_emplace({int(s.end), s.table, s.position.fen(), s.after_reset < 0},
                                 std::array{s.white_moves, s.before_reset, s.after_reset});
            if (!added)
                for (int i : {0, 1, 2})
                    at->second[i] =
                        std::max(at->second[i], std::array{s.white_moves, s.before_reset,
                                                           s.after_reset}[std::size_t(i)]);
        },
        lines);
    return visits;
}

TEST_CASE("a walk of distinct KPK lines ends in the same places with the same counts as a walk "
          "of every line, with fewer lines",
          "[verify][kpk]") {
    const verify::TableSet set = shipped_set({"kpk", "kqk"});
    for (const verify::SetTable& t : set.tables) shared_registry().table(t.material);
    verify::GameWalker walker(set, shared_registry(), {});
    std::uint64_t every = 0, distinct = 0;
    int states = 0;
    for_won_positions(std::array{W_PAWN}, 41, [&](const Position& p, int) {
        Ends all, once;
        every += walk(walker, p, verify::Lines::every, all);
        distinct += walk(walker, p, verify::Lines::distinct, once);
        ++states;
        if (all != once) CHECK(p.fen() == "a position whose ends agree");
    });
    CHECK(states > 2000);
    CHECK(distinct < every / 3); // 102,771 against 395,539 lines when written
}

} // namespace test_game_walk
