#pragma once
// Where the won starts' worst cases go over optimal play: each start's worst line passes through
// a chain of states (at each, the line of its tree that ends in the state after it with the
// worst case, else its longest mate); at a state v whose tree plays m White moves to the next
// state t, the line loses m + d(t) - d(v) moves against the tablebase (d: its moves to mate with
// White to move; d(t) = 0 where the tree mates). Along a start's chain these add up to its excess
// over optimal, so summed per piece of advice (the advice that built each state's tree) over
// every won start they split the table's whole excess exactly. Where two lines share the worst
// case, the tree's own mate comes first, then the first edge in the graph's order.

#include "engine/verify/graph/state_graph.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace al0::verify {

struct WorstLineSplit {
    std::vector<std::int64_t> excess;  // per advice: the moves lost on the worst lines
    std::vector<std::uint64_t> visits; // per advice: the states of its trees they pass through
};

// Returns the tablebase's moves to mate at a node (asked once per node of a worst line).
using OptimalMoves = std::function<std::int32_t(std::uint32_t)>;

// ADVICE[v]: the advice of node v's tree (-1: none); WON_START[v]: whether v is a won start.
// The graph solved as SOLUTION.
WorstLineSplit split_worst_lines(const StateGraph& graph, const GraphSolution& solution,
                                 std::span<const std::int32_t> advice, const OptimalMoves& optimal,
                                 std::span<const std::uint8_t> won_start, std::size_t advice_count);

} // namespace al0::verify
