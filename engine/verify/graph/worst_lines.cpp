#include "engine/verify/graph/worst_lines.hpp"

#include <algorithm>

namespace al0::verify {

namespace {

constexpr std::uint32_t NO_NEXT = 0xffffffffu;

// Returns the edge of V's worst line, or NO_NEXT when its tree's own mate is the worst case.
std::uint32_t worst_edge(const StateGraph& g, const GraphSolution& s, std::uint32_t v) {
    if (g.own_mate[v] == s.worst[v]) return NO_NEXT;
    for (std::uint32_t e = g.first[v]; e < g.first[v + 1]; ++e)
        if (std::int32_t(g.moves[e]) + s.worst[g.target[e]] == s.worst[v]) return e;
    return NO_NEXT;
}

} // namespace

WorstLineSplit split_worst_lines(const StateGraph& g, const GraphSolution& s,
                                 std::span<const std::int32_t> advice, const OptimalMoves& optimal,
                                 std::span<const std::uint8_t> won_start,
                                 std::size_t advice_count) {
    WorstLineSplit split{std::vector<std::int64_t>(advice_count, 0),
                         std::vector<std::uint64_t>(advice_count, 0)};
    const std::size_t n = g.size();
    // The nodes of the worst lines: each start's chain, up to a node already met.
    std::vector<std::uint8_t> met(n, 0);
    std::int32_t longest = 0;
    for (std::uint32_t v = 0; v < n; ++v)
        for (std::uint32_t u = v; won_start[v] && !met[u];) {
            met[u] = 1;
            longest = std::max(longest, s.worst[u]);
            const std::uint32_t e = worst_edge(g, s, u);
            if (e == NO_NEXT) break;
            u = g.target[e];
        }
    // The next state of a worst line has a smaller worst case: the longest first (in node order
    // among equals, by a counting sort) meets every node after all the lines into it.
    std::vector<std::uint32_t> start(std::size_t(longest) + 2, 0);
    for (std::uint32_t v = 0; v < n; ++v)
        if (met[v]) ++start[std::size_t(longest - s.worst[v]) + 1];
    for (std::size_t w = 1; w < start.size(); ++w) start[w] += start[w - 1];
    std::vector<std::uint32_t> order(start.back());
    for (std::uint32_t v = 0; v < n; ++v)
        if (met[v]) order[start[std::size_t(longest - s.worst[v])]++] = v;
    std::vector<std::uint64_t> lines(n, 0); // the worst lines through each node
    std::vector<std::int32_t> d(n, 0);      // the tablebase's moves to mate, on the lines
    for (std::uint32_t v : order) lines[v] = won_start[v], d[v] = optimal(v);
    for (std::uint32_t v : order) {
        const std::uint32_t e = worst_edge(g, s, v);
        if (e != NO_NEXT) lines[g.target[e]] += lines[v];
        if (advice[v] < 0) continue; // never on a won line: every state there built a tree
        const std::int32_t lost =
            e == NO_NEXT ? g.own_mate[v] - d[v] : std::int32_t(g.moves[e]) + d[g.target[e]] - d[v];
        split.excess[std::size_t(advice[v])] += std::int64_t(lines[v]) * lost;
        split.visits[std::size_t(advice[v])] += lines[v];
    }
    return split;
}

} // namespace al0::verify
