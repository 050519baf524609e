#pragma once
// Board geometry of the KRK library (docs/KRK_LIBRARY.md): the book's neighbour order, adjacency, edges.

#include "engine/chess/types.hpp"

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

constexpr bool on_edge(Square s) {
    return file_of(s) == FILE_A || file_of(s) == FILE_H || rank_of(s) == RANK_1 ||
           rank_of(s) == RANK_8;
}

} // namespace al0::krk
