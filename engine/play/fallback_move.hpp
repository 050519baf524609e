#pragma once
// The move to play when the advice gives none (its search was stopped, ran out of time or nodes,
// or found no plan) and a move must be made all the same, as a UCI engine's must: the
// tablebase's best, so a won game stays won.

#include "engine/chess/position.hpp"
#include "engine/tablebase/registry.hpp"

#include <string>
#include <vector>

namespace al0::play {

struct FallbackMove {
    Move move = MOVE_NONE;
    std::string why; // how it was chosen: "the tablebase's best: mate in 7", ...
};

// Returns the best of the legal moves of POS in ALLOWED (every legal move when ALLOWED is empty)
// by the tablebase: the fastest mate, else a draw, else the longest defence; the first allowed
// move when the position is beyond the tablebase (more than four men). MOVE_NONE when no
// allowed move is legal.
FallbackMove fallback_move(tablebase::Registry& tablebases, const Position& pos,
                           const std::vector<Move>& allowed = {});

} // namespace al0::play
