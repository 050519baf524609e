#pragma once
// Legal move generation for both sides, and move text in UCI and SAN, both directions.

#include "engine/chess/expected.hpp"
#include "engine/chess/position.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace al0 {

// A fixed-capacity list of moves that lives on the stack.
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

// Returns every legal move of the side to move: for White, king moves first (targets in square
// order), then each officer's moves; for Black, the king's moves in square order.
MoveList generate_legal(const Position& pos);

// Returns "e6e3".
std::string to_uci(Move m);
// Returns SAN with check and mate suffixes: "Re3", "Ra8+", "Ra8#", "Kxb2".
std::string to_san(const Position& pos, Move m);

// Returns the legal move that the UCI text names, or why there is none.
Expected<Move> parse_uci(const Position& pos, std::string_view text);
// Returns the legal move that the SAN text names ("Kd3", "Rxe5+", "Rae1"), or why there is none.
Expected<Move> parse_san(const Position& pos, std::string_view text);

std::uint64_t perft(Position& pos, int depth);

} // namespace al0
