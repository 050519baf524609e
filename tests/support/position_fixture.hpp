#pragma once
// Positions for tests: from FEN, failing the test (with the reason) when the FEN is refused.

#include "engine/chess/position.hpp"
#include "engine/krk/krk_state.hpp"

#include <catch2/catch.hpp>

#include <string>

// The book's KRK example, White to move: white king d4, rook e6, black king c2.
inline constexpr const char* BOOK_START = "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1";

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
