#pragma once
// Where a KRK position lives in the tablebase: one signed byte per (side to move, white king,
// black king, rook) — 2 * 64^3 entries, every square combination, legal or not.

#include "engine/chess/bitboards.hpp"
#include "engine/chess/types.hpp"

#include <array>
#include <cstdint>

namespace al0::tablebase {

inline constexpr int SIDE_ENTRIES = 64 * 64 * 64;
inline constexpr int ENTRIES = COLOR_NB * SIDE_ENTRIES;

// Entry values: White's moves to mate (0 = Black is checkmated), or one of these.
inline constexpr std::int8_t DRAW = -1;
inline constexpr std::int8_t ILLEGAL = -2;

// Returns the entry index: bits 0-5 rook, 6-11 black king, 12-17 white king, 18 side to move.
constexpr int krk_index(Color stm, Square wk, Square bk, Square rook) {
    return stm << 18 | wk << 12 | bk << 6 | rook;
}

} // namespace al0::tablebase
