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

using endgame::adjacent;

constexpr bool on_edge(Square s) { return endgame::edge_distance(s) == 0; }

} // namespace al0::krk
