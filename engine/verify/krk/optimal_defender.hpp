#pragma once
// Black's longest resistance in KRK, from the tablebase (`al0 play --defender optimal`).

#include "engine/chess/position.hpp"
#include "engine/tablebase/krk_tablebase.hpp"

namespace al0::verify {

// Returns Black's best defence in a legal KRK position with Black to move: a move that draws
// (taking the undefended rook) when there is one, else the move after which White's mate is
// farthest away; ties go to the first move in generation order. MOVE_NONE when Black has no move.
Move optimal_defence(const tablebase::KrkTablebase& tablebase, const Position& pos);

} // namespace al0::verify
