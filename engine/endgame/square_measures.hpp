#pragma once
// The measures of the chess library (docs/LIBRARY.md) that depend on two squares alone, shared by
// the endgame domain and the KRK fast path so that both give them one meaning.

#include "contract/chess_library.hpp"
#include "engine/endgame/geometry.hpp"

namespace al0::endgame {

// Returns the value of measure M for roles on squares A and B (B is our king's square for a
// one-role measure), or -1 when M depends on more than the squares. Why always inline: the
// goals compiled to machine code ask it with M a constant, where it folds to the measure alone;
// called apart (gcc's choice once those goals had more callers), it cost a tenth more.
[[gnu::always_inline]] constexpr int square_measure(contract::chess::Measure m, Square a,
                                                    Square b) {
    namespace lib = contract::chess;
    switch (m) {
    case lib::M_DISTANCE:
        return distance(a, b);
    case lib::M_MANHATTAN:
        return manhattan(a, b);
    case lib::M_FILE:
        return file_of(a) + 1;
    case lib::M_RANK:
        return rank_of(a) + 1;
    case lib::M_EDGE_DISTANCE:
        return edge_distance(a);
    case lib::M_CORNER_DISTANCE:
        return corner_distance(a);
    case lib::M_COLOUR_CORNER_DISTANCE:
        return colour_corner_distance(a, b);
    case lib::M_COLOUR_CORNER_MANHATTAN:
        return colour_corner_manhattan(a, b);
    default:
        return -1;
    }
}

} // namespace al0::endgame
