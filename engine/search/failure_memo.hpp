#pragma once
// The nodes a search has seen fail, so that a position met again at the same depth by another
// move order (a transposition) fails at once instead of being searched again. Sound because a
// node's result depends only on its state, its depth and the search's root and advice, which
// stay fixed within one search; only failures are kept, so the forcing tree (built from
// successes) and every choice of move are the same as without it. Why direct-mapped and
// overwritten: it forgets, and forgetting costs only the work it would have saved.

#include <cstdint>
#include <vector>

namespace al0::search {

class FailureMemo {
  public:
    // The memo of this thread, emptied for a new search (advice at a root).
    static FailureMemo& fresh() {
        static thread_local FailureMemo memo;
        memo.start();
        return memo;
    }

    [[nodiscard]] bool failed(std::uint64_t code, int depth) const {
        const Entry& e = slots_[slot(code, depth)];
        return e.search == search_ && e.code == code && e.depth == depth;
    }
    void note_failure(std::uint64_t code, int depth) {
        slots_[slot(code, depth)] = {code, search_, depth};
    }

  private:
    static constexpr int BITS = 14;
    struct Entry {
        std::uint64_t code = 0;
        std::uint32_t search = 0; // which search wrote it; 0: none
        int depth = 0;
    };

    FailureMemo() : slots_(std::size_t(1) << BITS) {}

    void start() {
        if (++search_ == 0) { // wrapped: entries of an old search could look current
            slots_.assign(slots_.size(), Entry{});
            search_ = 1;
        }
    }
    static std::size_t slot(std::uint64_t code, int depth) {
        return std::size_t(((code ^ std::uint64_t(depth) << 56) * 0x9E3779B97F4A7C15ull) >>
                           (64 - BITS));
    }

    std::vector<Entry> slots_;
    std::uint32_t search_ = 0;
};

} // namespace al0::search
