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

// Returns the solver's board of a position of up to four men (its en-passant square dropped:
// value() keeps it).
Board board_of(const Position& pos);

// Returns the entry of a legal position of up to four men, building the tables it needs. A
// position with an en-passant square is in no table: it is valued by its children.
std::uint8_t value(Registry& registry, const Position& pos);

// Probes a legal position, building the tables it needs; more than four men is illegal.
Probe probe(Registry& registry, const Position& pos);

// Returns the first of the position's best moves in generation order (the same move every
// time): for the losing side the longest resistance, the defence of `play --defender optimal`
// and `play --practice`. MOVE_NONE when the side to move has no move or the position is illegal.
Move best_move(Registry& registry, const Position& pos);

} // namespace al0::tablebase
