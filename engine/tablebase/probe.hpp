#pragma once
// The answer for one position of up to four men, from the chess core's Position: who wins, in
// how many moves, the best moves, and why a draw is a draw.

#include "engine/chess/position.hpp"
#include "engine/tablebase/registry.hpp"

#include <string>
#include <vector>

namespace al0::tablebase {

// The result for the side to move: win (it mates), loss (it is mated), draw, or illegal.
enum class Outcome { win, loss, draw, illegal };

struct Probe {
    Outcome outcome = Outcome::illegal;
    int mate_in = -1;       // the winner's moves to mate under best play; -1 if none
    std::vector<Move> best; // the shortest mates, the longest defences, or the drawing moves
    std::string reason;     // illegal: why; draw: "stalemate", "insufficient material",
                            // "piece capturable" (a drawing capture) or "no forced mate"
};

// The tablebase's kinds are the chess core's piece types less one (KING = 1, ..., PAWN = 6).
constexpr Kind kind_of(PieceType pt) { return Kind(int(pt) - int(KING)); }
constexpr PieceType piece_type_of(Kind k) { return PieceType(int(k) + int(KING)); }

// Returns the solver's board of a position of up to four men (its en-passant square dropped).
Board board_of(const Position& pos);

// Probes a legal position, building the tables it needs; more than four men is illegal. A
// position with an en-passant square (never in the tables) is answered one ply ahead.
Probe probe(Registry& registry, const Position& pos);

// Returns the first of the position's best moves in generation order (the same move every
// time): for the losing side the longest resistance, the defence of `play --defender optimal`
// and `play --practice`. MOVE_NONE when the side to move has no move or the position is illegal.
Move best_move(Registry& registry, const Position& pos);

} // namespace al0::tablebase
