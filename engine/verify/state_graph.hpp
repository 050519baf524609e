#pragma once
// The graph of verification states: an edge from a state to each new state its tree can lead
// to, weighted by the White moves played on the way. A state wins iff no failure and no cycle is
// reachable from it; its worst case is then the longest path to mate, in White moves.
//
// The fifty-move rule counts White moves since the last capture or pawn move (a reset). An edge
// or a mating line with a reset also says how many White moves came before its first reset and
// after its last; a run of more than the move limit between resets is the failure `over_fifty`.

#include <cstdint>
#include <vector>

namespace al0::verify {

inline constexpr std::int16_t NO_RESET = -1;

struct StateGraph {
    // Adjacency in compressed rows: the edges of node i are [first[i], first[i + 1]).
    std::vector<std::uint32_t> first;
    std::vector<std::uint32_t> target;
    std::vector<std::uint8_t> moves; // White moves from node i's position to the target state
    // Per edge, empty when no edge resets: White moves before the edge's first reset (`moves`
    // when none) and after its last (NO_RESET when none).
    std::vector<std::uint8_t> before;
    std::vector<std::int16_t> after;
    // Per node: the failure bits (verdict_bit) its own tree reaches, and the most White moves of
    // a line of its tree that ends in mate (0: none does), and of such a line before its first
    // reset (empty: as own_mate).
    std::vector<std::uint8_t> own_failures;
    std::vector<std::uint8_t> own_mate;
    std::vector<std::uint8_t> own_run;

    [[nodiscard]] std::size_t size() const { return own_failures.size(); }
    [[nodiscard]] int moves_before_reset(std::uint32_t e) const {
        return before.empty() ? moves[e] : before[e];
    }
    [[nodiscard]] int moves_after_reset(std::uint32_t e) const {
        return after.empty() ? NO_RESET : after[e];
    }
};

struct GraphSolution {
    std::vector<std::uint8_t> reachable;  // failure bits reachable, verdict_bit(Verdict::cycle) too
    std::vector<std::int32_t> worst;      // longest path to mate; meaningful where reachable has
                                          // no failure but perhaps over_fifty
    std::vector<std::int32_t> run;        // the most White moves before the first reset
    std::vector<std::uint32_t> component; // strongly connected component, numbered sinks first
    std::vector<std::uint8_t> cyclic;     // per component: it contains a cycle
};

// Returns the reachable failures and worst cases of every node (Tarjan's algorithm, iterative;
// components come out sinks first, so one pass in that order settles every node). A run of more
// than move_limit White moves after a reset makes over_fifty reachable.
GraphSolution solve(const StateGraph& graph, int move_limit);

// Returns the shortest path of nodes (breadth first) from `from` to a node whose own tree fails
// with the failure bit `bit`, or for the cycle bit, to a node on a cycle followed by the cycle
// back to it. Only nodes from which the bit is reachable are visited.
std::vector<std::uint32_t> path_to_failure(const StateGraph& graph, const GraphSolution& solution,
                                           std::uint32_t from, std::uint8_t bit);

} // namespace al0::verify
