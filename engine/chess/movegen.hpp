#pragma once
// Legal move generation for any supported endgame position, and perft.

#include "engine/chess/position.hpp"

#include <array>
#include <cstdint>

namespace al0 {

// A fixed-capacity list of moves that lives on the stack. Why 128: five pieces make at most
// 8 king moves and 3 x 27 queen moves (or 3 pawns x 12 promotions).
class MoveList {
  public:
    static constexpr int CAPACITY = 128;
    void push(Move m) { moves_[size_++] = m; }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] const Move* begin() const { return moves_.data(); }
    [[nodiscard]] const Move* end() const { return moves_.data() + size_; }
    Move operator[](int i) const { return moves_[i]; }
    [[nodiscard]] bool contains(Move m) const;

  private:
    std::array<Move, CAPACITY> moves_;
    int size_ = 0;
};

// Returns every legal move of the side to move: the king's moves first (targets in square
// order), then each other piece's in the order of its square, targets in square order, a
// promotion as queen, rook, bishop, knight.
MoveList generate_legal(const Position& pos);

// Returns where the pawn on `from` may move by the rules of pawns (steps, captures, en passant),
// before its own king is asked.
Bitboard pawn_targets(const Position& pos, Square from);

// Returns the number of leaves of the legal move tree of the given depth, as Stockfish's go perft.
std::uint64_t perft(Position& pos, int depth);

} // namespace al0
