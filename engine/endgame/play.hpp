#pragma once
// A move played on the endgame state (Domain::play). In a header of its own so that the goals
// compiled to machine code (engine/codegen) play it inline too: a filter's goal after each move
// is one function there, whose roles are constants and which reads only what the goal reads.

#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"
#include "engine/endgame/state_board.hpp"

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace al0::endgame {

namespace play_detail {

// The index of the role on square SQ, or MAX_ROLES if none: SQUARES holds each role's square in
// a byte (role r in byte r). Why a word: a test of each role's square, branched or selected,
// made a move cost 101 instructions in the book table's trees, against 73.
inline int role_on(std::uint64_t squares, Square sq) {
    constexpr std::uint64_t ONES = 0x0101010101010101ull, ROLE_HIGHS = 0x0000008080808080ull;
    static_assert(MAX_ROLES == 5); // ROLE_HIGHS: a byte for each role
    const std::uint64_t x = squares ^ (ONES * sq);
    // The lowest zero byte of x sets its high bit here (only bytes above it may be wrong).
    const std::uint64_t zero = (x - ONES) & ~x & ROLE_HIGHS;
    return zero ? std::countr_zero(zero) >> 3 : MAX_ROLES;
}

// Sets N's en passant square BEHIND a pawn's double step when a pawn of the side to move can
// legally take there (as Position keeps it). Out of line: only a pawn's double step asks it.
template <class R>
[[gnu::noinline]] void set_ep_if_capturable(const R& roles, State& n, Square behind) {
    const Color stm = n.stm;
    const Square victim = Square(behind - pawn_push(stm));
    const BasicStateBoard<R> board(roles, n);
    for (int r = 2; r < roles.count; ++r) {
        if (n.piece[r] != make_piece(stm, PAWN) ||
            !(PAWN_ATTACKS[~stm][behind] & square_bb(n.sq[r])))
            continue;
        const Bitboard occ =
            (board.occupied() ^ square_bb(n.sq[r]) ^ square_bb(victim)) | square_bb(behind);
        if (board.attacked(board.king(stm), ~stm, occ, square_bb(victim)))
            continue; // the capture would leave the king in check
        n.ep = behind;
        return;
    }
}

} // namespace play_detail

// The state after the legal move M at S, of a material of ROLES (Roles, or FixedRoles: then
// without pawns, no pawn's move is looked for).
template <class R>
inline State play_move(const R& roles, const State& s, Move m) {
    State n = s;
    const Color us = s.stm;
    const Square from = m.from(), to = m.to();
    // The roles' squares and the bytes after them (the pieces), read as one word.
    std::uint64_t squares;
    std::memcpy(&squares, reinterpret_cast<const unsigned char*>(&s) + offsetof(State, sq), 8);
    static_assert(offsetof(State, sq) + 8 <= sizeof(State));
    const int mover = play_detail::role_on(squares, from);
    assert(mover < roles.count); // a legal move moves a role's piece
    const PieceType type = PAWNLESS<R> ? NO_PIECE_TYPE : type_of(s.piece[mover]);
    const Square taken = type == PAWN && to == s.ep ? Square(to - pawn_push(us)) : to;
    if (const int victim = play_detail::role_on(squares, taken); victim < MAX_ROLES) {
        n.by_color[~us] ^= square_bb(taken);
        n.sq[victim] = SQ_NONE;
        n.piece[victim] = NO_PIECE;
    }
    n.sq[mover] = to;
    n.by_color[us] ^= square_bb(from) | square_bb(to);
    if (!PAWNLESS<R> && m.promotion() != NO_PIECE_TYPE)
        n.piece[mover] = make_piece(us, m.promotion());
    n.stm = ~us;
    n.ep = SQ_NONE;
    if (type == PAWN && to - from == 2 * pawn_push(us))
        play_detail::set_ep_if_capturable(roles, n, Square(from + pawn_push(us)));
    return n;
}

} // namespace al0::endgame
