#pragma once
// The board symmetries that canonical play (a table's `material ..., symmetric.`) maps a
// position by: the 8 of a pawnless board, the file mirror alone with pawns. A symmetry is a
// number 0-7: bit 0 mirrors files, bit 1 ranks, bit 2 then swaps files and ranks.

#include "engine/chess/position.hpp"

#include <array>

namespace al0::endgame {

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
