#pragma once
// The 8 symmetries of the board, numbered 0-7: bit 0 mirrors files, bit 1 ranks, bit 2 then
// swaps files and ranks (reflection in the a1-h8 diagonal). The tablebase indexes a board by
// its class under them; a symmetric table plays a position as its class representative.

#include "engine/chess/types.hpp"

#include <utility>

namespace al0 {

constexpr int BOARD_SYMMETRIES = 8;

// Returns the image of square S under symmetry T.
constexpr Square transform(int t, Square s) {
    int f = file_of(s), r = rank_of(s);
    if (t & 1) f = 7 - f;
    if (t & 2) r = 7 - r;
    if (t & 4) std::swap(f, r);
    return Square(r * 8 + f);
}

// The symmetry that undoes T.
constexpr int inverse(int t) {
    for (int u = 0; u < BOARD_SYMMETRIES; ++u)
        if (transform(u, transform(t, Square(7))) == Square(7) && // h1
            transform(u, transform(t, Square(8))) == Square(8))   // a2
            return u;
    return 0;
}

// Returns the image of a move under symmetry T.
constexpr Move transform(int t, Move m) {
    return Move(transform(t, m.from()), transform(t, m.to()), m.promotion());
}

} // namespace al0
