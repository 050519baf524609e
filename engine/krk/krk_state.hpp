#pragma once
// The KRK search state: three squares and the side to move, 4 bytes, copied per node.

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"

#include <optional>
#include <string>

namespace al0::krk {

struct KrkState {
    Square wk = SQ_NONE, wr = SQ_NONE, bk = SQ_NONE; // wr is SQ_NONE once the rook is captured
    Color stm = WHITE;
    constexpr bool operator==(const KrkState&) const = default;
    [[nodiscard]] constexpr bool rook_captured() const { return wr == SQ_NONE; }
    [[nodiscard]] constexpr bool black_to_move() const { return stm == BLACK; }
};

// Returns the state of a KRK position (or king against king after the capture), or nothing with
// the reason in *why when the position is another endgame.
std::optional<KrkState> to_state(const Position& pos, std::string* why = nullptr);
// Returns the position of a state, with the given FEN counters.
Position to_position(const KrkState& s, int halfmove = 0, int fullmove = 1);

} // namespace al0::krk
