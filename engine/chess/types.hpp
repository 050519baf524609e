#pragma once
// Small value types of the chess core, in the manner of Stockfish's types.h: plain enums with
// sentinels and one-line constexpr helpers.

#include <cstdint>
#include <string>

namespace al0 {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

enum PieceType : std::uint8_t { NO_PIECE_TYPE, KING, QUEEN, ROOK, BISHOP, KNIGHT, PIECE_TYPE_NB };

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
constexpr Square make_square(File f, Rank r) { return Square(r * 8 + f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
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

// A move in 16 bits: bits 0-5 origin square, bits 6-11 target square, bits 12-15 reserved
// (promotion, for endgames with pawns). The piece is the one on the origin square.
class Move {
  public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
    [[nodiscard]] constexpr Square from() const { return Square(data_ & 63); }
    [[nodiscard]] constexpr Square to() const { return Square((data_ >> 6) & 63); }
    [[nodiscard]] constexpr bool is_none() const { return data_ == 0; }
    [[nodiscard]] constexpr std::uint16_t raw() const { return data_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

constexpr Move MOVE_NONE{};

// Returns "e4" for a square.
std::string square_name(Square s);
// Returns the piece letter used in FEN (upper case for White) and SAN.
char piece_letter(PieceType pt, Color c = WHITE);

} // namespace al0
