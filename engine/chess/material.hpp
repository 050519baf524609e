#pragma once
// A position's material as a canonical signature: each side's king and pieces in the order
// Q R B N P, the stronger side first ("KRK", "KBNK", "KQKR", "KPKP"). Which side is stronger is
// decided here for every part of al0 (the tablebase names its tables by the same rule).

#include "engine/chess/position.hpp"

#include <array>
#include <string>

namespace al0 {

// Each side's men besides the king, counted by piece type.
using PieceCounts = std::array<std::array<int, PIECE_TYPE_NB>, COLOR_NB>;

// Returns the stronger side: the larger sum of the usual values (Q 9, R 5, B 3, N 3, P 1); on a
// tie, the side with more of the first of Q, R, B, N, P whose counts differ (a bishop is stronger
// than a knight); on equal material, White.
Color stronger_side(const PieceCounts& counts);
// Returns the side whose pieces come first in the signature.
Color stronger_side(const Position& pos);
// Returns the signature of the material on the board, e.g. "KRK" for White's rook or Black's.
std::string material_signature(const Position& pos);

} // namespace al0
