#pragma once
// What a whole-table verification reports, for KRK and for any material alike: verdict counts,
// the worst case and mean against the longest defence, optimal play by the tablebase beside it,
// which advice built the trees, and the work done.

#include "engine/chess/fifty_moves.hpp"
#include "engine/chess/position.hpp"
#include "engine/search/core.hpp"
#include "engine/verify/shared/budget_retries.hpp"
#include "engine/verify/shared/parallel.hpp"
#include "engine/verify/shared/verdict.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace al0::verify {

// Whether a won position (White to move) is a start position of the verification.
using StartFilter = std::function<bool(const Position&)>;

struct VerifyOptions {
    int threads = 0;        // 0: all cores
    search::Options search; // its `stop` also ends the whole run early (it throws Cancelled)
    // The moves of the fifty-move rule (engine/chess/fifty_moves.hpp): a line that reaches
    // twice as many plies without a capture or pawn move, but by a mate, is `over_fifty`; lower
    // it to ask for faster mates.
    int move_limit = FIFTY_MOVES;
    // Called during the tree-building phase, from the calling thread, with the states walked and
    // the states known: with a sample, or lines into another material, the total grows.
    Progress progress;
    // Called from the calling thread as the generic verifier enters a phase that the progress
    // does not count: finding the won starts (seconds for KBNK), solving the state graph.
    std::function<void(const std::string& what)> status = {};
    // Start from this many won positions drawn at random (a fixed seed) instead of all of them;
    // every position their lines reach is still verified. 0: all. Not for the KRK fast path.
    std::uint32_t sample = 0;
    // Walk at most this many states' trees, in the order they are found (the starts first):
    // a position whose lines reach a state left unwalked is `unexplored`. 0: no cap. Not for the
    // KRK fast path.
    std::uint32_t max_trees = 0;
    // When set, start only from the won positions it accepts (before any sample is drawn). Not
    // for the KRK fast path.
    StartFilter starts_where = {};
    // A symmetric table (SetTable::symmetric) is verified once per symmetry class, each class
    // counted for its positions; false: at every position (the same figures, for the tests).
    bool by_class = true;
};

// What the first moves of one piece of advice's trees lose against the tablebase, over the
// positions walked where it built the tree (each position once): for a position where the
// tablebase mates in d moves and the tree's first move leaves a position it mates in d_after
// (Black to move, best defence), the move loses d_after - (d - 1) moves. A move after which the
// tablebase no longer says won is not measured (it is a failure). The moves a tree plays after
// its first, while Black stays in it, are not counted.
struct MoveLoss {
    std::uint64_t moves = 0;  // first moves measured
    std::uint64_t lost = 0;   // the moves they lose in all
    std::uint64_t losing = 0; // first moves that lose a move or more
    int worst = 0;            // the largest loss, at the first such position (index order)
    Position worst_position;
    Move worst_move{}, best_move{}; // the table's move there, and the tablebase's first best

    [[nodiscard]] double mean() const { return moves ? double(lost) / double(moves) : 0; }
};

// How many forcing trees one piece of advice built (a tree is built at every state), the
// search nodes its attempts cost, found or failed, and what its trees' first moves lose.
struct AdviceUse {
    std::string table, advice;
    std::uint64_t trees = 0;
    std::uint64_t nodes = 0;
    MoveLoss loss;
    // On the won starts' worst lines (graph/worst_lines.hpp), per won start: the states of its
    // trees they pass through, and the moves they lose there; the latter add up to excess_mean.
    double line_states = 0, line_excess = 0;
};

struct TableSummary {
    int positions = 0;  // start positions verified
    int population = 0; // won positions they are drawn from (more than positions when sampled)
    std::array<int, VERDICT_NB> counts{};    // positions by verdict
    std::array<int, VERDICT_NB> reachable{}; // positions from which each failure is reachable
    // Positions walked (starts and the positions their lines reach) whose own forcing tree fails
    // so: where a draft leaks. A start counts as failed when any failure is reachable from it,
    // so the counts above say little about a draft that fails at a few positions.
    std::array<std::uint64_t, VERDICT_NB> failing_states{};
    // Over the won positions: the worst case (moves to mate against the longest defence).
    int worst = 0;
    double mean = 0;
    std::vector<int> histogram;         // histogram[n]: won positions with worst case n
    std::vector<int> optimal_histogram; // optimal_histogram[n]: positions the tablebase mates in n
    // Optimal play by the tablebase, over all positions and over the won ones; the table's
    // excess over it, over the won positions.
    double optimal_mean = 0;
    int optimal_worst = 0;
    double optimal_mean_won = 0;
    double excess_mean = 0;
    int excess_worst = 0;
    std::vector<AdviceUse> advice_use; // trees per piece of advice, in table and advice order
    // The work: threads, forcing trees built, search nodes, edges of the state graph, seconds.
    int threads = 0;
    std::uint64_t states = 0;   // forcing trees built (every table of the set)
    std::uint64_t unwalked = 0; // states found but left unwalked: the cap on trees was reached
    std::uint64_t search_nodes = 0;
    RetryCounts retries; // states searched again alone (their nodes are in search_nodes too)
    std::size_t graph_edges = 0;
    double tree_seconds = 0, graph_seconds = 0;

    [[nodiscard]] int failed() const { return positions - counts[std::size_t(Verdict::won)]; }
};

// Counts the positions walked whose own tree fails (OWN_FAILURES: per state, its verdict bits)
// in S.failing_states.
void count_failing_states(TableSummary& s, const std::vector<std::uint8_t>& own_failures);

// Sets each advice's share of the won starts' worst lines in S.advice_use (after the tally):
// EXCESS and STATES per advice, summed over the won starts.
void add_worst_lines(TableSummary& s, std::span<const std::int64_t> excess,
                     std::span<const std::uint64_t> states);

// Adds positions to a summary one by one, then the means.
class SummaryTally {
  public:
    // LIMIT: the fifty-move rule's, in plies (fifty_move_limit).
    SummaryTally(TableSummary& s, int limit) : s_(s), limit_(limit) {}

    // Adds a start position from the solved graph (its reachable failure bits, worst case and
    // count before its first reset) and its optimal moves to mate, as WEIGHT positions (a
    // symmetry class's); returns its verdict.
    Verdict add(std::uint8_t bits, int worst, int run, int optimal, int weight = 1);
    void finish();

  private:
    TableSummary& s_;
    int limit_;
    long total_ = 0, optimal_total_ = 0, optimal_won_ = 0, excess_total_ = 0;
};

} // namespace al0::verify
