// held_region, corner_diagonal and king_area (docs/LIBRARY.md) on KBNK positions worked out by
// hand: an undefended piece next to the king's reach is no wall, a defended one or one out of
// reach is, and the diagonal is counted from the corner of the bishop's colour whose triangle
// holds the king.

#include "contract/chess_library.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/geometry.hpp"
#include "engine/endgame/think.hpp"

#include <catch2/catch.hpp>

#include <string_view>

namespace test_held_region {

using namespace al0;
namespace lib = contract::chess;
using search::Instance;

// Returns measure M of KBNK's black king (role 1), with the bishop (role 2) as its second role.
int black_king(std::string_view fen, lib::Measure m) {
    static const endgame::Roles roles = *endgame::roles_of("KBNK");
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    auto o = endgame::orient(roles, *pos);
    REQUIRE(o);
    return endgame::Domain(roles).value({Instance::Kind::measure, m, {1, 2, 0}}, o->state);
}

TEST_CASE("held_region walls the king in with defended pieces and pieces out of its reach",
          "[endgame][kbnk]") {
    // Neither the bishop on g1 nor the knight on d6 is guarded, and the king reaches a square
    // next to each: the king's held region is the one White's king alone leaves it, though the
    // knight shuts it in.
    const std::string_view loose = "8/2k5/3N4/8/8/8/8/3K2B1 w - - 0 1";
    const Square c7 = make_square(FILE_C, RANK_7), d1 = make_square(FILE_D, RANK_1);
    const int kings_only = endgame::region(c7, KING_ATTACKS[d1] | square_bb(d1));
    CHECK(black_king(loose, lib::M_HELD_REGION) == kings_only);
    CHECK(black_king(loose, lib::M_REGION) < kings_only);
    // Both guarded by their king: the same walls for both measures.
    const std::string_view guarded = "8/2k5/8/8/8/8/2N1B3/3K4 w - - 0 1";
    CHECK(black_king(guarded, lib::M_HELD_REGION) == black_king(guarded, lib::M_REGION));
    // The king on e2 guards the knight on d2 and leaves the bishop on d4 unguarded, but the black
    // king reaches only c2 and c1 (b1, b2, c3 and d1 attacked), none of them next to d4: the
    // bishop is still a wall, and White's best move (Ke2, mate in 11) shrinks the region.
    const std::string_view out_of_reach = "8/8/8/8/3B4/8/2kNK3/8 b - - 1 1";
    CHECK(black_king(out_of_reach, lib::M_HELD_REGION) == 2);
    CHECK(black_king(out_of_reach, lib::M_REGION) == 2);
    // A black king on d5 stands next to it: there the bishop is a target.
    const std::string_view in_reach = "8/8/8/3k4/3B4/8/3NK3/8 w - - 1 1";
    CHECK(black_king(in_reach, lib::M_HELD_REGION) > black_king(in_reach, lib::M_REGION));
}

TEST_CASE("corner_diagonal and king_area count the farthest diagonal of the held region from "
          "the bishop's nearer corner",
          "[endgame][kbnk]") {
    // A king free to roam reaches h8 and a1, 14 diagonals from either dark corner: one square.
    const std::string_view roaming = "8/2k5/3N4/8/8/8/8/3K2B1 w - - 0 1";
    CHECK(black_king(roaming, lib::M_CORNER_DIAGONAL) == 14);
    CHECK(black_king(roaming, lib::M_KING_AREA) == 8 * 14 + 1);
    // Mated on h8 by the king on f7, the bishop on f6 and the knight on g5 (guarded by the
    // bishop): a region of one square, in the dark corner itself.
    const std::string_view cornered = "7k/5K2/5B2/6N1/8/8/8/8 b - - 0 1";
    CHECK(black_king(cornered, lib::M_HELD_REGION) == 1);
    CHECK(black_king(cornered, lib::M_CORNER_DIAGONAL) == 0);
    CHECK(black_king(cornered, lib::M_KING_AREA) == 1);
    // The same king and knight with a light bishop on d5, which guards nothing: its corners are
    // a8 and h1, 7 diagonals from h8. The unguarded knight on g5 stands out of the cornered
    // king's reach, so it walls h7 in.
    const std::string_view wrong = "7k/5K2/8/3B2N1/8/8/8/8 w - - 0 1";
    CHECK(black_king(wrong, lib::M_HELD_REGION) == 1);
    CHECK(black_king(wrong, lib::M_CORNER_DIAGONAL) == 7);
}

} // namespace test_held_region
