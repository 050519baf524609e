#pragma once
// The endgame State as a board of the chess library (board.hpp): the chess core's questions
// answered from the roles' squares and pieces (at most five), as Position answers them; over the
// roles of a material given at run time (StateBoard) or as constants (the generated units').

#include "engine/chess/bitboards.hpp"
#include "engine/endgame/board.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"

namespace al0::endgame {

// The roles of a material known when the code is compiled (the goals compiled for a table,
// engine/codegen): as Roles, with its count and pieces constants. Why: a board of them needs no
// loop over the roles nor a switch on their kinds, which were most of a node's tests (the book
// table's trees on the endgame domain).
template <Piece... P>
struct FixedRoles {
    static constexpr int count = sizeof...(P);
    static constexpr std::array<Piece, MAX_ROLES> piece{P...};
};

// Whether a role of ROLES began as a pawn (its piece then changes): any of Roles' may.
[[nodiscard]] constexpr bool may_promote(const Roles&, std::uint8_t) { return true; }
template <Piece... P>
[[nodiscard]] constexpr bool may_promote(const FixedRoles<P...>& roles, std::uint8_t role) {
    return type_of(roles.piece[role]) == PAWN;
}
// Whether roles of type R are known to hold no pawn (so no promotion, no en passant).
template <class R>
inline constexpr bool PAWNLESS = false;
template <Piece... P>
inline constexpr bool PAWNLESS<FixedRoles<P...>> = ((type_of(P) != PAWN) && ...);

// R: Roles, or FixedRoles.
template <class R>
class BasicStateBoard {
  public:
    BasicStateBoard(const R& roles, const State& s) : roles_(roles), s_(s) {}

    [[nodiscard]] int role_count() const { return roles_.count; }
    [[nodiscard]] Piece start_piece(std::uint8_t role) const { return roles_.piece[role]; }
    [[nodiscard]] Square square(std::uint8_t role) const { return s_.sq[role]; }
    // A role that cannot promote is its start piece until it is captured.
    [[nodiscard]] Piece piece(std::uint8_t role) const {
        if (may_promote(roles_, role)) return s_.piece[role];
        return s_.sq[role] == SQ_NONE ? NO_PIECE : roles_.piece[role];
    }

