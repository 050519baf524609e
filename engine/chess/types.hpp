#pragma once
// Small value types of the chess core, in the manner of Stockfish's types.h: plain enums with
// sentinels and one-line constexpr helpers.

#include <cstdint>
#include <string>

namespace al0 {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    KING,
    QUEEN,
    ROOK,
    BISHOP,
    KNIGHT,
    PAWN,
    PIECE_TYPE_NB
};

// A piece of a colour: the type in bits 0-2, the colour in bit 3.
enum Piece : std::uint8_t {
    NO_PIECE,
    W_KING = 1,
    W_QUEEN,
    W_ROOK,
    W_BISHOP,
    W_KNIGHT,
    W_PAWN,
    B_KING = 9,
    B_QUEEN,
    B_ROOK,
    B_BISHOP,
    B_KNIGHT,
    B_PAWN,
    PIECE_NB = 16
};

enum File : std::uint8_t {
    FILE_A,
    FILE_B,
    FILE_C,
    FILE_D,
    FILE_E,
    FILE_F,
    FILE_G,
    FILE_H,
    FILE_NB
};
enum Rank : std::uint8_t {
    RANK_1,
    RANK_2,
    RANK_3,
    RANK_4,
    RANK_5,
    RANK_6,
    RANK_7,
    RANK_8,
    RANK_NB
};

// a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : std::uint8_t { SQ_A1 = 0, SQ_H8 = 63, SQ_NONE = 64, SQUARE_NB = 64 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c << 3 | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr Square make_square(File f, Rank r) { return Square(r * 8 + f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
// Returns the rank as seen from c's side: RANK_1 is c's back rank.
constexpr Rank relative_rank(Color c, Rank r) { return Rank(c == WHITE ? r : RANK_8 - r); }
// Returns +8 or -8: one step forward for c's pawns.
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }
constexpr bool is_ok(Square s) { return s < SQUARE_NB; }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

// Returns the king-move (Chebyshev) distance between two squares.
constexpr int distance(Square a, Square b) {
    int dx = file_of(a) - file_of(b), dy = rank_of(a) - rank_of(b);
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    return dx > dy ? dx : dy;
}

// Returns |dx| + |dy| between two squares.
constexpr int manhattan(Square a, Square b) {
    int dx = file_of(a) - file_of(b), dy = rank_of(a) - rank_of(b);
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

// A move in 16 bits: bits 0-5 origin square, bits 6-11 target square, bits 12-14 the piece type
// a pawn promotes to (NO_PIECE_TYPE otherwise). The piece is the one on the origin square; an en
// passant capture is a pawn's diagonal step to the en passant square.
class Move {
  public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to, PieceType promotion = NO_PIECE_TYPE)
        : data_(std::uint16_t(from | to << 6 | promotion << 12)) {}
    [[nodiscard]] constexpr Square from() const { return Square(data_ & 63); }
    [[nodiscard]] constexpr Square to() const { return Square((data_ >> 6) & 63); }
    [[nodiscard]] constexpr PieceType promotion() const { return PieceType(data_ >> 12 & 7); }
    [[nodiscard]] constexpr bool is_none() const { return data_ == 0; }
    [[nodiscard]] constexpr std::uint16_t raw() const { return data_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

constexpr Move MOVE_NONE{};

// Returns "e4" for a square.
std::string square_name(Square s);
// Returns the piece letter used in FEN (upper case for White) and SAN: K Q R B N P.
char piece_letter(PieceType pt, Color c = WHITE);

} // namespace al0
