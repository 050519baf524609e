#pragma once
// The predicates of the native KRK library (docs/KRK_LIBRARY.md) and the measures behind them,
// inline: the one definition that both KrkDomain (krk_domain.cpp) and the goals compiled to C++
// at run time (engine/codegen) include. Why a header of its own: the generated code is compiled
// apart from al0, from this text as the binary carries it (engine/codegen/CMakeLists.txt), so it
// includes no more than it must.

#include "engine/chess/bitboards.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_board.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"

#include <array>
#include <cstdint>

namespace al0::krk::predicates {

// CS_OFFSET[a][r][b]: on one axis (files or ranks, 0..7), how far coordinate a lies from the
// critical square's, which is next to the rook's r on the side of the black king's b (it may be
// off the board). Why a table: manhattan_to_cs is one lookup per axis, where the arithmetic took
// four compares and two absolute values.
inline constexpr auto CS_OFFSET = [] {
    std::array<std::array<std::array<std::uint8_t, 8>, 8>, 8> t{};
    for (int a = 0; a < 8; ++a)
        for (int r = 0; r < 8; ++r)
            for (int b = 0; b < 8; ++b) {
                const int cs = b < r ? r - 1 : r + 1, d = a - cs;
                t[a][r][b] = std::uint8_t(d < 0 ? -d : d);
            }
    return t;
}();

// The manhattan distance of the white king to the critical square: diagonally next to the rook
// on the black king's side.
inline int manhattan_to_cs(const KrkState& s) {
    return CS_OFFSET[file_of(s.wk)][file_of(s.wr)][file_of(s.bk)] +
           CS_OFFSET[rank_of(s.wk)][rank_of(s.wr)][rank_of(s.bk)];
}

// distance() of every two squares. Why a table: the predicates ask it at every node, and a
// lookup is a third of the arithmetic's instructions.
inline constexpr auto DISTANCE = [] {
    std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> t{};
    for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = 0; b < SQUARE_NB; ++b) t[a][b] = std::uint8_t(distance(Square(a), Square(b)));
    return t;
}();

// The squares a king step apart (king-move distance 1).
inline bool next_to(Square a, Square b) { return (KING_ATTACKS[a] & square_bb(b)) != 0; }

inline bool rook_exposed(const KrkState& s) {
    int wd = DISTANCE[s.wk][s.wr], bd = DISTANCE[s.bk][s.wr];
    return s.stm == WHITE ? wd > bd + 1 : wd > bd;
}

inline bool between(int a, int b, int c) { return (a < b && b < c) || (c < b && b < a); }

inline bool rook_divides(const KrkState& s) {
    return between(file_of(s.wk), file_of(s.wr), file_of(s.bk)) ||
           between(rank_of(s.wk), rank_of(s.wr), rank_of(s.bk));
}

inline bool rook_lost(const KrkState& s) {
    return s.rook_captured() || (s.stm == BLACK && next_to(s.bk, s.wr) && !next_to(s.wk, s.wr));
}

// room() of the rook on each square against the black king on each square (the book's measure).
inline constexpr auto ROOM = [] {
    std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> t{};
    for (int r = 0; r < SQUARE_NB; ++r)
        for (int k = 0; k < SQUARE_NB; ++k) {
            const int rx = r % 8 + 1, ry = r / 8 + 1, kx = k % 8 + 1, ky = k / 8 + 1;
            const int side_x = kx < rx ? rx - 1 : 8 - rx, side_y = ky < ry ? ry - 1 : 8 - ry;
            t[r][k] = std::uint8_t(rx == kx || ry == ky ? 64 : side_x * side_y);
        }
    return t;
}();

inline int room(const KrkState& s) { return s.rook_captured() ? 64 : ROOM[s.wr][s.bk]; }

// The squares the black king may step to: its neighbours that White does not attack with the
// black king out of the way (the rook's lines then stop at White's king alone), the undefended
// rook's included. As the chess library's king_targets gives them (engine/endgame/library.hpp),
// where the general board's attack maps cost twice the instructions.
inline Bitboard black_king_targets(const KrkState& s) {
    const Bitboard rook = s.rook_captured() ? 0 : ROOK_BEHIND[s.wr][s.wk];
    return KING_ATTACKS[s.bk] & ~KING_ATTACKS[s.wk] & ~rook;
}

inline bool black_has_move(const KrkState& s) { return black_king_targets(s) != 0; }

// The value of a predicate at S under ROOT. Inlined where a goal asks it (KrkDomain's steps, the
// compiled goals), where the predicate is often a constant and the switch folds away. The check
// test is KrkBoard's, not in_check: gcc may leave that one a call of its own. Why qualified
// names: krk_domain.hpp declares room and black_has_move of the same state too (ADL).
[[gnu::always_inline]] inline bool predicate_holds(std::uint8_t predicate, const KrkState& s,
                                                   const KrkState& root) {
    const bool rook = !s.rook_captured();
    switch (Predicate(predicate)) {
    case P_TRUE:
        return true;
    case P_THEMTOMOVE:
        return s.stm == BLACK;
    case P_MATE:
        return s.stm == BLACK && KrkBoard(s).black_king_attacked() &&
               !predicates::black_has_move(s);
    case P_STALEMATE:
        return s.stm == BLACK && !KrkBoard(s).black_king_attacked() &&
               !predicates::black_has_move(s);
    case P_CHECK:
        return KrkBoard(s).black_king_attacked();
    case P_NEWROOMSMALLER:
        return predicates::room(s) < predicates::room(root);
    case P_ROOMGT2:
        return predicates::room(s) > 2;
    case P_OKAPPROACHEDCSQUARE:
        return rook && !root.rook_captured() && manhattan_to_cs(s) < manhattan_to_cs(root);
    case P_ROOKEXPOSED:
        return rook && rook_exposed(s);
    case P_ROOKDIVIDES:
        return rook && rook_divides(s);
    case P_LPATT:
        return rook && manhattan(s.wk, s.bk) == 2 && manhattan(s.wr, s.bk) == 3;
    case P_OKORNDLE:
        return rook && !root.rook_captured() && DISTANCE[s.wk][s.wr] <= DISTANCE[root.wk][root.wr];
    case P_OUR_KING_EDGE:
        return on_edge(s.wk);
    case P_THEIR_KING_EDGE:
        return on_edge(s.bk);
    case P_KINGS_CLOSE:
        return DISTANCE[s.wk][s.bk] < 4;
    case P_ROOKLOST:
        return rook_lost(s);
    case P_NEWROOMHALVED:
        return 2 * predicates::room(s) <= predicates::room(root);
    case PREDICATE_NB:
        break;
    }
    return false;
}

// An advice's two goals compiled to one function (engine/codegen) at node S under ROOT: its
// search::GoalVerdict (the holding goal fails, the better goal is met, or neither).
using NodeGoals = int (*)(KrkState s, KrkState root);

} // namespace al0::krk::predicates
