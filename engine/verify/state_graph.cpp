#include "engine/verify/state_graph.hpp"

#include "engine/verify/verdict.hpp"

#include <algorithm>

namespace al0::verify {

namespace {

constexpr std::uint32_t UNSEEN = 0xffffffffu;

// Settles one finished component: its reachable failures and worst cases from its members' own
// results and their edges out of it (already settled, since components finish sinks first).
void settle(const StateGraph& g, const std::vector<std::uint32_t>& members, GraphSolution& s) {
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
    if (bits) return;
    // No cycle: the component is the single node v, and its successors are settled.
    const std::uint32_t v = members.front();
    std::int32_t worst = g.own_mate[v];
    for (std::uint32_t e = g.first[v]; e < g.first[v + 1]; ++e)
        worst = std::max(worst, std::int32_t(g.moves[e]) + s.worst[g.target[e]]);
    s.worst[v] = worst;
}

} // namespace

GraphSolution solve(const StateGraph& g) {
    const std::uint32_t n = std::uint32_t(g.size());
    GraphSolution s;
    s.reachable.assign(n, 0);
    s.worst.assign(n, 0);
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
            settle(g, members, s);
        }
    }
    return s;
}

} // namespace al0::verify
