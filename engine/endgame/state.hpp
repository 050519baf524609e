#pragma once
// The search state of the endgame domain: the position with us as White, and where each role
// stands. Copied per node (about 160 bytes). The position's Zobrist key and FEN counters are
// not kept up to date along the search's moves (Domain::play): the search never reads them.

#include "engine/chess/position.hpp"
#include "engine/endgame/roles.hpp"

#include <array>

namespace al0::endgame {

struct State {
    Position pos; // us = White
    // Role -> square, SQ_NONE once captured. A promoted pawn keeps its role (the piece on its
    // square is then the new piece).
    std::array<Square, MAX_ROLES> sq{SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    bool operator==(const State&) const = default;
};

} // namespace al0::endgame
