#pragma once
// The graph of verification states: an edge from a state to each new state its tree can lead
// to, weighted by the White moves played on the way. A state wins iff no failure and no cycle is
// reachable from it; its worst case is then the longest path to mate, in White moves.

#include <cstdint>
#include <vector>

namespace al0::verify {

struct StateGraph {
    // Adjacency in compressed rows: the edges of node i are [first[i], first[i + 1]).
    std::vector<std::uint32_t> first;
    std::vector<std::uint32_t> target;
    std::vector<std::uint8_t> moves; // White moves from node i's position to the target state
    // Per node: the failure bits (verdict_bit) its own tree reaches, and the most White moves of
    // a line of its tree that ends in mate (0: none does).
    std::vector<std::uint8_t> own_failures;
    std::vector<std::uint8_t> own_mate;

    [[nodiscard]] std::size_t size() const { return own_failures.size(); }
};

struct GraphSolution {
    std::vector<std::uint8_t> reachable;  // failure bits reachable, verdict_bit(Verdict::cycle) too
    std::vector<std::int32_t> worst;      // longest path to mate; meaningful where reachable == 0
    std::vector<std::uint32_t> component; // strongly connected component, numbered sinks first
    std::vector<std::uint8_t> cyclic;     // per component: it contains a cycle
};

// Returns the reachable failures and worst cases of every node (Tarjan's algorithm, iterative;
// components come out sinks first, so one pass in that order settles every node).
GraphSolution solve(const StateGraph& graph);

} // namespace al0::verify
