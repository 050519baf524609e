#include "engine/verify/graph/state_graph.hpp"

#include "engine/verify/shared/verdict.hpp"

#include <algorithm>
#include <deque>
#include <stdexcept>

namespace al0::verify {

namespace {

constexpr std::uint32_t UNSEEN = 0xffffffffu;

// Settles one finished component: its reachable failures and worst cases from its members' own
// results and their edges out of it (already settled, since components finish sinks first).
void settle(const StateGraph& g, const std::vector<std::uint32_t>& members, int limit,
            GraphSolution& s) {
    const std::uint32_t c = s.component[members.front()];
    bool cyclic = members.size() > 1;
    std::uint8_t bits = 0;
    for (std::uint32_t v : members)
        for (std::uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
            const std::uint32_t w = g.target[e];
            cyclic = cyclic || w == v;
            bits |= s.component[w] == c ? 0 : s.reachable[w];
        }
    for (std::uint32_t v : members) bits |= g.own_failures[v];
    if (cyclic) bits |= verdict_bit(Verdict::cycle);
    s.cyclic.push_back(cyclic);
    for (std::uint32_t v : members) s.reachable[v] = bits;
    const std::uint8_t fifty = verdict_bit(Verdict::over_fifty);
    if (bits & ~fifty) return;
    // No cycle: the component is the single node v, and its successors are settled.
    const std::uint32_t v = members.front();
    std::int32_t worst = g.own_mate[v];
    std::int32_t run = g.own_count(v);
    for (std::uint32_t e = g.first[v]; e < g.first[v + 1]; ++e) {
        const std::uint32_t w = g.target[e];
        worst = std::max(worst, std::int32_t(g.moves[e]) + s.worst[w]);
        const int before = g.count_before_reset(e), after = g.count_after_reset(e);
        if (after == NO_RESET) {
            run = std::max(run, before + s.run[w]);
        } else {
            run = std::max(run, before);
            if (after + s.run[w] >= limit) bits |= fifty;
        }
    }
    s.worst[v] = worst;
    s.run[v] = run;
    s.reachable[v] = bits;
}

} // namespace

GraphSolution solve(const StateGraph& g, int limit) {
    const std::uint32_t n = std::uint32_t(g.size());
    GraphSolution s;
    s.reachable.assign(n, 0);
    s.worst.assign(n, 0);
    s.run.assign(n, 0);
    s.component.assign(n, UNSEEN);
    std::vector<std::uint32_t> index(n, UNSEEN), low(n), stack, members;
    std::vector<std::uint8_t> on_stack(n, 0);
    struct Frame {
        std::uint32_t node, edge;
    };
    std::vector<Frame> calls;
    std::uint32_t counter = 0, components = 0;
    for (std::uint32_t root = 0; root < n; ++root) {
        if (index[root] != UNSEEN) continue;
        calls.push_back({root, g.first[root]});
        index[root] = low[root] = counter++;
        stack.push_back(root);
        on_stack[root] = 1;
        while (!calls.empty()) {
            Frame& f = calls.back();
            if (f.edge < g.first[f.node + 1]) {
                const std::uint32_t w = g.target[f.edge++];
                if (index[w] == UNSEEN) {
                    index[w] = low[w] = counter++;
                    stack.push_back(w);
                    on_stack[w] = 1;
                    calls.push_back({w, g.first[w]});
                } else if (on_stack[w]) {
                    low[f.node] = std::min(low[f.node], index[w]);
                }
                continue;
            }
            const std::uint32_t v = f.node;
            calls.pop_back();
            if (!calls.empty()) low[calls.back().node] = std::min(low[calls.back().node], low[v]);
            if (low[v] != index[v]) continue;
            members.clear();
            std::uint32_t w;
            do {
                w = stack.back();
                stack.pop_back();
                on_stack[w] = 0;
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
