#include "engine/chess/position.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/zobrist.hpp"

namespace al0 {

Position Position::make(std::span<const Placement> pieces, Color stm, Square ep, int halfmove,
                        int fullmove) {
    Position p;
    for (const Placement& pl : pieces) p.put(pl.piece, pl.sq);
    p.stm_ = stm;
    if (stm == BLACK) p.key_ ^= zobrist::black_to_move();
    if (is_ok(ep)) p.set_ep_if_capturable(ep);
    p.halfmove_ = std::uint16_t(halfmove);
    p.fullmove_ = std::uint16_t(fullmove);
    return p;
}

std::string Position::validate() const {
    // Only make() can put two pieces on one square; FEN cannot.
    int placed = 0;
    for (Bitboard b : by_type_) placed += popcount(b);
    if (placed != piece_count() || (by_color_[WHITE] & by_color_[BLACK]))
        return "two pieces on one square";
    for (Color c : {WHITE, BLACK}) {
        const char* name = c == WHITE ? "white" : "black";
        const int kings = popcount(pieces(c, KING));
        if (kings == 0) return std::string("no ") + name + " king";
        if (kings > 1) return std::string("two ") + name + " kings";
    }
    if (piece_count() > MAX_PIECES)
        return "not a supported endgame: " + std::to_string(piece_count()) +
               " pieces, at most 5 (the kings included)";
    if (Bitboard wrong = pieces(PAWN) & BACK_RANKS)
        return "a pawn on " + square_name(lsb(wrong)) + " (pawns never stand on rank 1 or 8)";
    if (distance(king(WHITE), king(BLACK)) <= 1) return "the kings are adjacent";
    const Color them = ~stm_;
    if (attacked(king(them), stm_, occupied()))
        return std::string(them == WHITE ? "white king in check with Black to move"
                                         : "black king in check with White to move");
    if (is_ok(ep_)) {
        const int push = pawn_push(stm_);
        const bool explained = relative_rank(stm_, rank_of(ep_)) == RANK_6 &&
                               board_[ep_] == NO_PIECE && board_[ep_ + push] == NO_PIECE &&
                               board_[ep_ - push] == make_piece(them, PAWN);
        if (!explained)
            return "en passant square '" + square_name(ep_) + "' is not explained by a " +
                   (them == WHITE ? "white" : "black") + " pawn's double step";
    }
    return {};
}

bool Position::attacked(Square s, Color by, Bitboard occ, Bitboard captured) const {
    const Bitboard them = by_color_[by] & ~captured;
    if ((KNIGHT_ATTACKS[s] & them & by_type_[KNIGHT]) ||
        (KING_ATTACKS[s] & them & by_type_[KING]) || (PAWN_ATTACKS[~by][s] & them & by_type_[PAWN]))
        return true;
    const Bitboard queens = by_type_[QUEEN];
    for (Bitboard b = them & (by_type_[ROOK] | queens) & ROOK_RAYS[s]; b; b &= b - 1)
        if (!(BETWEEN[s][lsb(b)] & occ)) return true;
    for (Bitboard b = them & (by_type_[BISHOP] | queens) & BISHOP_RAYS[s]; b; b &= b - 1)
        if (!(BETWEEN[s][lsb(b)] & occ)) return true;
    return false;
}

Bitboard Position::attacks_by(Color c, Bitboard transparent) const {
    const Bitboard occ = occupied() & ~transparent;
    Bitboard a = 0;
    for (Bitboard b = by_color_[c]; b; b &= b - 1) {
        const Square s = lsb(b);
        const PieceType pt = type_of(board_[s]);
        a |= pt == PAWN ? PAWN_ATTACKS[c][s] : attacks(pt, s, occ);
    }
    return a;
}

bool Position::in_check() const { return attacked(king(stm_), ~stm_, occupied()); }
bool Position::gives_check(Move m) const {
    const Color us = stm_;
    const Square k = king(~us), from = m.from(), to = m.to();
    const PieceType moved = m.promotion() != NO_PIECE_TYPE ? m.promotion() : type_of(board_[from]);
    const Bitboard victim = is_en_passant(m) ? square_bb(Square(to - pawn_push(us))) : 0;
    const Bitboard occ = (occupied() & ~square_bb(from) & ~victim) | square_bb(to);
    const Bitboard direct = moved == PAWN ? PAWN_ATTACKS[us][to] : attacks(moved, to, occ);
    // Any other attack on the king is a line the move uncovered: it was our turn, so none was
    // there before.
    return (direct & square_bb(k)) || attacked(k, us, occ, square_bb(from));
}

CheckSquares Position::check_squares() const {
    const Color us = stm_;
    const Square k = king(~us);
    const Bitboard occ = occupied();
    CheckSquares cs = direct_check_squares(us, k, occ);
    const Bitboard queens = by_type_[QUEEN];
    const Bitboard lines = (by_type_[ROOK] | queens) & ROOK_RAYS[k];
    for (Bitboard b = by_color_[us] & (lines | ((by_type_[BISHOP] | queens) & BISHOP_RAYS[k])); b;
         b &= b - 1) {
        const Bitboard between = BETWEEN[k][lsb(b)] & occ;
        if (between && !(between & (between - 1))) cs.uncover |= between & by_color_[us];
    }
    return cs;
}

bool Position::has_legal_move() const { return !generate_legal(*this).empty(); }
bool Position::is_checkmate() const { return in_check() && !has_legal_move(); }
bool Position::is_stalemate() const { return !in_check() && !has_legal_move(); }

void Position::undo_move(Move m, const UndoInfo& u) {
    stm_ = ~stm_;
    const Color us = stm_;
    const Square from = m.from(), to = m.to();
    const Piece moved = m.promotion() != NO_PIECE_TYPE ? make_piece(us, PAWN) : board_[to];
    remove(to);
    put(moved, from);
    if (u.captured != NO_PIECE) {
        const bool en_passant = type_of(moved) == PAWN && to == u.ep;
        put(u.captured, en_passant ? Square(to - pawn_push(us)) : to);
    }
    ep_ = u.ep;
    halfmove_ = u.halfmove;
    fullmove_ = u.fullmove;
    key_ = u.key;
}

} // namespace al0
