#pragma once
// Board geometry of the KRK library (AL0.md §4): the book's neighbour order, and lines.

#include "engine/types.hpp"

#include <array>

namespace al0::krk {

// The neighbours of each square in the book's order: the four diagonal ones (x+1,y+1),
// (x+1,y-1), (x-1,y+1), (x-1,y-1); then (x+1,y), (x-1,y); then (x,y+1), (x,y-1).
struct Neighbours {
    std::array<Square, 8> squares{};
    int count = 0;
};

inline constexpr std::array<Neighbours, SQUARE_NB> NEIGHBOURS = [] {
    constexpr int steps[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                 {1, 0}, {-1, 0}, {0, 1},  {0, -1}};
    std::array<Neighbours, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (const auto& st : steps) {
            int f = s % 8 + st[0], r = s / 8 + st[1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) t[s].squares[t[s].count++] = Square(r * 8 + f);
        }
    return t;
}();

constexpr bool adjacent(Square a, Square b) { return distance(a, b) == 1; }

// Returns whether b lies strictly between a and c on a file or a rank.
constexpr bool strictly_between(Square a, Square b, Square c) {
    if (file_of(a) == file_of(b) && file_of(b) == file_of(c))
        return (rank_of(a) < rank_of(b) && rank_of(b) < rank_of(c)) ||
               (rank_of(c) < rank_of(b) && rank_of(b) < rank_of(a));
    if (rank_of(a) == rank_of(b) && rank_of(b) == rank_of(c))
        return (file_of(a) < file_of(b) && file_of(b) < file_of(c)) ||
               (file_of(c) < file_of(b) && file_of(b) < file_of(a));
    return false;
}

// Returns whether a rook on r attacks t (t on its file or rank, not r itself, and the square
// `blocker` not strictly between).
constexpr bool rook_sees(Square r, Square t, Square blocker) {
    if (r == t || (file_of(r) != file_of(t) && rank_of(r) != rank_of(t))) return false;
    return !strictly_between(r, blocker, t);
}

constexpr bool on_edge(Square s) {
    return file_of(s) == FILE_A || file_of(s) == FILE_H || rank_of(s) == RANK_1 ||
           rank_of(s) == RANK_8;
}

} // namespace al0::krk
