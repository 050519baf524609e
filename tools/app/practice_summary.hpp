#pragma once
// The end of a practice game: the person's moves to mate against the optimum (the tablebase)
// and against the shipped table's own line from the same start, played against the same
// defence; and the moves that cost the most.

#include "tools/app/practice_session.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::tools {

struct PracticeSummary {
    bool mated = false;                // the person mated
    int yours = 0;                     // the person's moves played
    int optimal = 0;                   // moves to mate from the start under best play
    std::optional<int> table;          // the shipped table's moves to mate against the same defence
    std::string table_note;            // why there is no table figure, when there is none
    std::vector<GradedMove> costliest; // up to three moves that cost something, dearest first
};

// Returns the summary of SESSION; plays the shipped table of the start's material against the
// tablebase's defence (tablebase::best_move) for its figure.
PracticeSummary summarize(const PracticeSession& session, tablebase::Registry& registry);

// Returns the summary as lines for the screen.
std::string summary_text(const PracticeSummary& s);

// Returns "12. Re1" or "12... Re1" for a graded move.
std::string numbered_move(const GradedMove& g);

} // namespace al0::tools
