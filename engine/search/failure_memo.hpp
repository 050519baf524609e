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
//
// One memo serves every thread of the process. Why: the lasting failures hold for every root, so
// a verification on two threads with a memo each searched a quarter more nodes than on one
// (KPK), each thread finding again what the other had found. A thread notes and reads a bucket
// under its version number (a sequence lock): a reader that saw the version change meanwhile
// takes the bucket as empty, a writer that meets another skips its note; either costs only
// work, never a wrong answer.

#include "engine/search/huge_page_array.hpp"
#include "engine/search/memo_slot.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace al0::search {

class FailureMemo {
  public:
    // The memo of this thread, for a search whose failures hold for it alone: what it notes
    // is forgotten when the next search starts.
    static FailureMemo& fresh() {
        FailureMemo& memo = of_thread();
        memo.context_ = shared().new_context();
        memo.root_key_ = 0;
        return memo;
    }
    // The same for a search of advice ADVICE of the program with serial SERIAL (not 0) from a
    // root where the root values it reads are ROOT_KEY (0 when it reads none): what it notes
    // holds for every search of that advice from such a root.
    static FailureMemo& lasting(std::uint64_t serial, std::uint16_t advice,
                                std::uint64_t root_key = 0) {
        FailureMemo& memo = of_thread();
        const Lasting key{serial << 16 | advice, root_key};
        if (const std::uint64_t era = shared().era.load(std::memory_order_acquire);
            era != memo.era_) { // forget_all() since: this thread's contexts are the old ones
            memo.contexts_.clear();
            memo.last_ = {};
            memo.era_ = era;
        }
        if (!(key == memo.last_)) {
            const auto known = memo.contexts_.find(key);
            memo.last_context_ =
                known != memo.contexts_.end() ? known->second : shared().context_of(key);
            if (known == memo.contexts_.end()) {
                if (memo.contexts_.size() >= MAX_LASTING) memo.contexts_.clear();
                memo.contexts_.emplace(key, memo.last_context_);
            }
            memo.last_ = key;
        }
        memo.context_ = memo.last_context_;
        memo.root_key_ = root_key;
        return memo;
    }

    // Forgets every failure noted so far: each later search, lasting or not, sees the memo of a
    // new process, an empty one. Call it while no search runs. Cheap: no bucket is touched, each
    // lasting advice only gets a new context (the old entries match none); the entries left
    // behind fill ways, but a bucket forgets its oldest way first, so a search alone keeps every
    // failure it would keep in an empty memo.
    static void forget_all() {
        Shared& memo = shared();
        std::lock_guard lock(memo.mutex);
        memo.lasting.clear();
        memo.era.fetch_add(1, std::memory_order_release);
    }

    [[nodiscard]] bool failed(std::uint64_t code, int depth) const {
        const Bucket& b = shared().buckets[slot(code, depth)];
        const std::uint32_t version = b.version.load(std::memory_order_acquire);
        if (version & 1) return false; // being written
        bool found = false;
        for (int w = 0; w < WAYS; ++w) found = found || b.is(w, code, context_, depth);
        std::atomic_thread_fence(std::memory_order_acquire);
        return found && b.version.load(std::memory_order_relaxed) == version;
    }
    // Starts loading the bucket of CODE at DEPTH, for a failed() to come.
    void prefetch(std::uint64_t code, int depth) const {
        __builtin_prefetch(&shared().buckets[slot(code, depth)]);
    }
    // The newest failure takes the bucket's first way, the others move one way on (the last
    // is forgotten).
    void note_failure(std::uint64_t code, int depth) {
        Bucket& b = shared().buckets[slot(code, depth)];
        std::uint32_t version = b.version.load(std::memory_order_relaxed);
        if ((version & 1) ||
            !b.version.compare_exchange_strong(version, version + 1, std::memory_order_acquire))
            return; // another thread writes it
        // Why a fence: a reader that sees one of the stores below must also see the odd version
        // when it reads the version again (the stores are relaxed; the exchange orders only
        // what comes before it).
        std::atomic_thread_fence(std::memory_order_release);
        for (int w = WAYS - 1; w > 0; --w)
            b.set(w, b.codes[w - 1].load(std::memory_order_relaxed),
                  b.contexts[w - 1].load(std::memory_order_relaxed),
                  b.depths[w - 1].load(std::memory_order_relaxed));
        b.set(0, code, context_, depth);
        b.version.store(version + 2, std::memory_order_release);
    }

