#pragma once
// Move text: UCI and SAN, both directions, promotions included ("e7e8q", "exd8=N+"), and the
// reader of a person's move, which takes either.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"

#include <string>
#include <string_view>

namespace al0 {

// Returns "king", "queen", "rook", "bishop", "knight" or "pawn".
std::string piece_name(PieceType pt);
// Returns "e6e3", or "e7e8q" for a promotion.
std::string to_uci(Move m);
// Returns SAN with check and mate suffixes: "Re3", "Ra8+", "Kxb2", "exd6", "e8=Q#".
std::string to_san(const Position& pos, Move m);

// Returns the legal move that the UCI text names, or why there is none.
Expected<Move> parse_uci(const Position& pos, std::string_view text);
// Returns the legal move that the SAN text names ("Kd3", "Rxe5+", "Rae1", "e8=Q"), or why there
// is none.
Expected<Move> parse_san(const Position& pos, std::string_view text);
// Returns the legal move a person typed: UCI ("e7e8q"), SAN ("Kd3", "e8=Q", "e8Q"; piece and
// promotion letters in either case where that is unambiguous: "kd3", "e8q"), or just the king's
// target square ("d3") when no pawn move reads so.
Expected<Move> parse_move_input(const Position& pos, std::string_view text);

} // namespace al0
