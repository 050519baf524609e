#pragma once
// A line of play that shows a verdict: from a start position, White's moves (the table's) and
// Black's defence, up to the mate or the failure, with the advice that played each White move.

#include "engine/chess/position.hpp"
#include "engine/verify/shared/verdict.hpp"

#include <string>
#include <vector>

namespace al0::verify {

struct DefendingLine {
    Position start;
    Verdict verdict = Verdict::won;
    std::vector<Move> moves;         // White first, alternating
    std::vector<std::string> advice; // per White move: the advice whose tree played it
                                     // ("table: advice" once another table has taken over)
    int repeats_from = -1;           // for a cycle: the number of moves after which the
                                     // position that the line ends in first stood
    std::string note;                // what the verdict's name does not say (e.g. "no table
                                     // for KRK"), or empty
};

// Returns the position where the moves played from START end.
Position end_of(const Position& start, const std::vector<Move>& moves);

// Returns the moves in SAN, played from the start position.
std::vector<std::string> san_moves(const Position& start, const std::vector<Move>& moves);
// Returns SAN moves with move numbers, White first: "1. Rb5 Kc3 2. Kd5".
std::string numbered(const std::vector<std::string>& san);

// Returns the line in SAN with move numbers and its ending, e.g.
// "1. Rb5 Kc3 2. Kd5 Kb2 ... stalemate" or, for a cycle, "... (repeats after 1... Kc3)".
std::string line_text(const DefendingLine& line);

// Returns the line with the advice of each White move: "1. Rb5 [squeeze] Kc3 2. Kd5 [approach]".
std::string advice_text(const DefendingLine& line);

} // namespace al0::verify
