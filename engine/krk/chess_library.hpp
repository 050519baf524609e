#pragma once
// The chess primitive library (advice/chess_library.hpp, docs/LIBRARY.md) on the compact KRK
// state: roles 0 our_king (White's king), 1 their_king, 2 our_rook. Included only by
// krk_domain.cpp (which holds its only definitions of KrkDomain::value and generate), where
// the search is instantiated, so that the primitives inline into it.

#include "contract/chess_library.hpp"
#include "engine/chess/bitboards.hpp"
#include "engine/endgame/square_measures.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_domain.hpp"

namespace al0::krk {

namespace library {

namespace lib = contract::chess;

enum Role : std::uint8_t { OUR_KING, THEIR_KING, OUR_ROOK };

inline Square square_of(const KrkState& s, std::uint8_t role) {
    const Square squares[3] = {s.wk, s.bk, s.wr};
    return squares[role];
}

inline bool ours(std::uint8_t role) { return role != THEIR_KING; }

using endgame::box;
using endgame::dark;
using endgame::region;
using endgame::square_measure;

// Squares White attacks: the king's neighbours and the rook's lines (the white king blocks).
inline Bitboard white_attacks(const KrkState& s) {
    Bitboard a = KING_ATTACKS[s.wk];
    if (!s.rook_captured()) a |= ROOK_BEHIND[s.wr][s.wk];
    return a;
}

inline bool attacked(const KrkState& s, std::uint8_t role) {
    switch (role) {
    case OUR_KING:
        return adjacent(s.bk, s.wk);
    case THEIR_KING:
        return in_check(s);
    default:
        return adjacent(s.bk, s.wr);
    }
}

inline bool defended(const KrkState& s, std::uint8_t role) {
    switch (role) {
    case OUR_KING:
        return !s.rook_captured() && (ROOK_BEHIND[s.wr][s.bk] & square_bb(s.wk));
    case THEIR_KING:
        return false;
    default:
        return adjacent(s.wk, s.wr);
    }
}

inline int measure(const search::Instance& in, const KrkState& s) {
    const Square a = square_of(s, in.args[0]), b = square_of(s, in.args[1]);
    // A one-role measure's second argument is role 0, our king, which is never captured.
    if ((a | b) & SQ_NONE) return in.primitive == lib::M_BOX ? 64 : 0;
    if (const int v = square_measure(lib::Measure(in.primitive), a, b); v >= 0) return v;
    switch (lib::Measure(in.primitive)) {
    case lib::M_BOX:
        return in.args[0] == OUR_ROOK ? box(a, b) : 64;
    case lib::M_REGION:
        if (in.args[0] == THEIR_KING) return region(a, white_attacks(s) | square_bb(s.wk));
        return in.args[0] == OUR_KING ? region(a, KING_ATTACKS[s.bk] | square_bb(s.bk)) : 0;
    case lib::M_MOBILITY: {
        KrkDomain::Buffer moves;
        if (in.args[0] == THEIR_KING) black_moves(s, moves);
        if (in.args[0] == OUR_KING) king_diag_first(s, moves);
        if (in.args[0] == OUR_ROOK) rook_moves(s, moves);
        return moves.size();
    }
    case lib::M_PROMOTION_DISTANCE: // KRK has no pawn
        return 0;
    case lib::M_VALUE:
        return in.args[0] == OUR_ROOK ? 5 : 0;
    default: // square_measure's
        break;
    }
    return 0;
}

inline bool predicate(const search::Instance& in, const KrkState& s) {
    const std::uint8_t role = in.args[0];
    switch (lib::Predicate(in.primitive)) {
    case lib::P_TRUE:
        return true;
    case lib::P_THEM_TO_MOVE:
        return s.stm == BLACK;
    case lib::P_CHECK:
        return s.stm == BLACK && in_check(s);
    case lib::P_MATE:
        return s.stm == BLACK && in_check(s) && !black_has_move(s);
    case lib::P_STALEMATE:
        return s.stm == BLACK && !in_check(s) && !black_has_move(s);
    case lib::P_OPPOSITION:
        return s.stm == BLACK && distance(s.wk, s.bk) == 2 &&
               (file_of(s.wk) == file_of(s.bk) || rank_of(s.wk) == rank_of(s.bk));
    case lib::P_PROMOTED: // KRK has no pawn
        return false;
    case lib::P_CAPTURED:
        return square_of(s, role) == SQ_NONE;
    case lib::P_ATTACKED:
        return square_of(s, role) != SQ_NONE && attacked(s, role);
    case lib::P_DEFENDED:
        return square_of(s, role) != SQ_NONE && defended(s, role);
    case lib::P_LOST:
        return square_of(s, role) == SQ_NONE ||
               ((s.stm == WHITE) != ours(role) && attacked(s, role) && !defended(s, role));
    case lib::P_IN_SQUARE: // KRK has no pawn
        return false;
    case lib::P_SAME_COLOUR: {
        const Square a = square_of(s, role), b = square_of(s, in.args[1]);
        return a != SQ_NONE && b != SQ_NONE && dark(a) == dark(b);
    }
    case lib::PREDICATE_NB:
        break;
    }
    return false;
}

} // namespace library

std::int32_t KrkDomain::value(const search::Instance& in, const State& s) const {
    return in.kind == search::Instance::Kind::measure ? library::measure(in, s)
                                                      : library::predicate(in, s);
}

void KrkDomain::generate(const search::Instance& in, const State& s, Buffer& out) const {
    namespace lib = contract::chess;
    switch (lib::Generator(in.primitive)) {
    case lib::G_LEGAL:
        return generate(G_LEGAL, s, out);
    case lib::G_MOVES:
        if (in.args[0] == library::THEIR_KING && s.stm == BLACK) black_moves(s, out);
        if (in.args[0] == library::OUR_KING && s.stm == WHITE) king_diag_first(s, out);
        if (in.args[0] == library::OUR_ROOK && s.stm == WHITE) rook_moves(s, out);
        return;
    case lib::G_CHECKS: {
        Buffer legal;
        generate(G_LEGAL, s, legal);
        for (Move m : legal)
            if (in_check(play(s, m)) && s.stm == WHITE) out.push(m);
        return;
    }
    case lib::G_CAPTURES:
        if (s.stm == BLACK && !s.rook_captured()) {
            Buffer legal;
            black_moves(s, legal);
            for (Move m : legal)
                if (m.to() == s.wr) out.push(m);
        }
        return;
    case lib::G_NOMOVE:
    case lib::G_PROMOTIONS: // KRK has no pawn
    case lib::GENERATOR_NB:
        return;
    }
}

} // namespace al0::krk
