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

namespace detail {
constexpr int white_pawn_steps[2][2] = {{-1, 1}, {1, 1}};
constexpr int black_pawn_steps[2][2] = {{-1, -1}, {1, -1}};
} // namespace detail

// PAWN_ATTACKS[c][s]: the squares a pawn of colour c on s attacks.
inline constexpr std::array<std::array<Bitboard, SQUARE_NB>, COLOR_NB> PAWN_ATTACKS = {
    detail::leaper_table(detail::white_pawn_steps, 2),
    detail::leaper_table(detail::black_pawn_steps, 2)};

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

constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
constexpr int popcount(Bitboard b) { return std::popcount(b); }

namespace detail {
// Each piece's first two directions run towards higher squares, the last two towards lower.
constexpr int rook_dirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
constexpr int bishop_dirs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

// RAYS[d][s]: the squares from s outward in direction d on an empty board (s excluded);
// directions 0-3 are the rook's, 4-7 the bishop's, in the order above.
inline constexpr auto RAYS = [] {
    std::array<std::array<Bitboard, SQUARE_NB>, 8> t{};
    for (int d = 0; d < 8; ++d)
        for (int s = 0; s < SQUARE_NB; ++s)
            t[d][s] = ray_attacks(Square(s), 0, d < 4 ? &rook_dirs[d] : &bishop_dirs[d - 4], 1);
    return t;
}();

// The attacks along the four directions from FIRST on: each ray up to and including its first
// occupied square, found by the nearest set bit (lowest upwards, highest downwards) instead of
// a walk square by square.
constexpr Bitboard slider_attacks(Square s, Bitboard occ, int first) {
    Bitboard a = 0;
    for (int d = first; d < first + 4; ++d) {
        Bitboard ray = RAYS[d][s];
        if (const Bitboard blockers = ray & occ)
            ray ^= RAYS[d][d - first < 2 ? lsb(blockers) : msb(blockers)];
        a |= ray;
    }
    return a;
}
} // namespace detail

constexpr Bitboard rook_attacks(Square s, Bitboard occ) {
    return detail::slider_attacks(s, occ, 0);
}
constexpr Bitboard bishop_attacks(Square s, Bitboard occ) {
    return detail::slider_attacks(s, occ, 4);
}

// Returns the squares a piece of type pt (not a pawn: see PAWN_ATTACKS) on s attacks, given the
// occupancy.
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

// Attacks on an empty board: where a line piece could attack from, before blockers are asked.
inline constexpr auto ROOK_RAYS = [] {
    std::array<Bitboard, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s) t[s] = rook_attacks(Square(s), 0);
    return t;
}();
inline constexpr auto BISHOP_RAYS = [] {
    std::array<Bitboard, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s) t[s] = bishop_attacks(Square(s), 0);
    return t;
}();

// BETWEEN[a][b]: the squares strictly between a and b on their common line, empty when they share
// none. A line piece on b attacks a exactly when it moves along that line and BETWEEN is empty.
inline constexpr auto BETWEEN = [] {
    std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> t{};
    for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = 0; b < SQUARE_NB; ++b) {
            const Bitboard both = square_bb(Square(a)) | square_bb(Square(b));
            if (a == b || !((ROOK_RAYS[a] | BISHOP_RAYS[a]) & square_bb(Square(b)))) continue;
            const bool straight = ROOK_RAYS[a] & square_bb(Square(b));
            t[a][b] = straight ? rook_attacks(Square(a), both) & rook_attacks(Square(b), both)
                               : bishop_attacks(Square(a), both) & bishop_attacks(Square(b), both);
        }
    return t;
}();

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

// Ranks 1 and 8: where pawns promote and never stand.
inline constexpr Bitboard BACK_RANKS = 0xff000000000000ffULL;

} // namespace al0
