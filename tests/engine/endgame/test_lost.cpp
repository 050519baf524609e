// lost(A) (docs/LIBRARY.md) on KBNK positions worked out by hand, in the endgame domain and in the
// tree checker's reference library alike: a piece the black king touches is lost only if the king
// may take it, so a guard behind the king on the line of a check keeps it.

#include "contract/chess_library.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/think.hpp"
#include "engine/verify/checker/reference_library.hpp"

#include <catch2/catch.hpp>

#include <string_view>

namespace test_lost {

using namespace al0;
namespace lib = contract::chess;
using search::Instance;

constexpr std::uint8_t OUR_BISHOP = 2, OUR_KNIGHT = 3; // KBNK's roles after the two kings

// Returns lost(ROLE) at FEN (White the strong side) in the domain and in the reference library.
std::pair<bool, bool> lost(std::string_view fen, std::uint8_t role) {
    static const endgame::Roles roles = *endgame::roles_of("KBNK");
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    auto o = endgame::orient(roles, *pos);
    REQUIRE(o);
    const Instance in{Instance::Kind::predicate, lib::P_LOST, {role, 0, 0}};
    const verify::ReferenceLibrary reference(*pos);
    return {endgame::Domain(roles).value(in, o->state) != 0,
            reference.value(in, reference.root()) != 0};
}

TEST_CASE("a piece the black king touches is lost only if the king may take it",
          "[endgame][kbnk][reference]") {
    // The knight on h1 next to the king on g2, nobody guarding it: lost.
    CHECK(lost("8/8/8/8/8/8/6k1/KB5N b - - 0 1", OUR_KNIGHT) == std::pair{true, true});
    // After Be4+ the bishop guards h1 through the king, which may not step along the check:
    // Kxh1 is illegal, and the knight is not lost (White saves it in this won position).
    CHECK(lost("8/8/8/8/4B3/8/6k1/K6N b - - 1 1", OUR_KNIGHT) == std::pair{false, false});
    // The bishop itself, checking from f3 next to the king, is taken: nothing guards f3.
    CHECK(lost("8/8/8/8/8/5B2/6k1/K6N b - - 1 1", OUR_BISHOP) == std::pair{true, true});
    // A guard through the king counts only on its line: the knight on h3, off the diagonal, falls.
    CHECK(lost("8/8/8/8/4B3/7N/6k1/K7 b - - 1 1", OUR_KNIGHT) == std::pair{true, true});
    // With White to move nothing of White's is lost.
    CHECK(lost("8/8/8/8/8/8/6k1/KB5N w - - 0 1", OUR_KNIGHT) == std::pair{false, false});
}

} // namespace test_lost
