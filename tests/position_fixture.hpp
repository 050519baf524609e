#pragma once
// Positions for tests: from FEN, failing the test (with the reason) when the FEN is refused.

#include "engine/chess/position.hpp"
#include "engine/krk/krk_state.hpp"

#include <catch2/catch.hpp>

#include <string>

inline al0::Position position_of(const std::string& fen) {
    auto p = al0::Position::from_fen(fen);
    INFO(fen << ": " << (p ? "" : p.error()));
    REQUIRE(p.ok());
    return *p;
}

// The same, under the name the chess core's tests use.
inline constexpr auto& from_fen = position_of;

inline al0::krk::KrkState krk_state_of(const std::string& fen) {
    auto s = al0::krk::to_state(position_of(fen));
    REQUIRE(s);
    return *s;
}
