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
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <type_traits>

namespace al0::search {

class FailureMemo {
  public:
    // The memo of this thread, for a search whose failures hold for it alone: what it notes
    // is forgotten when the next search starts.
    static FailureMemo& fresh() {
        FailureMemo& memo = of_thread();
        memo.buckets_ = shared().buckets.data();
        memo.context_ = shared().new_context();
        memo.root_key_ = 0;
        return memo;
    }
    // The same for a search of advice ADVICE of the program with serial SERIAL (not 0) from a
    // root where the root values it reads are ROOT_KEY (0 when it reads none): what it notes
    // holds for every search of that advice from such a root.
    // Why out of line: once per search, it has no place in the search's code (inlined there
    // with the table's allocation below, KPK's verification took 0.2 % more instructions).
    [[gnu::noinline]] static FailureMemo& lasting(std::uint64_t serial, std::uint16_t advice,
                                                  std::uint64_t root_key = 0) {
        FailureMemo& memo = of_thread();
        memo.buckets_ = shared().buckets.data();
        const Lasting key{serial << 16 | advice, root_key};
        const std::uint64_t generation = shared().generation.load(std::memory_order_acquire);
        Known& known = memo.known_[key.hash() & (KNOWN - 1)];
        if (known.generation != generation || !(known.key == key))
            known = {key, shared().context_of(key), generation};
        memo.context_ = known.context;
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
        memo.forget_contexts();
    }

    [[nodiscard]] bool failed(std::uint64_t code, int depth) const {
        const Bucket& b = buckets_[slot(code, depth)];
        const std::uint32_t version = b.version.load(std::memory_order_acquire);
        if (version & 1) return false; // being written
        bool found = false;
        for (int w = 0; w < WAYS; ++w) found = found || b.is(w, code, context_, depth);
        std::atomic_thread_fence(std::memory_order_acquire);
        return found && b.version.load(std::memory_order_relaxed) == version;
    }
    // Starts loading the bucket of CODE at DEPTH, for a failed() to come.
    void prefetch(std::uint64_t code, int depth) const {
        __builtin_prefetch(&buckets_[slot(code, depth)]);
    }
    // The newest failure takes the bucket's first way, the others move one way on (the last
    // is forgotten).
    void note_failure(std::uint64_t code, int depth) {
        Bucket& b = buckets_[slot(code, depth)];
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
        [[nodiscard]] std::size_t hash() const {
            return std::size_t(
                ((advice * 0x9E3779B97F4A7C15ull) ^ root_key) * 0xD6E8FEB86659FD93ull >> 32);
        }
    };
    // Why a bound: a process that compiles many programs (the lab) would fill the table; past
    // it every lasting advice gets a new context, its old entries forgotten.
    static constexpr std::size_t MAX_LASTING = std::size_t(1) << 16;
    // A lasting advice's context, valid in the generation of contexts it was given in (none is
    // 0: a zeroed entry is empty).
    struct Known {
        Lasting key;
        Context context = 0;
        std::uint64_t generation = 0;
    };
    // The contexts this thread looked up last, one per slot of their key's hash.
    static constexpr std::size_t KNOWN = 64;

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
        // The contexts of the lasting advice: a table probed linearly from its key's hash, twice
        // as large as it may fill, each entry valid in its generation alone. Why not a map: a
        // fresh tree (its advice's first search since forget_all) allocated a node per advice,
        // twice, and freed them at the next forget_all: 7 % of the instructions of the book
        // table's tree at its third position. Calloc'ed: its pages cost nothing until used.
        std::atomic<std::uint64_t> generation{1}; // forget_contexts() calls so far, plus one
        std::mutex mutex;
        struct Free {
            void operator()(Known* p) const { std::free(p); }
        };
        std::unique_ptr<Known[], Free> contexts{zeroed(2 * MAX_LASTING)};
        std::size_t live = 0; // the contexts of this generation
        Context new_context() { return ++last; }
        // Every lasting advice gets a new context from now on (called under the mutex).
        void forget_contexts() {
            generation.fetch_add(1, std::memory_order_release);
            live = 0;
        }
        [[gnu::noinline]] Context context_of(const Lasting& key) {
            std::lock_guard lock(mutex);
            Known* known = find(key);
            if (known->generation != generation.load(std::memory_order_relaxed)) {
                if (live == MAX_LASTING) {
                    forget_contexts();
                    known = find(key);
                }
                *known = {key, new_context(), generation.load(std::memory_order_relaxed)};
                ++live;
            }
            return known->context;
        }
        // Why cold: every use of the memo inlines the construction of Shared (at its first use),
        // and with the allocation inline the note of a failure no longer inlined into the search.
        [[gnu::cold, gnu::noinline]] static Known* zeroed(std::size_t n) {
            static_assert(std::is_trivially_copyable_v<Known>);
            void* p = std::calloc(n, sizeof(Known));
            if (!p) throw std::bad_alloc();
            return static_cast<Known*>(p);
        }
        // KEY's entry in this generation, or the empty entry where it would go.
        Known* find(const Lasting& key) {
            const std::uint64_t now = generation.load(std::memory_order_relaxed);
            constexpr std::size_t MASK = 2 * MAX_LASTING - 1;
            std::size_t i = key.hash() & MASK;
            while (contexts[i].generation == now && !(contexts[i].key == key)) i = (i + 1) & MASK;
            return &contexts[i];
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

    // This thread's search: the shared buckets, its context and root values, and the contexts it
    // looked up. Why the buckets here: read through shared(), each probe tested the guard of its
    // static; and a search compiled into a unit of its own (FixedSearch, engine/codegen) reads and
    // notes through the memo it is handed, where shared() would be that unit's own table.
    Bucket* buckets_ = nullptr;
    Context context_ = 0;
    std::uint64_t root_key_ = 0;
    std::array<Known, KNOWN> known_{};
};

// Returns a number no other compiled program of this process has (never 0): the program's serial,
// under which the memo keeps the failures of its advice across searches. Why 47 bits are enough: a
// process would compile a million tables a second for four years to use them up.
inline std::uint64_t new_program_serial() {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

} // namespace al0::search
