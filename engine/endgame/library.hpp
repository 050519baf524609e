#pragma once
// The chess primitive library (contract/chess_library.hpp, docs/LIBRARY.md) on the endgame State,
// for any material. Included only by domain.cpp (which holds the only definitions of
// Domain::value and generate), where the search is instantiated, so that the primitives inline
// into it.

#include "contract/chess_library.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/geometry.hpp"
#include "engine/endgame/square_measures.hpp"

namespace al0::endgame::library {

namespace lib = contract::chess;
using Buffer = Domain::Buffer;

// Returns whether moving C's piece (not the king) from FROM to TO, capturing on VICTIM (0 or one
// square), leaves C's king unattacked. C need not be the side to move (mobility asks).
inline bool king_safe(const Position& pos, Color c, Square from, Square to, Bitboard victim) {
    const Square king = pos.king(c);
    const Bitboard occ = (pos.occupied() & ~square_bb(from) & ~victim) | square_bb(to);
    return !pos.attacked(king, ~c, occ, victim | square_bb(to));
}

// Returns the squares C's king on FROM may step to: not its own pieces', not attacked by the
// other side (seen through this king, so that it cannot step back along a checking line).
inline Bitboard king_targets(const Position& pos, Square from, Color c) {
    return KING_ATTACKS[from] & ~pos.pieces(c) & ~pos.attacks_by(~c, square_bb(from));
}

// Appends the king's moves in the book's order.
inline void king_moves(const Position& pos, Square from, Color c, Buffer& out) {
    const Bitboard targets = king_targets(pos, from, c);
    const Leaps& leaps = KING_LEAPS[from];
    for (int i = 0; i < leaps.count; ++i)
        if (targets & square_bb(leaps.squares[i])) out.push(Move(from, leaps.squares[i]));
}

// Returns whether a move of C's piece on FROM (not the king) can leave C's king attacked: when
// C is in check, or FROM is on a line through the king (a pin). Why: the test of every move
// is most of the cost of generating them.
inline bool may_expose(const Position& pos, Color c, Square from) {
    const Square k = pos.king(c);
    return ((ROOK_RAYS[k] | BISHOP_RAYS[k]) & square_bb(from)) ||
           pos.attacked(k, ~c, pos.occupied());
}

// Appends a knight's moves in its order.
inline void knight_moves(const Position& pos, Square from, Color c, Buffer& out) {
    const Bitboard barred = pos.pieces(c) | pos.pieces(~c, KING);
    const bool test = may_expose(pos, c, from);
    const Leaps& leaps = KNIGHT_LEAPS[from];
    for (int i = 0; i < leaps.count; ++i) {
        const Square to = leaps.squares[i];
        if (!(barred & square_bb(to)) &&
            (!test || king_safe(pos, c, from, to, pos.occupied() & square_bb(to))))
            out.push(Move(from, to));
    }
}

// Appends a line piece's moves in the book's order generalised: for i = 1..8, the square on
// its file at rank i, the square on its rank at file i (rooks and queens), then the squares at
// file i on its rising and its falling diagonal (bishops and queens).
inline void line_moves(const Position& pos, PieceType pt, Square from, Color c, Buffer& out) {
    const Bitboard targets =
        attacks(pt, from, pos.occupied()) & ~pos.pieces(c) & ~pos.pieces(~c, KING);
    const int f = file_of(from), r = rank_of(from);
    const bool test = may_expose(pos, c, from);
    auto consider = [&](int file, int rank) {
        if (file < 0 || file > 7 || rank < 0 || rank > 7) return;
        const Square to = make_square(File(file), Rank(rank));
        if ((targets & square_bb(to)) &&
            (!test || king_safe(pos, c, from, to, pos.occupied() & square_bb(to))))
            out.push(Move(from, to));
    };
    for (int i = 0; i < 8; ++i) {
        if (pt != BISHOP) {
            consider(f, i);
            consider(i, r);
        }
        if (pt != ROOK) {
            consider(i, r + (i - f));
            consider(i, r - (i - f));
        }
    }
}

// Appends a pawn's moves: one step, two steps, the capture towards the a-file, the capture
// towards the h-file (en passant only for the side to move); a promotion as Q, R, B, N.
inline void pawn_moves(const Position& pos, Square from, Color c, Buffer& out) {
    const int push = pawn_push(c);
    const bool test = may_expose(pos, c, from);
    auto add = [&](Square to, Bitboard victim, bool en_passant = false) {
        if ((test || en_passant) && !king_safe(pos, c, from, to, victim)) return;
        if (square_bb(to) & BACK_RANKS) {
            for (PieceType promotion : {QUEEN, ROOK, BISHOP, KNIGHT})
                out.push(Move(from, to, promotion));
        } else {
            out.push(Move(from, to));
        }
    };
    const Bitboard occ = pos.occupied();
    const Square one = Square(from + push);
    if (!(occ & square_bb(one))) {
        add(one, 0);
        const Square two = Square(one + push);
        if (relative_rank(c, rank_of(from)) == RANK_2 && !(occ & square_bb(two))) add(two, 0);
    }
    const Bitboard prey = pos.pieces(~c) & ~pos.pieces(KING);
    for (int df : {-1, 1}) {
        const int file = file_of(from) + df;
        if (file < 0 || file > 7) continue;
        const Square to = Square(one + df);
        if (prey & square_bb(to))
            add(to, square_bb(to));
        else if (to == pos.ep_square() && c == pos.side_to_move())
            add(to, square_bb(Square(to - push)), true);
    }
}

// Appends the legal moves of ROLE's piece (as if its side were to move), in its order.
inline void role_moves(const Roles& roles, const State& s, std::uint8_t role, Buffer& out) {
    const Square from = s.sq[role];
    if (from == SQ_NONE) return;
    const Color c = color_of(roles.piece[role]);
    switch (const PieceType pt = type_of(s.pos.piece_on(from))) {
    case KING:
        return king_moves(s.pos, from, c, out);
    case KNIGHT:
        return knight_moves(s.pos, from, c, out);
    case PAWN:
        return pawn_moves(s.pos, from, c, out);
    default:
        return line_moves(s.pos, pt, from, c, out);
    }
}

// Appends the legal moves of colour C: its roles' moves in role order (the king first).
inline void side_moves(const Roles& roles, const State& s, Color c, Buffer& out) {
    for (std::uint8_t role = 0; role < roles.count; ++role)
        if (color_of(roles.piece[role]) == c) role_moves(roles, s, role, out);
}

// Returns whether the side to move has a legal move (its king's moves are looked at first).
inline bool has_move(const Roles& roles, const State& s) {
    const Color c = s.pos.side_to_move();
    if (king_targets(s.pos, s.pos.king(c), c)) return true;
    Buffer moves;
    for (std::uint8_t role = 2; role < roles.count && moves.size() == 0; ++role)
        if (color_of(roles.piece[role]) == c) role_moves(roles, s, role, moves);
    return moves.size() > 0;
}

// The number of squares the king of ROLE reaches by king steps through squares the other side
// does not attack (seen through this king) and that its king does not stand on.
inline int king_region(const Roles& roles, const State& s, std::uint8_t role) {
    const Square k = s.sq[role];
    const Color other = ~color_of(roles.piece[role]);
    return region(k, s.pos.attacks_by(other, square_bb(k)) | square_bb(s.pos.king(other)));
}

inline int measure(const Roles& roles, const search::Instance& in, const State& s) {
    const Square a = s.sq[in.args[0]], b = s.sq[in.args[1]];
    // A one-role measure's second argument is role 0, our king, which is never captured.
    if ((a | b) & SQ_NONE) return in.primitive == lib::M_BOX ? 64 : 0;
    if (const int v = square_measure(lib::Measure(in.primitive), a, b); v >= 0) return v;
    const PieceType pt = type_of(s.pos.piece_on(a));
    switch (lib::Measure(in.primitive)) {
    case lib::M_BOX:
        return pt == ROOK || pt == QUEEN ? box(a, b) : 64;
    case lib::M_REGION:
        return pt == KING ? king_region(roles, s, in.args[0]) : 0;
    case lib::M_MOBILITY: {
        Buffer moves;
        role_moves(roles, s, in.args[0], moves);
        return moves.size();
    }
    case lib::M_PROMOTION_DISTANCE:
        return pt == PAWN ? distance(b, promotion_square(color_of(s.pos.piece_on(a)), a)) : 0;
    case lib::M_VALUE:
        return piece_value(pt);
    default: // square_measure's
        break;
    }
    return 0;
}

inline bool attacked(const Roles& roles, const State& s, std::uint8_t role) {
    return s.pos.attacked(s.sq[role], ~color_of(roles.piece[role]), s.pos.occupied());
}

inline bool defended(const Roles& roles, const State& s, std::uint8_t role) {
    return s.pos.attacked(s.sq[role], color_of(roles.piece[role]), s.pos.occupied());
}

// Returns whether a pawn of ours stands promoted: its role now holds another piece.
inline bool promoted(const Roles& roles, const State& s) {
    for (std::uint8_t role = 2; role < roles.count; ++role)
        if (roles.piece[role] == W_PAWN && s.sq[role] != SQ_NONE &&
            s.pos.piece_on(s.sq[role]) != W_PAWN)
            return true;
    return false;
}

// Returns whether the other side's king stands in the square of the pawn of ROLE: no farther
// from its promotion square than the pawn's moves to promote, one more when that king's side is
// to move.
inline bool in_square(const State& s, std::uint8_t role) {
    const Square p = s.sq[role];
    if (p == SQ_NONE || type_of(s.pos.piece_on(p)) != PAWN) return false;
    const Color c = color_of(s.pos.piece_on(p));
    const int moves = pawn_moves_to_promote(c, p) + (s.pos.side_to_move() == ~c ? 1 : 0);
    return distance(s.pos.king(~c), promotion_square(c, p)) <= moves;
}

inline bool predicate(const Roles& roles, const search::Instance& in, const State& s) {
    const std::uint8_t role = in.args[0];
    const bool them_to_move = s.pos.side_to_move() == BLACK;
    switch (lib::Predicate(in.primitive)) {
    case lib::P_TRUE:
        return true;
    case lib::P_THEM_TO_MOVE:
        return them_to_move;
    case lib::P_CHECK:
        return s.pos.in_check();
    case lib::P_MATE:
        return s.pos.in_check() && !has_move(roles, s);
    case lib::P_STALEMATE:
        return !s.pos.in_check() && !has_move(roles, s);
    case lib::P_OPPOSITION: {
        const Square wk = s.sq[OUR_KING], bk = s.sq[THEIR_KING];
        return them_to_move && distance(wk, bk) == 2 &&
               (file_of(wk) == file_of(bk) || rank_of(wk) == rank_of(bk));
    }
    case lib::P_PROMOTED:
        return promoted(roles, s);
    case lib::P_CAPTURED:
        return s.sq[role] == SQ_NONE;
    case lib::P_ATTACKED:
        return s.sq[role] != SQ_NONE && attacked(roles, s, role);
    case lib::P_DEFENDED:
        return s.sq[role] != SQ_NONE && defended(roles, s, role);
    case lib::P_LOST:
        return s.sq[role] == SQ_NONE || (them_to_move == roles.ours(role) &&
                                         attacked(roles, s, role) && !defended(roles, s, role));
    case lib::P_IN_SQUARE:
        return in_square(s, role);
    case lib::P_SAME_COLOUR: {
        const Square a = s.sq[role], b = s.sq[in.args[1]];
        return a != SQ_NONE && b != SQ_NONE && dark(a) == dark(b);
    }
    case lib::PREDICATE_NB:
        break;
    }
    return false;
}

inline void generate(const Roles& roles, const search::Instance& in, const State& s, Buffer& out) {
    const Color stm = s.pos.side_to_move();
    auto legal_where = [&](auto keep) {
        Buffer legal;
        side_moves(roles, s, stm, legal);
        for (Move m : legal)
            if (keep(m)) out.push(m);
    };
    switch (lib::Generator(in.primitive)) {
    case lib::G_LEGAL:
        return side_moves(roles, s, stm, out);
    case lib::G_MOVES:
        if (color_of(roles.piece[in.args[0]]) == stm) role_moves(roles, s, in.args[0], out);
        return;
    case lib::G_CHECKS: {
        const CheckSquares cs = s.pos.check_squares();
        return legal_where([&](Move m) { return s.pos.gives_check(m, cs); });
    }
    case lib::G_CAPTURES:
        return legal_where([&](Move m) { return s.pos.is_capture(m); });
    case lib::G_PROMOTIONS:
        return legal_where([](Move m) { return m.promotion() != NO_PIECE_TYPE; });
    case lib::G_NOMOVE:
    case lib::GENERATOR_NB:
        return;
    }
}

} // namespace al0::endgame::library
