#pragma once
// The nodes a search has seen fail, so that a position met again at the same depth by another
// move order (a transposition) fails at once instead of being searched again. Sound because a
// node's result depends only on its state, its depth and the search's root and advice; only
// failures are kept, so the forcing tree (built from successes) and every choice of move are the
// same as without it. Why small and overwritten: it forgets, and forgetting costs only the work
// it would have saved.
//
// A failure is kept for one search, or, in a domain whose primitives never look at the root, for
// every later search of that advice of that compiled program (its serial) from a root where the
// root values the advice reads (its root(E), search/root_reads.hpp; none, or at most two) are the
// same: the same node at the same depth fails from any such root. Why: verification and play
// search the same mates, and the same "make E smaller than root(E)", from thousands of
// neighbouring roots.

#include "engine/search/huge_page_array.hpp"
#include "engine/search/memo_slot.hpp"

#include <array>
#include <atomic>
#include <cstdint>

namespace al0::search {

class FailureMemo {
  public:
    // The memo of this thread, for a search whose failures hold for it alone: what it notes
    // is forgotten when the next search starts.
    static FailureMemo& fresh() {
        FailureMemo& memo = of_thread();
        memo.tag_ = ++memo.search_; // 64 bits: it never reaches LASTING
        memo.root_key_ = 0;
        return memo;
    }
    // The same for a search of advice ADVICE of the program with serial SERIAL (not 0) from a
    // root where the root values it reads are ROOT_KEY (0 when it reads none): what it notes
    // holds for every search of that advice from such a root.
    static FailureMemo& lasting(std::uint64_t serial, std::uint16_t advice,
                                std::uint64_t root_key = 0) {
        FailureMemo& memo = of_thread();
        memo.tag_ = LASTING | std::uint64_t(serial) << 16 | advice;
        memo.root_key_ = root_key;
        return memo;
    }

    [[nodiscard]] bool failed(std::uint64_t code, int depth) const {
        const Bucket& b = buckets_[slot(code, depth)];
        return b.ways[0].is(code, tag_, root_key_, depth) ||
               b.ways[1].is(code, tag_, root_key_, depth);
    }
    // Starts loading the bucket of CODE at DEPTH, for a failed() to come.
    void prefetch(std::uint64_t code, int depth) const {
        __builtin_prefetch(&buckets_[slot(code, depth)]);
    }
    // The newest failure takes the bucket's first way, the one there moves to the second.
    void note_failure(std::uint64_t code, int depth) {
        Bucket& b = buckets_[slot(code, depth)];
        b.ways[1] = b.ways[0];
        b.ways[0] = {code, tag_, root_key_, depth};
    }

    // 2^BITS buckets of two entries, each bucket one cache line: two failures whose slots
    // collide are both kept, at the cost of one memory access. Why 8 MB a thread: the lasting
    // failures of a verification's mates fill a smaller memo (2^13 buckets forgot so much that
    // KQK's verification searched 2.6 times the nodes); a larger one saves few more nodes and
    // costs more cache misses than it saves.
    static constexpr int BITS = 17;

  private:
    // Tags of lasting entries have this bit; those of one search are its number, below it.
    static constexpr std::uint64_t LASTING = std::uint64_t{1} << 63;
    struct Entry {
        std::uint64_t code = 0;
        std::uint64_t tag = 0; // which search, or which lasting advice, wrote it; 0: none
        std::uint64_t root_key = 0;
        int depth = 0;
        [[nodiscard]] bool is(std::uint64_t c, std::uint64_t t, std::uint64_t k, int d) const {
            return tag == t && code == c && root_key == k && depth == d;
        }
    };
    struct alignas(64) Bucket {
        std::array<Entry, 2> ways;
    };

    FailureMemo() : buckets_(std::size_t(1) << BITS) {}
    static FailureMemo& of_thread() {
        static thread_local FailureMemo memo;
        return memo;
    }
    // Why the root key too: the same node under other root values is another entry.
    std::size_t slot(std::uint64_t code, int depth) const {
        return memo_slot<BITS>(code ^ root_key_ * 0xD6E8FEB86659FD93ull, depth);
    }

    HugePageArray<Bucket> buckets_;
    std::uint64_t search_ = 0, tag_ = 0, root_key_ = 0;
};

// Returns a number no other compiled program of this process has (never 0): the program's serial,
// under which the memo keeps the failures of its advice across searches. Why 47 bits are enough: a
// process would compile a million tables a second for four years to use them up.
inline std::uint64_t new_program_serial() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

} // namespace al0::search
