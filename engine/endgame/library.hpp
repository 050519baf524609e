#pragma once
// The chess primitive library (contract/chess_library.hpp, docs/LIBRARY.md), written once over the
// board concept (board.hpp): the endgame domain runs it on StateBoard, the KRK fast path on
// krk::KrkBoard. Included only where a domain defines its value and generate and the search is
// instantiated (domain.cpp, krk_domain.cpp), so that the primitives inline into the search.
// Move lists go into any buffer with push, push_if (a push that only a true KEEP counts) and size
// (search::MoveBuffer).

#include "contract/chess_library.hpp"
#include "engine/endgame/board.hpp"
#include "engine/endgame/geometry.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/square_measures.hpp"
#include "engine/search/program.hpp"

namespace al0::endgame::library {

namespace lib = contract::chess;

// Returns whether moving C's piece (not the king) from FROM to TO, capturing on VICTIM (0 or one
// square), leaves C's king unattacked. C need not be the side to move (mobility asks).
template <Board B>
bool king_safe(const B& pos, Color c, Square from, Square to, Bitboard victim) {
    const Square king = pos.king(c);
    const Bitboard occ = (pos.occupied() & ~square_bb(from) & ~victim) | square_bb(to);
    return !pos.attacked(king, ~c, occ, victim | square_bb(to));
}

// Returns the squares C's king on FROM may step to: not its own pieces', not attacked by the
// other side (seen through this king, so that it cannot step back along a checking line).
// Why always inline: a predicate per node asks it (mate, stalemate), and out of line it cost
// the KRK domain's predicates a tenth of their time.
template <Board B>
[[gnu::always_inline]] inline Bitboard king_targets(const B& pos, Square from, Color c) {
    return KING_ATTACKS[from] & ~pos.pieces(c) & ~pos.attacks_by(~c, square_bb(from));
}

// Appends the king's moves in the book's order.
template <Board B, class Buffer>
void king_moves(const B& pos, Square from, Color c, Buffer& out) {
    const Bitboard targets = king_targets(pos, from, c);
    const Leaps& leaps = KING_LEAPS[from];
    for (int i = 0; i < leaps.count; ++i)
        if (targets & square_bb(leaps.squares[i])) out.push(Move(from, leaps.squares[i]));
}

// Returns whether a move of C's piece on FROM (not the king) can leave C's king attacked: when
// C is in check, or FROM is on a line through the king on which a line piece of the other side
// stands (a pin). Why: the test of every move is most of the cost of generating them.
template <Board B>
[[gnu::always_inline]] inline bool may_expose(const B& pos, Color c, Square from) {
    const Square k = pos.king(c);
    const Bitboard queens = pos.pieces(~c, QUEEN);
    const bool straight =
        (ROOK_RAYS[k] & square_bb(from)) && (ROOK_RAYS[k] & (pos.pieces(~c, ROOK) | queens));
    const bool diagonal =
        (BISHOP_RAYS[k] & square_bb(from)) && (BISHOP_RAYS[k] & (pos.pieces(~c, BISHOP) | queens));
    return straight || diagonal || pos.attacked(k, ~c, pos.occupied(), 0);
}

// Appends a knight's moves in its order.
template <Board B, class Buffer>
void knight_moves(const B& pos, Square from, Color c, Buffer& out) {
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

// Appends a line piece's moves in the book's order generalised (LINE_ORDER, geometry.hpp): for
// i = 1..8, the square on its file at rank i, the square on its rank at file i (rooks and
// queens), then the squares at file i on its rising and its falling diagonal (bishops and
// queens). Why the table: its squares, each pushed or not without a branch until no target is
// left, cost a quarter fewer instructions than four bounded squares worked out for each i.
template <Board B, class Buffer>
void line_moves(const B& pos, PieceType pt, Square from, Color c, Buffer& out) {
    Bitboard left = pos.attacks_from(pt, from) & ~pos.pieces(c) & ~pos.pieces(~c, KING);
    if (may_expose(pos, c, from))
        for (Bitboard b = left; b; b &= b - 1)
            if (!king_safe(pos, c, from, lsb(b), pos.occupied() & square_bb(lsb(b))))
                left ^= square_bb(lsb(b));
    for (const Square* to = LINE_ORDER[pt - QUEEN][from].data(); left; ++to) {
        out.push_if(Move(from, *to), left & square_bb(*to));
        left &= ~square_bb(*to);
    }
}

// Appends a pawn's moves: one step, two steps, the capture towards the a-file, the capture
// towards the h-file (en passant only for the side to move); a promotion as Q, R, B, N.
template <Board B, class Buffer>
void pawn_moves(const B& pos, Square from, Color c, Buffer& out) {
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
    const Bitboard prey = pos.pieces(~c) & ~pos.pieces(~c, KING);
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

// Appends the legal moves of ROLE's piece (as if its side were to move), in its order. Why always
// inline: where the roles' kinds are constants (FixedRoles) the switch is gone.
template <Board B, class Buffer>
[[gnu::always_inline]] inline void role_moves(const B& b, std::uint8_t role, Buffer& out) {
    const Square from = b.square(role);
    if (from == SQ_NONE) return;
    const Color c = color_of(b.start_piece(role));
    switch (const PieceType pt = type_of(b.piece(role))) {
    case KING:
        return king_moves(b, from, c, out);
    case KNIGHT:
        return knight_moves(b, from, c, out);
    case PAWN:
        return pawn_moves(b, from, c, out);
    default:
        return line_moves(b, pt, from, c, out);
    }
}

// Appends the legal moves of colour C: its roles' moves in role order (the king first).
template <Board B, class Buffer>
void side_moves(const B& b, Color c, Buffer& out) {
    for (std::uint8_t role = 0; role < b.role_count(); ++role)
        if (color_of(b.start_piece(role)) == c) role_moves(b, role, out);
}

// Returns whether the side to move has a legal move (its king's moves are looked at first).
template <class Buffer, Board B>
bool has_move(const B& b) {
    const Color c = b.side_to_move();
    if (king_targets(b, b.king(c), c)) return true;
    Buffer moves;
    for (std::uint8_t role = 2; role < b.role_count() && moves.size() == 0; ++role)
        if (color_of(b.start_piece(role)) == c) role_moves(b, role, moves);
    return moves.size() > 0;
}

// The number of squares the king of ROLE reaches by king steps through squares the other side
// does not attack (seen through this king) and that its king does not stand on.
template <Board B>
int king_region(const B& b, std::uint8_t role) {
    const Square k = b.square(role);
    const Color other = ~color_of(b.start_piece(role));
    return region(k, b.attacks_by(other, square_bb(k)) | square_bb(b.king(other)));
}

// The squares the king of ROLE reaches by king steps through squares that the other side's walls
// neither attack (seen through this king) nor stand on. The other king is a wall, and so is each
// other piece unless it is undefended and stands next to a square the king reaches: the king may
// go for it, so it walls nothing in. Dropping such a piece can let the king reach another one, so
// the region is grown until no undefended wall borders it.
template <Board B>
Bitboard held_region(const B& b, std::uint8_t role) {
    const Square k = b.square(role);
    const Color other = ~color_of(b.start_piece(role));
    const Bitboard through = b.occupied() & ~square_bb(k);
    const Square their_king = b.king(other);
    Bitboard walls = KING_ATTACKS[their_king] | square_bb(their_king);
    std::array<Square, 8> loose{};
    std::array<Bitboard, 8> loose_walls{};
    std::size_t n = 0;
    for (std::uint8_t r = 2; r < b.role_count(); ++r) {
        const Square s = b.square(r);
        if (s == SQ_NONE || color_of(b.start_piece(r)) != other) continue;
        const PieceType pt = type_of(b.piece(r));
        const Bitboard wall =
            square_bb(s) | (pt == PAWN ? PAWN_ATTACKS[other][s] : attacks(pt, s, through));
        if (b.attacked(s, other, b.occupied(), 0))
            walls |= wall;
        else if (n < loose.size())
            loose[n] = s, loose_walls[n++] = wall;
    }
    for (;;) {
        Bitboard all = walls;
        for (std::size_t i = 0; i < n; ++i) all |= loose_walls[i];
        const Bitboard reached = region_squares(k, all);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < n; ++i)
            if (!(KING_ATTACKS[loose[i]] & reached))
                loose[kept] = loose[i], loose_walls[kept++] = loose_walls[i];
        if (kept == n) return reached;
        n = kept;
    }
}

// A measure that reads more than the squares A and B of its roles (both on the board).
template <class Buffer, Board B>
[[gnu::noinline]] int piece_measure(const B& board, const search::Instance& in, Square a,
                                    Square b) {
    const Piece piece = board.piece(in.args[0]);
    const PieceType pt = type_of(piece);
    switch (lib::Measure(in.primitive)) {
    case lib::M_BOX:
        return pt == ROOK || pt == QUEEN ? box(a, b) : 64;
    case lib::M_REGION:
        return pt == KING ? king_region(board, in.args[0]) : 0;
    case lib::M_MOBILITY: {
        Buffer moves;
        role_moves(board, in.args[0], moves);
        return moves.size();
    }
    case lib::M_PROMOTION_DISTANCE:
        return pt == PAWN ? distance(b, promotion_square(color_of(piece), a)) : 0;
    case lib::M_VALUE:
        return piece_value(pt);
    case lib::M_HELD_REGION:
        return pt == KING ? popcount(held_region(board, in.args[0])) : 0;
    case lib::M_CORNER_DIAGONAL:
        return pt == KING ? corner_diagonal(held_region(board, in.args[0]), b).first : 0;
    case lib::M_KING_AREA: {
        if (pt != KING) return 0;
        const auto [diagonal, on] = corner_diagonal(held_region(board, in.args[0]), b);
        return 8 * diagonal + on;
    }
    default: // square_measure's
        break;
    }
    return 0;
}

// Why always inline, with the other measures out of line: most measures a node asks depend on
// two squares alone, and a call per measure cost more than the measure.
template <class Buffer, Board B>
[[gnu::always_inline]] inline int measure(const B& board, const search::Instance& in) {
    const Square a = board.square(in.args[0]), b = board.square(in.args[1]);
    // A one-role measure's second argument is role 0, our king, which is never captured.
    if ((a | b) & SQ_NONE) return in.primitive == lib::M_BOX ? 64 : 0;
    if (const int v = square_measure(lib::Measure(in.primitive), a, b); v >= 0) return v;
    return piece_measure<Buffer>(board, in, a, b);
}

template <Board B>
bool attacked(const B& b, std::uint8_t role) {
    return b.attacked(b.square(role), ~color_of(b.start_piece(role)), b.occupied(), 0);
}

template <Board B>
bool defended(const B& b, std::uint8_t role) {
    return b.attacked(b.square(role), color_of(b.start_piece(role)), b.occupied(), 0);
}

// Returns whether the other side (to move) takes ROLE's piece for nothing: one of its pieces
// other than the king attacks it and nothing defends it, or its king attacks it and nothing
// defends it as seen through that king. Why through: a guard behind the king on a line forbids
// the capture, as the king may not step along that line (a bishop's check pins a knight's
// capture this way in KBNK).
// Why always inline: where ROLE and its kind are constants, so are most of its tests.
template <Board B>
[[gnu::always_inline]] inline bool lost_now(const B& b, std::uint8_t role) {
    const Square s = b.square(role);
    const Color c = color_of(b.start_piece(role));
    const Square king = b.king(~c);
    const bool by_king = KING_ATTACKS[king] & square_bb(s);
    // Why first: with the king alone on its side and not next to the piece (most of KRK's and
    // KPK's nodes), nothing can take it.
    if (!by_king && b.pieces(~c) == square_bb(king)) return false;
    const Bitboard occ = b.occupied();
    if (b.attacked(s, ~c, occ, square_bb(king)) && !b.attacked(s, c, occ, 0)) return true;
    return by_king && !b.attacked(s, c, occ & ~square_bb(king), 0);
}

// Returns whether a pawn of ours stands promoted: its role now holds another piece.
template <Board B>
bool promoted(const B& b) {
    for (std::uint8_t role = 2; role < b.role_count(); ++role)
        if (b.start_piece(role) == W_PAWN && b.square(role) != SQ_NONE && b.piece(role) != W_PAWN)
            return true;
    return false;
}

// Returns whether the other side's king stands in the square of the pawn of ROLE: no farther
// from its promotion square than the pawn's moves to promote, one more when that king's side is
// to move.
template <Board B>
bool in_square(const B& b, std::uint8_t role) {
    const Square p = b.square(role);
    if (p == SQ_NONE || type_of(b.piece(role)) != PAWN) return false;
    const Color c = color_of(b.piece(role));
    const int moves = pawn_moves_to_promote(c, p) + (b.side_to_move() == ~c ? 1 : 0);
    return distance(b.king(~c), promotion_square(c, p)) <= moves;
}

// Why always inline: the goals compiled for a table ask it with constant instances.
template <class Buffer, Board B>
[[gnu::always_inline]] inline bool predicate(const B& b, const search::Instance& in) {
    const std::uint8_t role = in.args[0];
    const bool them_to_move = b.side_to_move() == BLACK;
    switch (lib::Predicate(in.primitive)) {
    case lib::P_TRUE:
        return true;
    case lib::P_THEM_TO_MOVE:
        return them_to_move;
    case lib::P_CHECK:
        return b.in_check();
    case lib::P_MATE:
        return b.in_check() && !has_move<Buffer>(b);
    case lib::P_STALEMATE:
        return !b.in_check() && !has_move<Buffer>(b);
    case lib::P_OPPOSITION: {
        const Square wk = b.square(OUR_KING), bk = b.square(THEIR_KING);
        return them_to_move && distance(wk, bk) == 2 &&
               (file_of(wk) == file_of(bk) || rank_of(wk) == rank_of(bk));
    }
    case lib::P_PROMOTED:
        return promoted(b);
    case lib::P_CAPTURED:
        return b.square(role) == SQ_NONE;
    case lib::P_ATTACKED:
        return b.square(role) != SQ_NONE && attacked(b, role);
    case lib::P_DEFENDED:
        return b.square(role) != SQ_NONE && defended(b, role);
    case lib::P_LOST:
        return b.square(role) == SQ_NONE ||
               (them_to_move == (color_of(b.start_piece(role)) == WHITE) && lost_now(b, role));
    case lib::P_IN_SQUARE:
        return in_square(b, role);
    case lib::P_SAME_COLOUR: {
        const Square x = b.square(role), y = b.square(in.args[1]);
        return x != SQ_NONE && y != SQ_NONE && dark(x) == dark(y);
    }
    case lib::PREDICATE_NB:
        break;
    }
    return false;
}

template <Board B, class Buffer>
void generate(const B& b, const search::Instance& in, Buffer& out) {
    const Color stm = b.side_to_move();
    auto legal_where = [&](auto keep) {
        Buffer legal;
        side_moves(b, stm, legal);
        for (Move m : legal)
            if (keep(m)) out.push(m);
    };
    switch (lib::Generator(in.primitive)) {
    case lib::G_LEGAL:
        return side_moves(b, stm, out);
    case lib::G_MOVES:
        if (color_of(b.start_piece(in.args[0])) == stm) role_moves(b, in.args[0], out);
        return;
    case lib::G_CHECKS:
        return legal_where(b.check_test());
    case lib::G_CAPTURES:
        return legal_where([&](Move m) { return b.is_capture(m); });
    case lib::G_PROMOTIONS:
        return legal_where([](Move m) { return m.promotion() != NO_PIECE_TYPE; });
    case lib::G_NOMOVE:
    case lib::GENERATOR_NB:
        return;
    }
}

} // namespace al0::endgame::library