    // 2^BITS buckets of three entries, each bucket one cache line: three failures whose slots
    // collide are all kept, at the cost of one memory access. Why 8 MB: the lasting failures of
    // a verification's mates fill a smaller memo (2^13 buckets of two forgot so much that KQK's
    // verification searched 2.6 times the nodes), and half the memory of 2^18 buckets of two
    // waits less on its misses (KPK at one thread searched 3% fewer nodes in it, KQK as many).
    static constexpr int BITS = 17;

  private:
    // What a failure holds for: one search, or one lasting advice from roots alike (its program
    // serial and advice, and its root values), numbered from 1 for the process, never twice.
    using Context = std::uint64_t;
    struct Lasting {
        std::uint64_t advice = 0, root_key = 0;
        bool operator==(const Lasting&) const = default;
    };
    struct LastingHash {
        std::size_t operator()(const Lasting& k) const {
            return std::size_t((k.advice * 0x9E3779B97F4A7C15ull) ^ k.root_key);
        }
    };
    // Why a bound: a process that compiles many programs (the lab) would grow the maps forever;
    // a lasting advice dropped from them gets a new number, its old entries forgotten.
    static constexpr std::size_t MAX_LASTING = std::size_t(1) << 16;
    using Contexts = std::unordered_map<Lasting, Context, LastingHash>;

    // Why the fields of the ways apart: three ways of a 64-bit code, a 64-bit context and a
    // depth fit one cache line with the version, each field aligned.
    static constexpr int WAYS = 3;
    struct alignas(64) Bucket {
        std::array<std::atomic<std::uint64_t>, WAYS> codes{};
        std::array<std::atomic<Context>, WAYS> contexts{}; // 0: none
        std::array<std::atomic<std::int32_t>, WAYS> depths{};
        std::atomic<std::uint32_t> version{0}; // odd while a thread writes the ways
        [[nodiscard]] bool is(int w, std::uint64_t c, Context k, int d) const {
            return contexts[w].load(std::memory_order_relaxed) == k &&
                   codes[w].load(std::memory_order_relaxed) == c &&
                   depths[w].load(std::memory_order_relaxed) == d;
        }
        void set(int w, std::uint64_t c, Context k, int d) {
            codes[w].store(c, std::memory_order_relaxed);
            contexts[w].store(k, std::memory_order_relaxed);
            depths[w].store(d, std::memory_order_relaxed);
        }
    };
    static_assert(sizeof(Bucket) == 64);
    // The buckets and the numbering of contexts, for every thread.
    struct Shared {
        HugePageArray<Bucket> buckets{std::size_t(1) << BITS};
        std::atomic<Context> last{0};
        std::atomic<std::uint64_t> era{0}; // forget_all() calls so far
        std::mutex mutex;
        Contexts lasting;
        Context new_context() { return ++last; }
        Context context_of(const Lasting& key) {
            std::lock_guard lock(mutex);
            if (const auto known = lasting.find(key); known != lasting.end()) return known->second;
            if (lasting.size() >= MAX_LASTING) lasting.clear();
            return lasting[key] = new_context();
        }
    };
    static Shared& shared() {
        static Shared memo;
        return memo;
    }

    FailureMemo() = default;
    static FailureMemo& of_thread() {
        static thread_local FailureMemo memo;
        return memo;
    }
    // Why the root key too: the same node under other root values is another entry.
    std::size_t slot(std::uint64_t code, int depth) const {
        return memo_slot<BITS>(code ^ root_key_ * 0xD6E8FEB86659FD93ull, depth);
    }

    // This thread's search: its context and root values, and the contexts it looked up.
    Context context_ = 0;
    std::uint64_t root_key_ = 0;
    Contexts contexts_;
    Lasting last_; // the latest lasting advice asked for, and its context
    Context last_context_ = 0;
    std::uint64_t era_ = 0; // Shared::era when contexts_ was filled
};

// Returns a number no other compiled program of this process has (never 0): the program's serial,
// under which the memo keeps the failures of its advice across searches. Why 47 bits are enough: a
// process would compile a million tables a second for four years to use them up.
inline std::uint64_t new_program_serial() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

} // namespace al0::search
