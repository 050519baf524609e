#pragma once
// A legal endgame position: two kings and at most three further pieces of either colour, pawns
// included (no castling). Bitboards per colour and piece type, a mailbox, the side to move, the
// en passant square, the FEN counters and a Zobrist key kept up to date by do_move/undo_move.

#include "contract/expected.hpp"
#include "engine/chess/bitboards.hpp"
#include "engine/chess/types.hpp"
#include "engine/chess/zobrist.hpp"

#include <array>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace al0 {

// One piece on one square, for Position::make.
struct Placement {
    Piece piece = NO_PIECE;
    Square sq = SQ_NONE;
};

// For the side to move: the squares from which each of its piece types would check the other
// king, and its pieces whose move may uncover a check (alone between the king and a line piece
// of theirs). Worked out once, it answers gives_check for every move of a position.
struct CheckSquares {
    std::array<Bitboard, PIECE_TYPE_NB> from{};
    Bitboard uncover = 0;
};
// The check squares of the side US against the king on K, line pieces stopped by OCC, but no
// uncovered line (CheckSquares::uncover left empty): Position::check_squares' first part, for
// boards of another kind too. Inline: the goals compiled for a table (engine/codegen) generate
// checks with it, and cannot link al0's own code.
inline CheckSquares direct_check_squares(Color us, Square k, Bitboard occ) {
    CheckSquares cs;
    cs.from[PAWN] = PAWN_ATTACKS[~us][k];
    cs.from[KNIGHT] = KNIGHT_ATTACKS[k];
    cs.from[BISHOP] = attacks(BISHOP, k, occ);
    cs.from[ROOK] = attacks(ROOK, k, occ);
    cs.from[QUEEN] = cs.from[BISHOP] | cs.from[ROOK];
    return cs;
}

// What do_move changes that undo_move cannot derive from the move.
struct UndoInfo {
    Piece captured = NO_PIECE;
    Square ep = SQ_NONE;
    std::uint16_t halfmove = 0, fullmove = 0;
    std::uint64_t key = 0;
};

class Position {
  public:
    static constexpr int MAX_PIECES = 5; // the kings included
    // The FEN counters' largest values: moves count up to them and then stay (so that every
    // position's FEN reads back).
    static constexpr int MAX_HALFMOVE = 9999, MAX_FULLMOVE = 65535;

    // Returns a position from FEN, or the one reason it is not a legal supported position.
    static Expected<Position> from_fen(std::string_view fen);
    // Returns a position built from placements (no validation; validate() tells two pieces of
    // different kinds on one square, while two equal ones on one square are one). The en
    // passant square is kept only when a pawn of the side to move can legally capture there, as
    // from_fen and do_move keep it.
    static Position make(std::span<const Placement> pieces, Color stm, Square ep = SQ_NONE,
                         int halfmove = 0, int fullmove = 1);
    static Position make(std::initializer_list<Placement> pieces, Color stm, Square ep = SQ_NONE,
                         int halfmove = 0, int fullmove = 1) {
        return make(std::span(pieces.begin(), pieces.size()), stm, ep, halfmove, fullmove);
    }
    [[nodiscard]] std::string fen() const;
    // Returns an empty string when the position is legal, else the reason it is not.
    [[nodiscard]] std::string validate() const;

    [[nodiscard]] Square king(Color c) const { return lsb_or_none(pieces(c, KING)); }
    [[nodiscard]] Color side_to_move() const { return stm_; }
    [[nodiscard]] Piece piece_on(Square s) const { return board_[s]; }
    [[nodiscard]] Bitboard occupied() const { return by_color_[WHITE] | by_color_[BLACK]; }
    [[nodiscard]] Bitboard pieces(Color c) const { return by_color_[c]; }
    [[nodiscard]] Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    [[nodiscard]] Bitboard pieces(Color c, PieceType pt) const {
        return by_color_[c] & by_type_[pt];
    }
    [[nodiscard]] int piece_count() const { return popcount(occupied()); }
    [[nodiscard]] Square ep_square() const { return ep_; }
    [[nodiscard]] int halfmove_clock() const { return halfmove_; }
    [[nodiscard]] int fullmove_number() const { return fullmove_; }
    // The Zobrist key: equal for positions with the same pieces, side to move and en passant
    // square (the counters do not count). Repetition compares keys.
    [[nodiscard]] std::uint64_t key() const { return key_; }

    // Returns whether a piece of colour `by` attacks s when `occ` is the occupancy (line pieces
    // stop at it) and the pieces on `captured` are gone: the test of a move before it is made.
    [[nodiscard]] bool attacked(Square s, Color by, Bitboard occ, Bitboard captured = 0) const;
    // Returns every square that pieces of colour c attack, treating `transparent` as empty.
    [[nodiscard]] Bitboard attacks_by(Color c, Bitboard transparent = 0) const;
    [[nodiscard]] bool in_check() const; // the side to move is in check
    // Returns whether the legal move M checks the other king (directly, or by uncovering a line).
    [[nodiscard]] bool gives_check(Move m) const;
    [[nodiscard]] CheckSquares check_squares() const;
    // gives_check(m) with the position's check_squares() (the same answer, faster per move).
    [[nodiscard]] bool gives_check(Move m, const CheckSquares& cs) const {
        if (m.promotion() != NO_PIECE_TYPE || is_en_passant(m) ||
            (cs.uncover & square_bb(m.from())))
            return gives_check(m);
        return cs.from[type_of(board_[m.from()])] & square_bb(m.to());
    }
    [[nodiscard]] bool is_checkmate() const;
    [[nodiscard]] bool is_stalemate() const;
    [[nodiscard]] bool has_legal_move() const;
    // Returns whether the move is a pawn's capture en passant.
    [[nodiscard]] bool is_en_passant(Move m) const {
        return m.to() == ep_ && type_of(board_[m.from()]) == PAWN;
    }
    [[nodiscard]] bool is_capture(Move m) const {
        return board_[m.to()] != NO_PIECE || is_en_passant(m);
    }

