#pragma once
// The board symmetries that canonical play (a table's `material ..., symmetric.`) maps a
// position by: the 8 of a pawnless board (engine/chess/board_symmetry.hpp), the file mirror
// alone with pawns.

#include "engine/chess/board_symmetry.hpp"
#include "engine/chess/position.hpp"

#include <array>

namespace al0::endgame {

using al0::BOARD_SYMMETRIES;
using al0::inverse;
using al0::transform;

// Returns the image of a position under symmetry T (counters and side to move kept).
Position transform(int t, const Position& pos);

// Returns the symmetry that maps POS to the representative of its class: of the symmetries
// that keep pawns pawns (all 8 without pawns, else the file mirror), the one whose image has
// the smallest piece bitboards (White's king first, then Black's, then the pieces by colour
// and kind); the lowest such symmetry when several give one board (a self-symmetric POS).
int canonical_symmetry(const Position& pos);
// Returns how many positions POS's class holds (8 divided by the symmetries that fix POS; with
// pawns 1 or 2).
int class_size(const Position& pos);

} // namespace al0::endgame
