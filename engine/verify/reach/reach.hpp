#pragma once
// `al0 reach`: for one piece of advice, exactly, from which won positions where its rule fires
// its better goal can be forced while its holding goal holds, and in how many plies. A
// retrograde pass over every position of the material (and of those its captures and
// promotions lead to), not a search per position: a node is forced in 0 plies where the holding
// goal and the better goal hold; with us to move in 1 + the fewest plies of a forced child, with
// them to move in 1 + the most plies of its children when every child is forced; never where the
// holding goal fails. The plies are those of the shortest forcing tree (AL0's search keeps the
// first tree it finds, which may be longer). docs/REACH.md says exactly what is computed.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/endgame/think.hpp"
#include "engine/tablebase/registry.hpp"
#include "engine/verify/reach/reach_space.hpp"
#include "engine/verify/shared/parallel.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace al0::verify {

struct ReachOptions {
    int advice = -1;          // the advice (its holding goal, its rules, its move constraints)
    int goal_of = -1;         // the advice whose better goal is the goal; -1: the advice's own
    bool constraints = false; // the advice's move constraints and depth tests; else any legal
                              // move at any depth
    int threads = 0;          // 0: every core
    int examples = 3;         // positions shown that cannot be forced
    // Where the goals read one root value and only ever come true as it grows (or only as it
    // shrinks), solve its classes in that order, each from the one before (docs/REACH.md); false:
    // one full pass per class (the same results, slower).
    bool sweep = true;
    // Once *stop is true the run ends and reach returns the error "reach stopped".
    const std::atomic<bool>* stop = nullptr;
    // Called with the root classes solved so far and their number, after each class, from the
    // thread that solved it (one call at a time).
    Progress progress;
};

// A root from which the goal cannot be forced, with a line that shows why: White plays its
// first allowed move that keeps the holding goal (or its first), Black a reply that breaks the
// holding goal or keeps the goal out of reach, until one of them happens.
struct ReachLine {
    Position start;
    std::vector<Move> moves;
    std::string ending; // "the holding goal fails", "no move allowed", "repeats", ...
};

struct ReachReport {
    std::string advice, goal_of;    // names (goal_of: whose better goal)
    std::vector<std::string> rules; // the rules that list the advice
    std::string material;
    bool constraints = false;
    bool symmetric = false;          // counts are of symmetry classes of positions
    std::uint64_t positions = 0;     // legal, White to move
    std::uint64_t won = 0;           // ... the tablebase says White wins
    std::uint64_t roots = 0;         // ... and the first rule that holds lists the advice
    std::uint64_t holding_fails = 0; // roots where the holding goal fails at once
    std::uint64_t forceable = 0;
    std::vector<std::uint64_t> by_plies; // forceable roots by the plies they need
    int worst = -1;                      // plies, -1 when none is forceable
    double mean = 0;
    int median = -1, p99 = -1;
    std::optional<Position> worst_root; // the first in index order
    std::vector<ReachLine> unforceable; // the first in index order
    int root_classes = 0; // distinct values of the root(E) the goals read, each solved apart
    bool swept = false;   // ... in order of that value, each from the one before
    int depth_levels = 0; // with constraints: the depths below the root solved one by one
    int threads = 0;
    double seconds = 0;
};

struct ReachResult {
    ReachReport report;
    // Per slot of White-to-move positions of the material (see ReachSpace): the plies a root
    // needs, NOT_FORCEABLE, or NOT_ROOT.
    std::vector<std::uint8_t> root_plies;
    std::optional<ReachSpace> space;

    static constexpr std::uint8_t NOT_FORCEABLE = 254, NOT_ROOT = 255;
    // Returns the plies a root needs, -1 when the goal cannot be forced from it; nothing when
    // it is not a root (not won, another rule, or not the material).
    [[nodiscard]] std::optional<int> plies(const Position& root) const;
};

// Runs the analysis; an error for a table without a material of at most four men, an unknown
// construct, or a material whose roles reach cannot tell apart.
Expected<ReachResult> reach(const endgame::CompiledTable& table, tablebase::Registry& registry,
                            const ReachOptions& options);

} // namespace al0::verify
