#pragma once
// A position of a pawnless endgame: the white king, the black king, and up to MAX_OFFICERS
// further white pieces (a rook for KRK; a queen, bishop or knight fit the same list), the side to
// move, and the FEN counters. After Black captures the last officer it is king against king.

#include "engine/chess/bitboards.hpp"
#include "engine/chess/expected.hpp"
#include "engine/chess/types.hpp"

#include <array>
#include <string>
#include <string_view>

namespace al0 {

struct Officer {
    PieceType type = NO_PIECE_TYPE;
    Square sq = SQ_NONE;
    constexpr bool operator==(const Officer&) const = default;
};

// What do_move changes that undo_move cannot derive from the move: the captured officer (and
// where it stood in the list) and the previous halfmove clock.
struct UndoInfo {
    Officer captured{};
    std::uint8_t captured_index = 0;
    std::uint16_t halfmove = 0;
};

class Position {
  public:
    static constexpr int MAX_OFFICERS = 3;

    // Returns a position from FEN, or the one reason it is not a legal supported position.
    static Expected<Position> from_fen(std::string_view fen);
    // Returns a position built from squares (no validation; see validate()); officers beyond
    // MAX_OFFICERS are not kept.
    static Position make(Square wk, Square bk, std::initializer_list<Officer> officers, Color stm,
                         int halfmove = 0, int fullmove = 1);
    [[nodiscard]] std::string fen() const;
    // Returns an empty string when the position is legal, else the reason it is not.
    [[nodiscard]] std::string validate() const;

    [[nodiscard]] Square king(Color c) const { return kings_[c]; }
    [[nodiscard]] Color side_to_move() const { return stm_; }
    [[nodiscard]] int officer_count() const { return n_officers_; }
    [[nodiscard]] const Officer& officer(int i) const { return officers_[i]; }
    // Returns the square of the first white officer of the given type, or SQ_NONE.
    [[nodiscard]] Square find(PieceType pt) const;
    [[nodiscard]] PieceType piece_on(Square s, Color* color = nullptr) const;
    [[nodiscard]] int halfmove_clock() const { return halfmove_; }
    [[nodiscard]] int fullmove_number() const { return fullmove_; }
    [[nodiscard]] Bitboard occupied() const;

    // Returns the squares White attacks, treating `transparent` as empty (Black's king, so that a
    // king stepping back along a rook's line is still seen as attacked).
    [[nodiscard]] Bitboard white_attacks(Bitboard transparent = 0) const;
    [[nodiscard]] bool in_check() const; // the side to move is in check
    [[nodiscard]] bool is_checkmate() const;
    [[nodiscard]] bool is_stalemate() const;
    [[nodiscard]] bool has_legal_move() const;

    UndoInfo do_move(Move m);
    void undo_move(Move m, const UndoInfo& u);
    [[nodiscard]] Position after(Move m) const {
        Position p = *this;
        p.do_move(m);
        return p;
    }

    bool operator==(const Position&) const = default;

  private:
    std::array<Square, COLOR_NB> kings_{SQ_NONE, SQ_NONE};
    std::array<Officer, MAX_OFFICERS> officers_{};
    std::uint8_t n_officers_ = 0;
    Color stm_ = WHITE;
    std::uint16_t halfmove_ = 0;
    std::uint16_t fullmove_ = 1;
};

} // namespace al0
