#pragma once
// The compact KRK state as a board of the chess library (engine/endgame/board.hpp): roles 0 our
// king (White's), 1 their king, 2 our rook. Its answers use what KRK alone allows: Black has
// only its king, so White is never in check, and the rook's lines are blocked by the two kings
// alone (ROOK_BEHIND).

#include "engine/chess/bitboards.hpp"
#include "engine/endgame/board.hpp"
#include "engine/krk/krk_state.hpp"

namespace al0::krk {

class KrkBoard {
  public:
    explicit KrkBoard(const KrkState& s) : s_(s) {}

    [[nodiscard]] static int role_count() { return 3; }
    [[nodiscard]] static Piece start_piece(std::uint8_t role) {
        constexpr Piece pieces[3] = {W_KING, B_KING, W_ROOK};
        return pieces[role];
    }
    [[nodiscard]] Square square(std::uint8_t role) const {
        const Square squares[3] = {s_.wk, s_.bk, s_.wr};
        return squares[role];
    }
    [[nodiscard]] static Piece piece(std::uint8_t role) { return start_piece(role); }

    [[nodiscard]] Color side_to_move() const { return s_.stm; }
    [[nodiscard]] Square king(Color c) const { return c == WHITE ? s_.wk : s_.bk; }
    [[nodiscard]] Bitboard rook() const { return s_.rook_captured() ? 0 : square_bb(s_.wr); }
    [[nodiscard]] Bitboard occupied() const { return square_bb(s_.wk) | square_bb(s_.bk) | rook(); }
    [[nodiscard]] Bitboard pieces(Color c) const {
        return c == WHITE ? square_bb(s_.wk) | rook() : square_bb(s_.bk);
    }
    [[nodiscard]] Bitboard pieces(Color c, PieceType pt) const {
        if (pt == KING) return square_bb(king(c));
        return c == WHITE && pt == ROOK ? rook() : 0;
    }
    [[nodiscard]] static Square ep_square() { return SQ_NONE; }
    [[nodiscard]] bool attacked(Square s, Color by, Bitboard occ, Bitboard captured) const {
        if (by == BLACK)
            return (KING_ATTACKS[s_.bk] & square_bb(s)) && !(captured & square_bb(s_.bk));
        if (KING_ATTACKS[s_.wk] & square_bb(s)) return true;
        return (rook() & ~captured & ROOK_RAYS[s]) && !(BETWEEN[s][s_.wr] & occ);
    }
    // Why ROOK_BEHIND: the rook's lines stop only at the kings, and a transparent king is read
    // as the rook's own square (no blocker).
    [[nodiscard]] Bitboard attacks_by(Color c, Bitboard transparent) const {
        if (c == BLACK) return KING_ATTACKS[s_.bk];
        if (s_.rook_captured()) return KING_ATTACKS[s_.wk];
        const Square wk = transparent & square_bb(s_.wk) ? s_.wr : s_.wk;
        const Square bk = transparent & square_bb(s_.bk) ? s_.wr : s_.bk;
        return KING_ATTACKS[s_.wk] | (ROOK_BEHIND[s_.wr][wk] & ROOK_BEHIND[s_.wr][bk]);
    }
    // The piece on S is the rook or a king.
    [[nodiscard]] Bitboard attacks_from(PieceType pt, Square s) const {
        return pt == ROOK ? ROOK_BEHIND[s][s_.wk] & ROOK_BEHIND[s][s_.bk] : KING_ATTACKS[s];
    }
    [[nodiscard]] bool in_check() const { return s_.stm == BLACK && black_king_attacked(); }
    // Whether White attacks the black king, whoever is to move.
    [[nodiscard]] bool black_king_attacked() const {
        return (KING_ATTACKS[s_.wk] & square_bb(s_.bk)) ||
               (!s_.rook_captured() && (ROOK_BEHIND[s_.wr][s_.wk] & square_bb(s_.bk)));
    }
    [[nodiscard]] bool is_capture(Move m) const { return m.to() == s_.wr && s_.stm == BLACK; }
    // A White move checks when the rook, moved or uncovered by the king, sees the black king.
    [[nodiscard]] auto check_test() const {
        return [s = s_](Move m) {
            if (s.stm == BLACK) return false;
            const Square wk = m.from() == s.wk ? m.to() : s.wk;
            const Square wr = m.from() == s.wk ? s.wr : m.to();
            return !s.rook_captured() && bool(ROOK_BEHIND[wr][wk] & square_bb(s.bk));
        };
    }

  private:
    const KrkState& s_;
};

static_assert(endgame::Board<KrkBoard>);

} // namespace al0::krk
