#pragma once
// Where a KRK position lives in the tablebase: one signed byte per (side to move, white king,
// black king, rook) — 2 * 64^3 entries, every square combination, legal or not.

#include "engine/bitboards.hpp"
#include "engine/types.hpp"

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

// ROOK_BEHIND[s][b]: the squares a rook on s attacks when b is the only other piece (b == s: an
// empty board). Rays from s meet only at s, so with two blockers a and b the attacks are
// ROOK_BEHIND[s][a] & ROOK_BEHIND[s][b].
inline constexpr auto ROOK_BEHIND = [] {
    std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int b = 0; b < SQUARE_NB; ++b)
            t[s][b] = rook_attacks(Square(s), b == s ? 0 : square_bb(Square(b)));
    return t;
}();

} // namespace al0::tablebase
