#pragma once
// The graph of verification states: an edge from a state to each new state its tree can lead
// to, weighted by the White moves played on the way. A state wins iff no failure and no cycle is
// reachable from it; its worst case is then the longest path to mate, in White moves.
//
// The fifty-move rule (engine/chess/fifty_moves.hpp) counts plies since the last capture or pawn
// move (a reset). An edge or a mating line says what the rule counts (fifty_move_count) at its
// last position before its first reset, from 0 at its state's position, and, with a reset, at
// its end after its last reset; a count that reaches the limit is the failure `over_fifty`.

#include "engine/chess/fifty_moves.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

inline constexpr std::int16_t NO_RESET = -1;

// Returns the count of a line without a reset from a state's position (White to move) that
// mates with White's MOVES-th move (0: no mate, nothing counted).
constexpr int mate_count(int moves) { return moves ? fifty_move_count(2 * moves - 1, true) : 0; }

struct StateGraph {
    // Adjacency in compressed rows: the edges of node i are [first[i], first[i + 1]).
    std::vector<std::uint32_t> first;
    std::vector<std::uint32_t> target;
    std::vector<std::uint8_t> moves; // White moves from node i's position to the target state
    // Per edge, empty when no edge resets: the count before the edge's first reset (its plies,
    // twice `moves`, when none) and after its last (NO_RESET when none).
    std::vector<std::uint16_t> before;
    std::vector<std::int16_t> after;
    // Per node: the failure bits (verdict_bit) its own tree reaches, and the most White moves of
    // a line of its tree that ends in mate (0: none does), and the highest count before the
    // first reset of such a line (empty: lines without a reset, their count from own_mate).
    std::vector<std::uint8_t> own_failures;
    std::vector<std::uint8_t> own_mate;
    std::vector<std::uint16_t> own_run;

    [[nodiscard]] std::size_t size() const { return own_failures.size(); }
    [[nodiscard]] int count_before_reset(std::uint32_t e) const {
        return before.empty() ? 2 * moves[e] : before[e];
    }
    [[nodiscard]] int count_after_reset(std::uint32_t e) const {
        return after.empty() ? NO_RESET : after[e];
    }
    [[nodiscard]] int own_count(std::uint32_t v) const {
        return own_run.empty() ? mate_count(own_mate[v]) : own_run[v];
    }
};

struct GraphSolution {
    std::vector<std::uint8_t> reachable;  // failure bits reachable, verdict_bit(Verdict::cycle) too
    std::vector<std::int32_t> worst;      // longest path to mate; meaningful where reachable has
                                          // no failure but perhaps over_fifty
    std::vector<std::int32_t> run;        // the highest count before the first reset
    std::vector<std::uint32_t> component; // strongly connected component, numbered sinks first
    std::vector<std::uint8_t> cyclic;     // per component: it contains a cycle
};

// Returns the reachable failures and worst cases of every node (Tarjan's algorithm, iterative;
// components come out sinks first, so one pass in that order settles every node). A count after a
// reset that reaches LIMIT (plies, fifty_move_limit) makes over_fifty reachable.
GraphSolution solve(const StateGraph& graph, int limit);

// Returns the shortest path of nodes (breadth first) from `from` to a node whose own tree fails
// with the failure bit `bit`, or for the cycle bit, to a node on a cycle followed by the cycle
// back to it. Only nodes from which the bit is reachable are visited.
std::vector<std::uint32_t> path_to_failure(const StateGraph& graph, const GraphSolution& solution,
                                           std::uint32_t from, std::uint8_t bit);

} // namespace al0::verify
