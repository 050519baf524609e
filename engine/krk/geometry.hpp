#pragma once
// Board geometry of the KRK library (docs/KRK_LIBRARY.md): the book's neighbour order, adjacency
// and edges, as the general chess library (engine/endgame/geometry.hpp) defines them.

#include "engine/chess/types.hpp"
#include "engine/endgame/geometry.hpp"

namespace al0::krk {

// The neighbours of each square in the book's order: the four diagonal ones (x+1,y+1),
// (x+1,y-1), (x-1,y+1), (x-1,y-1); then (x+1,y), (x-1,y); then (x,y+1), (x,y-1).
using Neighbours = endgame::Leaps;
inline constexpr const auto& NEIGHBOURS = endgame::KING_LEAPS;

// Why a mask: the predicates our_king_edge and their_king_edge ask it at every node.
constexpr bool on_edge(Square s) { return (Bitboard{0xff818181818181ff} >> s & 1) != 0; }
static_assert([] {
    for (int s = 0; s < SQUARE_NB; ++s)
        if (on_edge(Square(s)) != (endgame::edge_distance(Square(s)) == 0)) return false;
    return true;
}());

} // namespace al0::krk
