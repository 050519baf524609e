#pragma once
// A position's material as a canonical signature: each side's king and pieces in the order
// Q R B N P, the stronger side first ("KRK", "KBNK", "KQKR", "KPKP"). Which side is stronger:
// the larger sum of the usual values (Q 9, R 5, B 3, N 3, P 1); on a tie, White.

#include "engine/chess/position.hpp"

#include <string>

namespace al0 {

// Returns the signature of the material on the board, e.g. "KRK" for White's rook or Black's.
std::string material_signature(const Position& pos);
// Returns the side whose pieces come first in the signature.
Color stronger_side(const Position& pos);

} // namespace al0
