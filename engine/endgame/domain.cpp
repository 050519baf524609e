#include "engine/endgame/domain.hpp"

#include "engine/endgame/library.hpp"
#include "engine/endgame/state_board.hpp"

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstring>

namespace al0::endgame {

namespace {

// The index of the role on square SQ, or MAX_ROLES if none: SQUARES holds each role's square in
// a byte (role r in byte r). Why a word: a test of each role's square, branched or selected,
// made a move cost 101 instructions in the book table's trees, against 73.
int role_on(std::uint64_t squares, Square sq) {
    constexpr std::uint64_t ONES = 0x0101010101010101ull, ROLE_HIGHS = 0x0000008080808080ull;
    static_assert(MAX_ROLES == 5); // ROLE_HIGHS: a byte for each role
    const std::uint64_t x = squares ^ (ONES * sq);
    // The lowest zero byte of x sets its high bit here (only bytes above it may be wrong).
    const std::uint64_t zero = (x - ONES) & ~x & ROLE_HIGHS;
    return zero ? std::countr_zero(zero) >> 3 : MAX_ROLES;
}

} // namespace

State Domain::play(const State& s, Move m) const {
    State n = s;
    const Color us = s.stm;
    const Square from = m.from(), to = m.to();
    // The roles' squares and the bytes after them (the pieces), read as one word.
    std::uint64_t squares;
    std::memcpy(&squares, reinterpret_cast<const unsigned char*>(&s) + offsetof(State, sq), 8);
    static_assert(offsetof(State, sq) + 8 <= sizeof(State));
    const int mover = role_on(squares, from);
    assert(mover < roles_.count); // a legal move moves a role's piece
    const PieceType type = type_of(s.piece[mover]);
    const Square taken = type == PAWN && to == s.ep ? Square(to - pawn_push(us)) : to;
    if (const int victim = role_on(squares, taken); victim < MAX_ROLES) {
        n.by_color[~us] ^= square_bb(taken);
        n.sq[victim] = SQ_NONE;
        n.piece[victim] = NO_PIECE;
    }
    n.sq[mover] = to;
    n.by_color[us] ^= square_bb(from) | square_bb(to);
    if (m.promotion() != NO_PIECE_TYPE) n.piece[mover] = make_piece(us, m.promotion());
    n.stm = ~us;
    n.ep = SQ_NONE;
    if (type == PAWN && to - from == 2 * pawn_push(us))
        set_ep_if_capturable(n, Square(from + pawn_push(us)));
    return n;
}

void Domain::set_ep_if_capturable(State& n, Square behind) const {
    const Color stm = n.stm;
    const Square victim = Square(behind - pawn_push(stm));
    const StateBoard board(roles_, n);
    for (int r = 2; r < roles_.count; ++r) {
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

bool Domain::holds(std::uint8_t predicate, const State& s, const State&) const {
    return library::predicate<Buffer>(StateBoard(roles_, s),
                                      {search::Instance::Kind::predicate, predicate, {}});
}

void Domain::generate(std::uint8_t generator, const State& s, Buffer& out) const {
    library::generate(StateBoard(roles_, s), {search::Instance::Kind::generator, generator, {}},
                      out);
}

std::int32_t Domain::library_value(const search::Instance& in, const State& s) const {
    const StateBoard board(roles_, s);
    return in.kind == search::Instance::Kind::measure ? library::measure<Buffer>(board, in)
                                                      : library::predicate<Buffer>(board, in);
}

void Domain::generate(const search::Instance& in, const State& s, Buffer& out) const {
    library::generate(StateBoard(roles_, s), in, out);
}

std::uint64_t Domain::code(const State& s) const {
    // 7 bits a square (SQ_NONE is 64): 35 for five roles; 3 bits of piece type for each role
    // that began as a pawn (only those change type): at most 9; the en passant square and the
    // side to move: 8.
    static_assert(MAX_ROLES <= 5);
    std::uint64_t c = 0;
    for (int role = 0; role < roles_.count; ++role) {
        const Square sq = s.sq[role];
        c = c << 7 | sq;
        if (pawn_roles_ >> role & 1) c = c << 3 | type_of(s.piece[role]); // NO_PIECE: 0
    }
    return c << 8 | std::uint64_t(s.ep) << 1 | (s.stm == BLACK);
}

} // namespace al0::endgame

namespace al0::search {
template class Evaluator<endgame::Domain>;
template class AdviceSearch<endgame::Domain>;
template void build_tree_into<endgame::Domain>(const endgame::Domain&, const Program&,
                                               const endgame::State&, const Options&,
                                               SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
