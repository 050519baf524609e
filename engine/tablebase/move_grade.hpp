#pragma once
// A move of the winning side judged by the tablebase: the best (fastest mate), K moves slower,
// a draw (the win thrown away, and how), or a loss. `al0 play --practice` grades every move of
// the person so.

#include "engine/chess/position.hpp"
#include "engine/tablebase/registry.hpp"

#include <string>
#include <vector>

namespace al0::tablebase {

enum class Grade { best, slower, draw, loses };

struct MoveGrade {
    Grade grade = Grade::best;
    int extra = 0;           // slower: how many moves more than the best move takes to mate
    int mate_in = -1;        // after the move: the mover's moves still to mate (0: it mated);
                             // loses: the opponent's
    std::string drawn;       // draw: "stalemate", "the rook is lost", "insufficient material"
                             // or "a drawn position"
    int best_mate_in = -1;   // before the move, under best play
    std::vector<Move> best;  // the fastest mates
    std::vector<Move> reply; // the opponent's best answers to the move (empty at its end)
};

// Grades MOVE, legal in POS. Where the side to move no longer wins, a move is graded by where it
// leads: draw or loses.
MoveGrade grade_move(Registry& registry, const Position& pos, Move move);

// Returns the grade as a PGN comment's text: "best; mate in 8", "+2; mate in 11",
// "best; checkmate", "draw; stalemate", "draw; the rook is lost", "loses; mated in 9".
std::string grade_text(const MoveGrade& g);

} // namespace al0::tablebase
