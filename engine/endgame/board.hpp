#pragma once
// What the chess primitive library (library.hpp) reads of a node: the board concept. A model
// answers the chess core's questions (pieces, attacks, checks) for its own state; the library
// writes each primitive once over them. Two models: StateBoard (any material, on the endgame
// domain's State) and krk::KrkBoard (the compact KRK state of the fast path).

#include "engine/chess/position.hpp"
#include "engine/chess/types.hpp"

#include <concepts>
#include <cstdint>

namespace al0::endgame {

template <class B>
concept Board = requires(const B& b, std::uint8_t role, Square s, Color c, PieceType pt,
                         Bitboard bb, Move m) {
    // The roles: how many, the piece each began as (White = us), where each stands now
    // (SQ_NONE once captured) and the piece it is now (a promoted pawn's new piece).
    { b.role_count() } -> std::convertible_to<int>;
    { b.start_piece(role) } -> std::same_as<Piece>;
    { b.square(role) } -> std::same_as<Square>;
    { b.piece(role) } -> std::same_as<Piece>;
    // The chess core's questions, as Position answers them.
    { b.side_to_move() } -> std::same_as<Color>;
    { b.king(c) } -> std::same_as<Square>;
    { b.occupied() } -> std::same_as<Bitboard>;
    { b.pieces(c) } -> std::same_as<Bitboard>;
    { b.pieces(c, pt) } -> std::same_as<Bitboard>;
    { b.ep_square() } -> std::same_as<Square>;
    { b.attacked(s, c, bb, bb) } -> std::same_as<bool>;
    { b.attacks_by(c, bb) } -> std::same_as<Bitboard>;
    // The squares the piece of type PT (not a pawn) on S attacks on this board.
    { b.attacks_from(pt, s) } -> std::same_as<Bitboard>;
    { b.in_check() } -> std::same_as<bool>;
    { b.is_capture(m) } -> std::same_as<bool>;
    // Returns a test of the side to move's legal moves: whether one checks the other king.
    { b.check_test()(m) } -> std::same_as<bool>;
};

} // namespace al0::endgame
