#pragma once
// The states a parallel walk sets aside because their search ran out of its node budget, walked
// again once its threads are done: one at a time, each search alone with the failure memo
// forgotten (search/failure_memo.hpp). Why: the memo is one for the process, and a deep ladder
// fits its budget only with the failures it notes itself; while another thread's searches evict
// them, the same search costs more nodes (a KBNK draft: 2 states over the budget on one thread,
// 9 on two). Alone with a forgotten memo, a state's search is the one `al0 advise` makes in a new
// process, whichever threads walked what before: over the budget then is its verdict.
// What it leaves: a search that fits the budget on the threads only thanks to the failures other
// searches noted (the lasting ones, of neighbouring roots) counts as fitting, though alone it may
// not (KPK at --budget 20000: states of 40,000 to 50,000 nodes alone fit on one thread or on two,
// not the same ones). Searching every state alone would lose what the lasting failures save.

#include "engine/search/failure_memo.hpp"
#include "engine/verify/shared/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

namespace al0::verify {

// The states a walk searched again alone because their search ran out of its node budget on the
// threads: how many (that depends on what the threads searched meanwhile), how many of them then
// ended within it, and the nodes those searches cost.
struct RetryCounts {
    std::uint64_t retried = 0, fitted = 0, nodes = 0;
};

// What one state's walk alone did: its search's nodes, and whether it ended within the budget.
struct Retried {
    std::uint64_t nodes = 0;
    bool fitted = false;
};

class BudgetRetries {
  public:
    explicit BudgetRetries(int threads) : aside_(std::size_t(threads)) {}

    // Whether state ID, whose search on THREAD ran out of the budget when OVER, waits to be
    // walked again (the walk then counts nothing of it but its search nodes). Never while
    // retry() walks.
    bool set_aside(int thread, std::uint32_t id, bool over) {
        if (alone_ || !over) return false;
        aside_[std::size_t(thread)].push_back(id);
        return true;
    }

    // Whether a state waits to be walked again.
    [[nodiscard]] bool waiting() const {
        return std::any_of(aside_.begin(), aside_.end(), [](const auto& a) { return !a.empty(); });
    }

    // Walks every state set aside so far again, in id order, each alone with a forgotten memo:
    // walk(id) counts the state as the parallel walk does and returns its search's nodes and
    // whether it ended within the budget. Adds them to COUNTS. STOP (search::Options::stop)
    // ends it as parallel_chunks does.
    template <class Walk>
    void retry(Walk&& walk, RetryCounts& counts, const std::atomic<bool>* stop) {
        std::vector<std::uint32_t> ids;
        for (std::vector<std::uint32_t>& a : aside_) {
            ids.insert(ids.end(), a.begin(), a.end());
            a.clear();
        }
        std::sort(ids.begin(), ids.end());
        alone_ = true;
        for (const std::uint32_t id : ids) {
            if (stop && stop->load(std::memory_order_relaxed)) break;
            search::FailureMemo::forget_all();
            const Retried r = walk(id);
            ++counts.retried;
            counts.fitted += r.fitted;
            counts.nodes += r.nodes;
        }
        alone_ = false;
        if (stop && stop->load(std::memory_order_relaxed)) throw Cancelled();
    }

  private:
    std::vector<std::vector<std::uint32_t>> aside_; // per thread
    bool alone_ = false;                            // retry() walks
};

} // namespace al0::verify
