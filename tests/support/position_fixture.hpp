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

// The squares one man takes in a spread of positions: FIRST, then every STEP-th below END.
struct SquareSpread {
    int first = 0, step = 1, end = 64;
};

// Calls F(position) for each legal position, White to move, of the white king on the squares of
// WK, the black king on those of BK and PIECE on those of AT, in that nesting (white king
// outermost): a spread of a three-man material for tests that cannot afford all of it.
template <class F>
void for_each_spread(al0::Piece piece, SquareSpread wk, SquareSpread bk, SquareSpread at, F&& f) {
    using namespace al0;
    for (int w = wk.first; w < wk.end; w += wk.step)
        for (int b = bk.first; b < bk.end; b += bk.step)
            for (int p = at.first; p < at.end; p += at.step) {
                if (w == b || p == w || p == b) continue;
                const Position pos = Position::make(
                    {{W_KING, Square(w)}, {B_KING, Square(b)}, {piece, Square(p)}}, WHITE);
                if (pos.validate().empty()) f(pos);
            }
}
