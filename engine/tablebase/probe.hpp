#pragma once
// The answer for one position of up to four men: who wins, in how many moves, the best moves,
// and why a draw is a draw.

#include "engine/tablebase/board_fen.hpp"
#include "engine/tablebase/registry.hpp"

#include <string>
#include <vector>

namespace al0::tablebase {

// The result for the side to move: win (it mates), loss (it is mated), draw, or illegal.
enum class Outcome { win, loss, draw, illegal };

struct BoardProbe {
    Outcome outcome = Outcome::illegal;
    int mate_in = -1;            // the winner's moves to mate under best play; -1 if none
    std::vector<BoardMove> best; // the shortest mates, the longest defences, or the drawing moves
    std::string reason;          // illegal: why; draw: "stalemate", "insufficient material",
                                 // "piece capturable" (a drawing capture) or "no forced mate"
};

// Probes a position, building the tables it needs. An en-passant capture (never in the tables)
// is answered by looking one ply ahead.
BoardProbe probe(Registry& registry, const BoardSetup& setup);

} // namespace al0::tablebase
