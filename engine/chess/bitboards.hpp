#pragma once
// Attack sets as bitboards. Leaper tables are built at compile time by constexpr lambdas; slider
// attacks walk rays (an endgame has at most a few blockers, so no magic tables are needed).

#include "engine/chess/types.hpp"

#include <array>
#include <bit>

namespace al0 {

namespace detail {
constexpr std::array<Bitboard, SQUARE_NB> leaper_table(const int (*steps)[2], int n) {
    std::array<Bitboard, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int i = 0; i < n; ++i) {
            int f = s % 8 + steps[i][0], r = s / 8 + steps[i][1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) t[s] |= Bitboard{1} << (r * 8 + f);
        }
    return t;
}
constexpr int king_steps[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                  {1, 0}, {-1, 0}, {0, 1},  {0, -1}};
constexpr int knight_steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
} // namespace detail

inline constexpr std::array<Bitboard, SQUARE_NB> KING_ATTACKS =
    detail::leaper_table(detail::king_steps, 8);
inline constexpr std::array<Bitboard, SQUARE_NB> KNIGHT_ATTACKS =
    detail::leaper_table(detail::knight_steps, 8);

// Returns the squares a slider on s attacks along the given directions, stopping at (and
// including) the first occupied square of each ray.
constexpr Bitboard ray_attacks(Square s, Bitboard occupied, const int (*dirs)[2], int n) {
    Bitboard b = 0;
    for (int i = 0; i < n; ++i) {
        int f = file_of(s) + dirs[i][0], r = rank_of(s) + dirs[i][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Bitboard sq = Bitboard{1} << (r * 8 + f);
            b |= sq;
            if (occupied & sq) break;
            f += dirs[i][0];
            r += dirs[i][1];
        }
    }
    return b;
}

namespace detail {
constexpr int rook_dirs[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
} // namespace detail

constexpr Bitboard rook_attacks(Square s, Bitboard occ) {
    return ray_attacks(s, occ, detail::rook_dirs, 4);
}
constexpr Bitboard bishop_attacks(Square s, Bitboard occ) {
    return ray_attacks(s, occ, detail::bishop_dirs, 4);
}

// Returns the squares a piece of type pt (not a pawn) on s attacks, given the occupancy.
constexpr Bitboard attacks(PieceType pt, Square s, Bitboard occ) {
    switch (pt) {
    case KING:
        return KING_ATTACKS[s];
    case KNIGHT:
        return KNIGHT_ATTACKS[s];
    case BISHOP:
        return bishop_attacks(s, occ);
    case ROOK:
        return rook_attacks(s, occ);
    case QUEEN:
        return rook_attacks(s, occ) | bishop_attacks(s, occ);
    default:
        return 0;
    }
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

constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }

} // namespace al0
