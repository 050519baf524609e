#pragma once
// The verifier's positions: every legal KRK position with White to move, one index each.

#include "engine/krk/krk_state.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

// Indices run over every square triple, legal or not: wk * 64 * 64 + wr * 64 + bk.
inline constexpr int STATE_INDICES = 64 * 64 * 64;
// The number of legal White-to-move KRK positions.
inline constexpr int LEGAL_WHITE_STATES = 175'168;

constexpr int state_index(const krk::KrkState& s) { return s.wk * 4096 + s.wr * 64 + s.bk; }
constexpr krk::KrkState state_at(int index) {
    return {Square(index >> 12), Square((index >> 6) & 63), Square(index & 63), WHITE};
}

// Returns whether a White-to-move state is a legal position: three distinct squares, and Black
// not in check.
bool is_legal_white_state(const krk::KrkState& s);

// Returns the indices of every legal White-to-move state, in increasing order.
std::vector<std::int32_t> legal_white_states();

} // namespace al0::verify
