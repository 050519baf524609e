#include "engine/verify/graph/state_graph.hpp"

#include "engine/verify/shared/verdict.hpp"

#include <algorithm>
#include <deque>
#include <stdexcept>

namespace al0::verify {

namespace {

constexpr std::uint32_t UNSEEN = 0xffffffffu;

// Settles a component of the single node v: from its own results and its edges' targets, all
// settled but v itself (an edge to itself makes a cycle). One pass over the edges. Why: most
// components are single nodes, and a second pass was a fifth of the solve.
void settle_node(const StateGraph& g, std::uint32_t v, int limit, GraphSolution& s) {
    const std::uint8_t fifty = verdict_bit(Verdict::over_fifty);
    std::uint8_t bits = g.own_failures[v], late_fifty = 0;
    bool cyclic = false;
    std::int32_t worst = g.own_mate[v];
    std::int32_t run = g.own_count(v);
    for (std::uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
        const std::uint32_t w = g.target[e];
        if (w == v) {
            cyclic = true;
            continue;
        }
        bits |= s.reachable[w];
        worst = std::max(worst, std::int32_t(g.moves[e]) + s.worst[w]);
        const int before = g.count_before_reset(e), after = g.count_after_reset(e);
        if (after == NO_RESET) {
            run = std::max(run, before + s.run[w]);
        } else {
            run = std::max(run, before);
            if (after + s.run[w] >= limit) late_fifty = fifty;
        }
    }
    if (cyclic) bits |= verdict_bit(Verdict::cycle);
    s.cyclic.push_back(cyclic);
    if (bits & ~fifty) { // a failure or a cycle: no worst case
        s.reachable[v] = bits;
        return;
    }
    s.worst[v] = worst;
    s.run[v] = run;
    s.reachable[v] = bits | late_fifty;
}

// Settles one finished component: its reachable failures from its members' own results and
// their edges out of it (already settled, since components finish sinks first). A component of
// several nodes is a cycle, so no worst case is settled there.
void settle(const StateGraph& g, const std::vector<std::uint32_t>& members, int limit,
            GraphSolution& s) {
    if (members.size() == 1) return settle_node(g, members.front(), limit, s);
    const std::uint32_t c = s.component[members.front()];
    std::uint8_t bits = verdict_bit(Verdict::cycle);
    for (std::uint32_t v : members) {
        bits |= g.own_failures[v];
        for (std::uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
            const std::uint32_t w = g.target[e];
            bits |= s.component[w] == c ? 0 : s.reachable[w];
        }
    }
    s.cyclic.push_back(1);
    for (std::uint32_t v : members) s.reachable[v] = bits;
}

} // namespace

GraphSolution solve(const StateGraph& g, int limit) {
    const std::uint32_t n = std::uint32_t(g.size());
    GraphSolution s;
    s.reachable.assign(n, 0);
    s.worst.assign(n, 0);
    s.run.assign(n, 0);
    s.component.assign(n, UNSEEN);
    // A node seen (index set) is on Tarjan's stack until its component is numbered.
    std::vector<std::uint32_t> index(n, UNSEEN), low(n), stack, members;
    struct Frame {
        std::uint32_t node, edge;
    };
    std::vector<Frame> calls;
    std::uint32_t counter = 0, components = 0;
    const auto enter = [&](std::uint32_t v) {
        index[v] = low[v] = counter++;
        stack.push_back(v);
        calls.push_back({v, g.first[v]});
    };
    for (std::uint32_t root = 0; root < n; ++root) {
        if (index[root] != UNSEEN) continue;
        enter(root);
        while (!calls.empty()) {
            Frame& f = calls.back();
            const std::uint32_t v = f.node, last = g.first[v + 1];
            std::uint32_t unseen = UNSEEN;
            while (f.edge < last) {
                const std::uint32_t w = g.target[f.edge++];
                if (index[w] == UNSEEN) {
                    unseen = w;
                    break;
                }
                if (s.component[w] == UNSEEN) low[v] = std::min(low[v], index[w]);
            }
            if (unseen != UNSEEN) {
                enter(unseen); // f dangles from here on
                continue;
            }
            calls.pop_back();
            if (!calls.empty()) low[calls.back().node] = std::min(low[calls.back().node], low[v]);
            if (low[v] != index[v]) continue;
            members.clear();
            std::uint32_t w;
            do {
                w = stack.back();
                stack.pop_back();
                s.component[w] = components;
                members.push_back(w);
            } while (w != v);
            ++components;
            settle(g, members, limit, s);
        }
    }
    return s;
}

std::vector<std::uint32_t> path_to_failure(const StateGraph& g, const GraphSolution& solution,
                                           std::uint32_t from, std::uint8_t bit) {
    constexpr std::uint32_t NO_PARENT = 0xffffffffu;
    const bool cycle = bit == verdict_bit(Verdict::cycle);
    auto is_goal = [&](std::uint32_t u) {
        return cycle ? solution.cyclic[solution.component[u]] != 0 : (g.own_failures[u] & bit) != 0;
    };
    // One breadth-first search; for a cycle a second one from the cycle's node back to itself.
    auto search = [&](std::uint32_t start, bool leave_start) {
        std::vector<std::uint32_t> parent(g.size(), NO_PARENT);
        auto trace = [&](std::uint32_t x) {
            std::vector<std::uint32_t> path;
            for (; x != start; x = parent[x]) path.push_back(x);
            path.push_back(start);
            std::reverse(path.begin(), path.end());
            return path;
        };
        if (!leave_start && is_goal(start)) return trace(start);
        std::deque<std::uint32_t> queue{start};
        parent[start] = start;
        while (!queue.empty()) {
            const std::uint32_t u = queue.front();
            queue.pop_front();
            for (std::uint32_t e = g.first[u]; e < g.first[u + 1]; ++e) {
                const std::uint32_t w = g.target[e];
                if (!(solution.reachable[w] & bit)) continue;
                if (leave_start && solution.component[w] != solution.component[start]) continue;
                if (leave_start && w == start) {
                    std::vector<std::uint32_t> path = trace(u);
                    path.push_back(w);
                    return path;
                }
                if (parent[w] != NO_PARENT) continue;
                parent[w] = u;
                if (!leave_start && is_goal(w)) return trace(w);
                queue.push_back(w);
            }
        }
        throw std::logic_error("verify: the state graph has no path to the verdict");
    };
    std::vector<std::uint32_t> path = search(from, false);
    if (cycle) {
        const std::vector<std::uint32_t> loop = search(path.back(), true);
        path.insert(path.end(), loop.begin() + 1, loop.end());
    }
    return path;
}

} // namespace al0::verify