    [[nodiscard]] Color side_to_move() const { return s_.stm; }
    // Roles 0 and 1 are the kings, White's (ours) first.
    [[nodiscard]] Square king(Color c) const { return s_.sq[c == WHITE ? OUR_KING : THEIR_KING]; }
    [[nodiscard]] Bitboard occupied() const { return s_.by_color[WHITE] | s_.by_color[BLACK]; }
    [[nodiscard]] Bitboard pieces(Color c) const { return s_.by_color[c]; }
    [[nodiscard]] Bitboard pieces(Color c, PieceType pt) const {
        if (pt == KING) return square_bb(king(c));
        Bitboard b = 0;
        for (std::uint8_t r = 2; r < roles_.count; ++r)
            if (piece(r) == make_piece(c, pt)) b |= square_bb(s_.sq[r]);
        return b;
    }
    [[nodiscard]] Square ep_square() const { return s_.ep; }
    // Whether a piece of BY (but those on CAPTURED) attacks S, line pieces stopped by OCC.
    // Why the king apart, and the others only when there are any: a king alone is most of the
    // sides the library asks about (KRK's, KPK's and KQK's defender). Why always inline: on
    // FixedRoles, with BY known where it is asked, the loop keeps only BY's pieces, each of a
    // known kind.
    [[nodiscard, gnu::always_inline]] bool attacked(Square s, Color by, Bitboard occ,
                                                    Bitboard captured) const {
        const Bitboard king_bb = square_bb(king(by));
        if ((KING_ATTACKS[king(by)] & square_bb(s)) && !(captured & king_bb)) return true;
        if (!(s_.by_color[by] & ~king_bb & ~captured)) return false;
        for (std::uint8_t r = 2; r < roles_.count; ++r) {
            const Piece p = piece(r);
            if (p == NO_PIECE || color_of(p) != by || (captured & square_bb(s_.sq[r]))) continue;
            if (attacks_square(p, s_.sq[r], s, occ)) return true;
        }
        return false;
    }
    [[nodiscard]] Bitboard attacks_by(Color c, Bitboard transparent) const {
        Bitboard a = KING_ATTACKS[king(c)];
        if (!(s_.by_color[c] & ~square_bb(king(c)))) return a;
        const Bitboard occ = occupied() & ~transparent;
        for (std::uint8_t r = 2; r < roles_.count; ++r) {
            const Piece p = piece(r);
            if (p == NO_PIECE || color_of(p) != c) continue;
            a |=
                type_of(p) == PAWN ? PAWN_ATTACKS[c][s_.sq[r]] : attacks(type_of(p), s_.sq[r], occ);
        }
        return a;
    }
    [[nodiscard]] Bitboard attacks_from(PieceType pt, Square s) const {
        return attacks(pt, s, occupied());
    }
    [[nodiscard]] bool in_check() const { return attacked(king(s_.stm), ~s_.stm, occupied(), 0); }
    [[nodiscard]] bool is_capture(Move m) const {
        return (occupied() & square_bb(m.to())) || is_en_passant(m);
    }
    [[nodiscard]] bool is_en_passant(Move m) const {
        return m.to() == s_.ep && type_of(piece_on(m.from())) == PAWN;
    }
    // A test of the side to move's legal moves: whether one checks the other king. Why the
    // squares worked out once (as Position::check_squares): a test of each move's attacks
    // was a fifth of KQK's verification.
    [[nodiscard]] auto check_test() const {
        const Color us = s_.stm;
        const Square k = king(~us);
        const Bitboard occ = occupied();
        CheckSquares cs = direct_check_squares(us, k, occ);
        // Our pieces alone between the king and a line piece of ours.
        for (std::uint8_t r = 2; r < roles_.count; ++r) {
            const Piece p = piece(r);
            if (p == NO_PIECE || color_of(p) != us) continue;
            const Bitboard at = square_bb(s_.sq[r]);
            const PieceType pt = type_of(p);
            if (((pt == ROOK || pt == QUEEN) && (ROOK_RAYS[k] & at)) ||
                ((pt == BISHOP || pt == QUEEN) && (BISHOP_RAYS[k] & at))) {
                const Bitboard between = BETWEEN[k][s_.sq[r]] & occ;
                if (between && !(between & (between - 1))) cs.uncover |= between & s_.by_color[us];
            }
        }
        return [b = *this, cs](Move m) {
            const Piece p = b.piece_on(m.from());
            if (m.promotion() != NO_PIECE_TYPE || (m.to() == b.s_.ep && type_of(p) == PAWN) ||
                (cs.uncover & square_bb(m.from())))
                return b.gives_check(m);
            return bool(cs.from[type_of(p)] & square_bb(m.to()));
        };
    }
    // Whether the legal move M checks the other king, directly or by uncovering a line.
    [[nodiscard]] bool gives_check(Move m) const {
        const Color us = s_.stm;
        const Square k = king(~us), from = m.from(), to = m.to();
        const PieceType moved =
            m.promotion() != NO_PIECE_TYPE ? m.promotion() : type_of(piece_on(from));
        const Bitboard victim = is_en_passant(m) ? square_bb(Square(to - pawn_push(us))) : 0;
        const Bitboard occ = (occupied() & ~square_bb(from) & ~victim) | square_bb(to);
        const Bitboard direct = moved == PAWN ? PAWN_ATTACKS[us][to] : attacks(moved, to, occ);
        // Any other attack on the king is a line the move uncovered: it was our turn, so none
        // was there before.
        return (direct & square_bb(k)) || attacked(k, us, occ, square_bb(from));
    }
    // The piece on S (NO_PIECE if none).
    [[nodiscard]] Piece piece_on(Square s) const {
        Piece p = NO_PIECE;
        for (std::uint8_t r = 0; r < roles_.count; ++r) p = s_.sq[r] == s ? piece(r) : p;
        return p;
    }

  private:
    // Whether piece P on FROM attacks TO, line pieces stopped by OCC (always inline: P is
    // often a constant).
    [[gnu::always_inline]] static bool attacks_square(Piece p, Square from, Square to,
                                                      Bitboard occ) {
        const Bitboard target = square_bb(to);
        switch (type_of(p)) {
        case PAWN:
            return PAWN_ATTACKS[color_of(p)][from] & target;
        case KNIGHT:
            return KNIGHT_ATTACKS[from] & target;
        case KING:
            return KING_ATTACKS[from] & target;
        default:
            break;
        }
        const bool line = ((type_of(p) != BISHOP) && (ROOK_RAYS[from] & target)) ||
                          ((type_of(p) != ROOK) && (BISHOP_RAYS[from] & target));
        return line && !(BETWEEN[to][from] & occ);
    }

    const R& roles_;
    const State& s_;
};

using StateBoard = BasicStateBoard<Roles>;
static_assert(Board<StateBoard>);

} // namespace al0::endgame
