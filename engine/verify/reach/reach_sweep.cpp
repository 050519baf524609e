#include "engine/verify/reach/reach_sweep.hpp"

#include <algorithm>

namespace al0::verify::reach_detail {

Thresholds thresholds(const Shared& sh, const std::vector<int>& order, int threads) {
    const std::size_t classes = order.size();
    std::vector<endgame::State> roots;
    roots.reserve(classes);
    const int main = int(sh.spaces.size() - 1);
    for (int cls : order) {
        Board b;
        sh.spaces[std::size_t(main)].space.decode(sh.class_root[std::size_t(cls)], b);
        roots.push_back(state_of(sh.table.roles, b));
    }
    Thresholds t;
    for (const SpaceData& data : sh.spaces) {
        const std::uint32_t n = data.space.size();
        auto& holding = t.holding.emplace_back(n, std::uint16_t(classes));
        auto& better = t.better.emplace_back(n, std::uint16_t(classes));
        const auto work = [&](int, std::size_t begin, std::size_t end) {
            const endgame::Domain domain(sh.table.roles);
            const search::Evaluator<endgame::Domain> eval(domain, sh.table.program);
            const endgame::State none;
            for (std::size_t slot = begin; slot < end; ++slot) {
                if (!data.legal[slot]) continue;
                search::NodeValues values = cached_values(sh, data, slot);
                // The first rank where GOAL holds: it holds from there on.
                const auto first = [&](GoalId goal) {
                    std::size_t lo = 0, hi = classes;
                    while (lo < hi) {
                        const std::size_t mid = (lo + hi) / 2;
                        if (eval.holds(goal, none, roots[mid], values))
                            hi = mid;
                        else
                            lo = mid + 1;
                    }
                    return std::uint16_t(lo);
                };
                holding[slot] = first(sh.holding);
                better[slot] = first(sh.better);
            }
        };
        parallel_chunks(n, threads, work, {}, sh.stop);
        check_stop(sh);
        // The slots whose seed changes at each rank (a counting sort).
        auto& at = t.change_at.emplace_back(classes + 2, 0);
        auto& changes = t.changes.emplace_back();
        const auto each_change = [&](auto f) {
            for (std::uint32_t slot = 0; slot < n; ++slot) {
                if (holding[slot] < classes) f(holding[slot], slot);
                if (better[slot] < classes && better[slot] != holding[slot]) f(better[slot], slot);
            }
        };
        each_change([&](std::size_t rank, std::uint32_t) { ++at[rank + 2]; });
        for (std::size_t r = 2; r < at.size(); ++r) at[r] += at[r - 1];
        changes.resize(at.back());
        each_change([&](std::size_t rank, std::uint32_t slot) { changes[at[rank + 1]++] = slot; });
        at.pop_back();
    }
    return t;
}

ConversionParents conversion_parents(const Shared& sh) {
    ConversionParents c;
    std::vector<std::vector<std::pair<std::uint32_t, std::pair<int, std::uint32_t>>>> edges(
        sh.spaces.size());
    for (std::size_t s = 0; s < sh.spaces.size(); ++s) {
        const SpaceData& data = sh.spaces[s];
        for (std::uint32_t slot = 0; slot < data.space.size(); ++slot) {
            if (data.legal[slot] != CONVERTS) continue;
            Board b;
            data.space.decode(slot, b);
            tablebase::for_each_move(
                b, [&](const Board& child, tablebase::BoardMove, bool conversion) {
                    if (!conversion) return;
                    const int cs = sh.space_of(child.material());
                    edges[std::size_t(cs)].push_back(
                        {sh.spaces[std::size_t(cs)].space.index(child), {int(s), slot}});
                });
        }
    }
    for (std::size_t s = 0; s < sh.spaces.size(); ++s) {
        auto& e = edges[s];
        std::sort(e.begin(), e.end());
        e.erase(std::unique(e.begin(), e.end()), e.end());
        auto& begin = c.begin.emplace_back(std::size_t(sh.spaces[s].space.size()) + 1, 0);
        auto& parent = c.parent.emplace_back();
        for (const auto& [child, p] : e) {
            ++begin[std::size_t(child) + 1];
            parent.push_back(p);
        }
        for (std::size_t i = 1; i < begin.size(); ++i) begin[i] += begin[i - 1];
    }
    return c;
}

} // namespace al0::verify::reach_detail
