#include "engine/chess/movegen.hpp"

#include <algorithm>

namespace al0 {

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

Bitboard pawn_targets(const Position& pos, Square from) {
    const Color us = color_of(pos.piece_on(from));
    const Bitboard occ = pos.occupied();
    Bitboard enemy = pos.pieces(~us);
    if (is_ok(pos.ep_square())) enemy |= square_bb(pos.ep_square());
    Bitboard targets = PAWN_ATTACKS[us][from] & enemy;
    const Square one = Square(from + pawn_push(us));
    if (!(occ & square_bb(one))) {
        targets |= square_bb(one);
        const Square two = Square(one + pawn_push(us));
        if (relative_rank(us, rank_of(from)) == RANK_2 && !(occ & square_bb(two)))
            targets |= square_bb(two);
    }
    return targets;
}

MoveList generate_legal(const Position& pos) {
    MoveList list;
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king(us);
    const Bitboard occ = pos.occupied(), own = pos.pieces(us);
    // The king: its own square is transparent, so that it cannot step back along a checking line.
    const Bitboard danger = pos.attacks_by(them, square_bb(ksq));
    for (Bitboard t = KING_ATTACKS[ksq] & ~own & ~danger; t; t &= t - 1)
        list.push(Move(ksq, lsb(t)));
    // Another piece's move is tested only when it can matter: in check, from a line through the
    // king (a pin), or en passant (which also empties the captured pawn's square).
    const bool check = pos.attacked(ksq, them, occ);
    const Bitboard lines = ROOK_RAYS[ksq] | BISHOP_RAYS[ksq];
    for (Bitboard b = own & ~square_bb(ksq); b; b &= b - 1) {
        const Square from = lsb(b);
        const PieceType pt = type_of(pos.piece_on(from));
        const Bitboard targets =
            pt == PAWN ? pawn_targets(pos, from) : attacks(pt, from, occ) & ~own;
        for (Bitboard t = targets; t; t &= t - 1) {
            const Square to = lsb(t);
            const Move m(from, to);
            const bool ep = pos.is_en_passant(m);
            if (check || ep || (lines & square_bb(from))) {
                const Bitboard victim = ep ? square_bb(Square(to - pawn_push(us))) : 0;
                const Bitboard after = (occ ^ square_bb(from) ^ victim) | square_bb(to);
                if (pos.attacked(ksq, them, after, square_bb(to) | victim)) continue;
            }
            if (pt == PAWN && (square_bb(to) & BACK_RANKS))
                for (PieceType promotion : {QUEEN, ROOK, BISHOP, KNIGHT})
                    list.push(Move(from, to, promotion));
            else
                list.push(m);
        }
    }
    return list;
}

std::uint64_t perft(Position& pos, int depth) {
    MoveList moves = generate_legal(pos);
    if (depth <= 1) return depth == 1 ? std::uint64_t(moves.size()) : 1;
    std::uint64_t n = 0;
    for (Move m : moves) {
        UndoInfo u = pos.do_move(m);
        n += perft(pos, depth - 1);
        pos.undo_move(m, u);
    }
    return n;
}

} // namespace al0
