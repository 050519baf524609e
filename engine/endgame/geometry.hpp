#pragma once
// Board geometry of the chess library (docs/LIBRARY.md): the book's step orders, edges, corners,
// the box of a line piece, the region a king can reach and its farthest diagonal from a corner.

#include "engine/chess/bitboards.hpp"
#include "engine/chess/types.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace al0::endgame {

// The squares one leap away from each square, in the order of the steps: for a king the book's
// (x+1,y+1), (x+1,y-1), (x-1,y+1), (x-1,y-1), (x+1,y), (x-1,y), (x,y+1), (x,y-1); for a knight
// clockwise from (x+1,y+2).
struct Leaps {
    std::array<Square, 8> squares{};
    int count = 0;
};

constexpr std::array<Leaps, SQUARE_NB> leaps_table(const int (*steps)[2]) {
    std::array<Leaps, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int i = 0; i < 8; ++i) {
            int f = s % 8 + steps[i][0], r = s / 8 + steps[i][1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) t[s].squares[t[s].count++] = Square(r * 8 + f);
        }
    return t;
}

inline constexpr std::array<Leaps, SQUARE_NB> KING_LEAPS = leaps_table(detail::king_steps);
inline constexpr std::array<Leaps, SQUARE_NB> KNIGHT_LEAPS = leaps_table(detail::knight_steps);

// The squares on the lines through each square, in the book's order generalised (line_moves in
// library.hpp): for i = 1..8, the square on its file at rank i and the square on its rank at
// file i (rooks and queens), then the squares at file i on its rising and its falling diagonal
// (bishops and queens); the square itself left out. LINE_ORDER[pt - QUEEN][s]: a queen's, a
// rook's or a bishop's.
using LineOrder = std::array<Square, 27>;

constexpr std::array<LineOrder, SQUARE_NB> line_order_table(bool straight, bool diagonal) {
    std::array<LineOrder, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s) {
        const int f = s % 8, r = s / 8;
        int n = 0;
        auto add = [&](int file, int rank) {
            if (file >= 0 && file < 8 && rank >= 0 && rank < 8 && rank * 8 + file != s)
                t[s][n++] = Square(rank * 8 + file);
        };
        for (int i = 0; i < 8; ++i) {
            if (straight) add(f, i), add(i, r);
            if (diagonal) add(i, r + (i - f)), add(i, r - (i - f));
        }
    }
    return t;
}

inline constexpr std::array<std::array<LineOrder, SQUARE_NB>, 3> LINE_ORDER = {
    line_order_table(true, true), line_order_table(true, false), line_order_table(false, true)};
static_assert(ROOK == QUEEN + 1 && BISHOP == QUEEN + 2);

// King-move distance to the nearest edge square (0 on the edge).
constexpr int edge_distance(Square s) {
    int f = file_of(s), r = rank_of(s);
    return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

// King-move distance to the nearest corner.
constexpr int corner_distance(Square s) {
    int f = file_of(s), r = rank_of(s);
    return std::max(std::min(f, 7 - f), std::min(r, 7 - r));
}

// Returns whether S is a dark square (a1 is).
constexpr bool dark(Square s) { return (int(file_of(s)) + int(rank_of(s))) % 2 == 0; }

// King-move distance from S to the nearer of the two corners of the colour of square C (a1/h8
// dark, a8/h1 light).
constexpr int colour_corner_distance(Square s, Square c) {
    return dark(c) ? std::min(distance(s, SQ_A1), distance(s, SQ_H8))
                   : std::min(distance(s, Square(56)), distance(s, Square(7)));
}

// Manhattan distance from S to the nearer of the two corners of the colour of square C: how many
// diagonals of C's colour lie between S and that corner (0 to 7; 7 on the long diagonal of the
// other colour).
constexpr int colour_corner_manhattan(Square s, Square c) {
    const int f = file_of(s), r = rank_of(s);
    return dark(c) ? std::min(f + r, 14 - f - r) : std::min(7 - f + r, 7 + f - r);
}

// The square where a pawn of colour C on S promotes.
constexpr Square promotion_square(Color c, Square s) {
    return make_square(file_of(s), c == WHITE ? RANK_8 : RANK_1);
}

// The moves a pawn of colour C on S needs to promote, its double step counted as one.
constexpr int pawn_moves_to_promote(Color c, Square s) {
    const Rank r = relative_rank(c, rank_of(s));
    return 7 - r - (r == RANK_2 ? 1 : 0);
}

// The usual value of a piece: queen 9, rook 5, bishop and knight 3, pawn 1, king 0.
constexpr int piece_value(PieceType pt) {
    constexpr int values[PIECE_TYPE_NB] = {0, 0, 9, 5, 3, 3, 1};
    return values[pt];
}

// The area of the rectangle that the lines through L leave the king on K (64 when the king
// stands on one of them).
constexpr int box(Square l, Square k) {
    if (file_of(k) == file_of(l) || rank_of(k) == rank_of(l)) return 64;
    int side_x = file_of(k) < file_of(l) ? file_of(l) : 7 - file_of(l);
    int side_y = rank_of(k) < rank_of(l) ? rank_of(l) : 7 - rank_of(l);
    return side_x * side_y;
}

// The squares a king on FROM reaches by king steps through squares not in FORBIDDEN, its own
// square included. Why a whole board's king step at a time (shifts): it grows the region by one
// step in a dozen instructions, where a step from each square of the frontier cost a table
// lookup and a loop turn each.
inline Bitboard region_squares(Square from, Bitboard forbidden) {
    constexpr Bitboard not_a = ~0x0101010101010101ull, not_h = ~0x8080808080808080ull;
    Bitboard reached = square_bb(from);
    for (;;) {
        Bitboard step = reached | ((reached << 1) & not_a) | ((reached >> 1) & not_h);
        step |= (step << 8) | (step >> 8);
        const Bitboard grown = reached | (step & ~forbidden);
        if (grown == reached) return reached;
        reached = grown;
    }
}

// The number of squares a king on FROM reaches by king steps through squares not in FORBIDDEN,
// its own square included.
inline int region(Square from, Bitboard forbidden) {
    return popcount(region_squares(from, forbidden));
}

// The diagonal of SQUARES farthest from a corner of the colour of COLOUR's square, counted from
// the corner (its manhattan distance), for the corner where it is nearer (on a tie, the corner
// with fewer squares on it), and the number of SQUARES on it: {diagonal, squares}.
inline std::pair<int, int> corner_diagonal(Bitboard squares, Square colour) {
    const Square corners[2] = {dark(colour) ? SQ_A1 : Square(7), dark(colour) ? SQ_H8 : Square(56)};
    std::pair<int, int> best{99, 0};
    for (Square c : corners) {
        int far = -1, on = 0;
        for (Bitboard b = squares; b; b &= b - 1) {
            const int d = manhattan(lsb(b), c);
            on = d > far ? 1 : on + (d == far);
            far = std::max(far, d);
        }
        best = std::min(best, std::pair{far, on});
    }
    return best;
}

} // namespace al0::endgame
