#pragma once
// The search state of the endgame domain, with us as White: where each role stands and which
// piece it is, the squares of each colour, the side to move and the en passant square. Copied
// per node (32 bytes). Why not the chess core's Position: its 152 bytes (a mailbox, the key, the
// FEN counters, which no primitive reads) were copied and updated at every move played, a third
// of the cost of a node of the book table's trees. A Position of the state is made when a caller
// needs one (position_of).

#include "engine/chess/position.hpp"
#include "engine/endgame/roles.hpp"

#include <array>

namespace al0::endgame {

struct State {
    std::array<Bitboard, COLOR_NB> by_color{}; // the squares of each colour's pieces
    // Role -> square, SQ_NONE once captured. A promoted pawn keeps its role (its piece is then
    // the new piece).
    std::array<Square, MAX_ROLES> sq{SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    std::array<Piece, MAX_ROLES> piece{}; // role -> the piece it is now, NO_PIECE once captured
    Color stm = WHITE;
    Square ep = SQ_NONE; // as Position keeps it: only when a pawn to move can legally take there
    bool operator==(const State&) const = default;
};
static_assert(sizeof(State) == 32);

// The piece on square SQ of S (NO_PIECE if none), looking at its first ROLES roles.
inline Piece piece_on(const State& s, Square sq, std::size_t roles = MAX_ROLES) {
    Piece p = NO_PIECE;
    for (std::size_t r = 0; r < roles; ++r) p = s.sq[r] == sq ? s.piece[r] : p;
    return p;
}

// Returns the state of POS with each role on the square SQ gives it (SQ_NONE: captured).
inline State state_of(const Position& pos, const std::array<Square, MAX_ROLES>& sq) {
    State s;
    s.by_color = {pos.pieces(WHITE), pos.pieces(BLACK)};
    s.sq = sq;
    for (std::size_t r = 0; r < sq.size(); ++r)
        s.piece[r] = sq[r] == SQ_NONE ? NO_PIECE : pos.piece_on(sq[r]);
    s.stm = pos.side_to_move();
    s.ep = pos.ep_square();
    return s;
}

// Returns the position of S (FEN counters 0 and 1).
inline Position position_of(const State& s) {
    std::array<Placement, MAX_ROLES> placed{};
    std::size_t n = 0;
    for (std::size_t r = 0; r < s.sq.size(); ++r)
        if (s.sq[r] != SQ_NONE) placed[n++] = {s.piece[r], s.sq[r]};
    return Position::make(std::span(placed.data(), n), s.stm, s.ep);
}

} // namespace al0::endgame
