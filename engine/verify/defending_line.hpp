#pragma once
// A line of play that shows a verdict: from a start position, White's moves (the table's) and
// Black's defence, up to the mate or the failure.

#include "engine/krk/krk_state.hpp"
#include "engine/verify/verdict.hpp"

#include <string>
#include <vector>

namespace al0::verify {

struct DefendingLine {
    krk::KrkState start;
    Verdict verdict = Verdict::won;
    std::vector<Move> moves; // White first, alternating
    int repeats_from = -1;   // for a cycle: the number of moves after which the position that
                             // the line ends in first stood
};

// Returns the moves in SAN, played from the start state.
std::vector<std::string> san_moves(const krk::KrkState& start, const std::vector<Move>& moves);
// Returns SAN moves with move numbers, White first: "1. Rb5 Kc3 2. Kd5".
std::string numbered(const std::vector<std::string>& san);

// Returns the line in SAN with move numbers and its ending, e.g.
// "1. Rb5 Kc3 2. Kd5 Kb2 ... stalemate" or, for a cycle, "... (repeats after 1... Kc3)".
std::string line_text(const DefendingLine& line);

} // namespace al0::verify