    UndoInfo do_move(Move m);
    void undo_move(Move m, const UndoInfo& u);
    // do_move for a search that reads neither the Zobrist key nor the FEN counters: they keep
    // their values, so the position's key() and counters are no longer its own. Why: updating
    // them was a fifth of the endgame domain's cost of playing a move.
    void do_move_unkeyed(Move m) { make_move<false, false>(m); }
    [[nodiscard]] Position after(Move m) const {
        Position p = *this;
        p.do_move(m);
        return p;
    }
    // after(M) for a reader of the FEN counters that never reads the key (the verification's
    // walk): the key keeps its value. Why: updating it was a quarter of the walk's cost of a move.
    [[nodiscard]] Position after_unkeyed(Move m) const {
        Position p = *this;
        p.make_move<false, true>(m);
        return p;
    }

    bool operator==(const Position&) const = default;

  private:
    static Square lsb_or_none(Bitboard b) { return b ? lsb(b) : SQ_NONE; }
    // KEYED: the Zobrist key (and, for make_move, the FEN counters) kept up to date too.
    template <bool Keyed = true>
    void put(Piece p, Square s);
    template <bool Keyed = true>
    void remove(Square s);
    // Sets the en passant square behind a double step, when a pawn of the side to move can
    // legally capture there (as Stockfish, so that keys of equal positions are equal).
    template <bool Keyed = true>
    void set_ep_if_capturable(Square behind);
    // Plays M; returns the piece it captured (NO_PIECE if none). COUNTED: the FEN counters kept
    // up to date.
    template <bool Keyed, bool Counted = Keyed>
    Piece make_move(Move m);

    std::array<Bitboard, PIECE_TYPE_NB> by_type_{};
    std::array<Bitboard, COLOR_NB> by_color_{};
    std::array<Piece, SQUARE_NB> board_{};
    Color stm_ = WHITE;
    Square ep_ = SQ_NONE;
    std::uint16_t halfmove_ = 0;
    std::uint16_t fullmove_ = 1;
    std::uint64_t key_ = 0;
};

// Why in the header: the searches make a move per node, and a call per move was a tenth of
// their time.
template <bool Keyed>
inline void Position::put(Piece p, Square s) {
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
    board_[s] = p;
    if constexpr (Keyed) key_ ^= zobrist::piece_square(p, s);
}

template <bool Keyed>
inline void Position::remove(Square s) {
    const Piece p = board_[s];
    by_type_[type_of(p)] &= ~square_bb(s);
    by_color_[color_of(p)] &= ~square_bb(s);
    board_[s] = NO_PIECE;
    if constexpr (Keyed) key_ ^= zobrist::piece_square(p, s);
}

template <bool Keyed>
inline void Position::set_ep_if_capturable(Square behind) {
    const Square victim = Square(behind - pawn_push(stm_));
    for (Bitboard b = PAWN_ATTACKS[~stm_][behind] & pieces(stm_, PAWN); b; b &= b - 1) {
        const Bitboard occ =
            (occupied() ^ square_bb(lsb(b)) ^ square_bb(victim)) | square_bb(behind);
        if (is_ok(king(stm_)) && attacked(king(stm_), ~stm_, occ, square_bb(victim)))
            continue; // the capture would leave the king in check
        ep_ = behind;
        if constexpr (Keyed) key_ ^= zobrist::en_passant(behind);
        return;
    }
}

inline UndoInfo Position::do_move(Move m) {
    UndoInfo u{NO_PIECE, ep_, halfmove_, fullmove_, key_};
    u.captured = make_move<true>(m);
    return u;
}

template <bool Keyed, bool Counted>
inline Piece Position::make_move(Move m) {
    const Color us = stm_;
    const Square from = m.from(), to = m.to();
    const Piece piece = board_[from];
    const Square victim = is_en_passant(m) ? Square(to - pawn_push(us)) : to;
    const Piece captured = board_[victim];
    if constexpr (Counted)
        if (halfmove_ < MAX_HALFMOVE) ++halfmove_;
    if (captured != NO_PIECE) {
        remove<Keyed>(victim);
        if constexpr (Counted) halfmove_ = 0;
    }
    remove<Keyed>(from);
    put<Keyed>(m.promotion() != NO_PIECE_TYPE ? make_piece(us, m.promotion()) : piece, to);
    if constexpr (Keyed) {
        if (is_ok(ep_)) key_ ^= zobrist::en_passant(ep_);
        key_ ^= zobrist::black_to_move();
    }
    if constexpr (Counted)
        if (us == BLACK && fullmove_ < MAX_FULLMOVE) ++fullmove_;
    ep_ = SQ_NONE;
    stm_ = ~us;
    if (type_of(piece) == PAWN) {
        if constexpr (Counted) halfmove_ = 0;
        if (to - from == 2 * pawn_push(us))
            set_ep_if_capturable<Keyed>(Square(from + pawn_push(us)));
    }
    return captured;
}

} // namespace al0
