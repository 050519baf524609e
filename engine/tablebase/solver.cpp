// Retrograde analysis with counters. The initial pass values every legal position by its moves
// that leave the material (captures and promotions, probed in the smaller tables) and counts the
// moves that stay; checkmates are lost at ply 0. Then, ply by ply, every position decided at ply
// p is un-moved: a predecessor of a lost position wins at p + 1; a predecessor of a won one counts
// that move off and, when none is left, loses at p + 1 (or later, if a conversion loses later).
// Memory: the entry and the counter, one byte each per position.
//
// Threads: every thread runs the same passes over its own share of the slots, in step (a
// barrier between phases). Within a ply the order of the un-moves does not matter: a lost
// ply's un-moves only lower parents' wins to the shortest, a won ply's only count parents'
// moves off, and a parent is decided once, by the un-move that counts its last move off. So
// a ply is found in rounds: each thread collects at most ROUND of its slots that hold the ply
// (nothing is written meanwhile), then un-moves them with atomic updates of the entries and
// counters it shares; a thread's list is all the memory it adds.
//
// En passant: the child of a double step beside an enemy pawn is not an entry (entries have no
// en-passant square). Its value is the better of the entry without it and its best capture en
// passant (fixed, from a smaller table): an un-move from the entry does not count what a capture
// beats, and a capture that wins is counted off at its own ply, unless the entry won sooner.
//
// Symmetry: a slot stands for a class of boards. A board with a symmetry (weight 2, see
// Layout::index) is reached by twice as many un-moves per move as one without, so a move is
// counted with its child's weight and each un-move takes off the parent's weight.

#include "engine/tablebase/solver.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <barrier>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <thread>

namespace al0::tablebase {

namespace {

constexpr std::uint8_t UNDECIDED = 253;   // odd: any win found later is shorter
constexpr std::uint8_t CANNOT_LOSE = 255; // counter of a position with a move that does not lose
// Counter bit of a position with fixed children (that all win): when its last move is counted
// off, its loss may be longer than the table's. The weighted moves left fit the bits below (at
// most 2 x 62: a king and two queens).
constexpr std::uint8_t HAS_FIXED = 128;

static_assert(UNDECIDED > MAX_PLY && UNDECIDED < DRAWN && (UNDECIDED & 1));

// The slots a thread collects of one ply before it un-moves them.
constexpr std::uint32_t ROUND = 1u << 14;

// What one thread keeps: its share of the slots, what it found beyond the present ply, and the
// en-passant wins its seeds found.
struct ThreadPart {
    std::uint32_t begin = 0, end = 0, cursor = 0;
    int horizon = 0;
    // parities[stm][ply % 2]: whether the thread set an entry of that side to move to a ply of
    // that parity (kept up to date on one thread only): a table where one side only wins and the
    // other only loses (every three-man one) is then scanned half per ply.
    std::array<std::array<bool, 2>, COLOR_NB> parities{};
    std::vector<std::uint32_t> round;
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> en_passant_wins;
};

class Solver {
  public:
    Solver(const Layout& layout, const ConversionProbe& probe, int threads)
        : layout_(layout), probe_(probe), entries_(layout.size(), NO_POSITION),
          counters_(layout.size(), 0), en_passant_wins_(MAX_PLY + 1),
          parts_(std::size_t(std::max(1, threads))), shared_(parts_.size() > 1) {
        const std::uint64_t n = layout.size(), t = parts_.size();
        for (std::size_t i = 0; i < t; ++i) {
            parts_[i].begin = parts_[i].cursor = std::uint32_t(n * i / t);
            parts_[i].end = std::uint32_t(n * (i + 1) / t);
            parts_[i].en_passant_wins.resize(MAX_PLY + 1);
        }
    }

    std::vector<std::uint8_t> run() {
        std::barrier sync(std::ptrdiff_t(parts_.size()), Merge{this});
        {
            std::vector<std::jthread> others;
            for (std::size_t t = 1; t < parts_.size(); ++t)
                others.emplace_back([this, t, &sync] { run_thread(parts_[t], sync); });
            run_thread(parts_[0], sync);
        } // joins
        if (overflow_) throw std::runtime_error("tablebase: distance beyond the byte range");
        std::replace(entries_.begin(), entries_.end(), UNDECIDED, DRAWN);
        counters_ = {};
        return std::move(entries_);
    }

  private:
    // Runs at each barrier, on one thread, while the others wait: gathers what the threads
    // found and decides whether the present ply or the solve goes on.
    struct Merge {
        Solver* solver;
        void operator()() noexcept { solver->merge(); }
    };
    using Barrier = std::barrier<Merge>;

    void merge() {
        more_ = false;
        for (ThreadPart& part : parts_) {
            horizon_ = std::max(horizon_, part.horizon);
            for (std::size_t p = 0; p < part.en_passant_wins.size(); ++p) // after the seeds
                en_passant_wins_[p].insert(en_passant_wins_[p].end(),
                                           part.en_passant_wins[p].begin(),
                                           part.en_passant_wins[p].end());
            part.en_passant_wins = {};
            if (!part.round.empty()) decided_[std::size_t(ply_)] = true;
            if (part.cursor < part.end || !part.round.empty()) more_ = true;
        }
    }

    void run_thread(ThreadPart& part, Barrier& sync) {
        for (std::uint32_t i = part.begin; i < part.end; ++i) seed(part, i);
        sync.arrive_and_wait();
        for (int p = 0;; ++p) {
            if (p > MAX_PLY) { // every thread sees it at once
                overflow_ = true;
                return;
            }
            // Thread 0 counts off the en-passant wins of the ply while the others wait (every
            // thread sees the same list).
            if (&part == &parts_[0]) ply_ = p;
            if (const auto& wins = en_passant_wins_[std::size_t(p)]; !wins.empty()) {
                if (&part == &parts_[0]) {
                    decided_[std::size_t(p)] = true;
                    for (auto [parent, child] : wins)
                        if (!(is_win(entries_[child]) && entries_[child] <= p))
                            count_off(part, parent, 1, p);
                }
                sync.arrive_and_wait();
            }
            if (!shared_) {
                const std::uint32_t half = layout_.size() / 2; // Black to move from here on
                for (int stm = 0; stm < COLOR_NB; ++stm)
                    if (part.parities[stm][p % 2])
                        for_each_entry(std::uint8_t(p), stm * half, (stm + 1) * half,
                                       [&](std::uint32_t i) {
                                           decided_[std::size_t(p)] = true;
                                           unmove(part, i, p);
                                       });
            } else {
                part.cursor = part.begin;
                do {
                    collect(part, std::uint8_t(p));
                    sync.arrive_and_wait(); // nothing is written while the rounds are collected
                    for (std::uint32_t i : part.round) unmove(part, i, p);
                    part.round.clear();
                    sync.arrive_and_wait(); // every thread's horizon is in horizon_
                } while (more_);
            }
            const int horizon = shared_ ? horizon_ : part.horizon;
            if (!decided_[std::size_t(p)] && p >= horizon) return;
        }
    }

    // Collects the next slots of the thread's share that hold ply v, at most ROUND of them.
    void collect(ThreadPart& part, std::uint8_t v) {
        std::uint32_t stop = part.cursor;
        for_each_entry(v, part.cursor, part.end, [&](std::uint32_t i) {
            if (part.round.size() == ROUND) return false;
            part.round.push_back(i);
            stop = i + 1;
            return true;
        });
        part.cursor = part.round.size() == ROUND ? stop : part.end;
    }

    // Calls f(i) for every entry in [begin, end) equal to v, skipping eight entries at a time
    // that have none, until f returns false (when it returns a bool).
    template <class F>
    void for_each_entry(std::uint8_t v, std::uint32_t begin, std::uint32_t end, F&& f) {
        constexpr std::uint64_t ones = 0x0101010101010101ull, highs = ones << 7;
        const std::uint64_t pattern = ones * v;
        auto visit = [&](std::uint32_t i) {
            if constexpr (std::is_same_v<decltype(f(i)), bool>)
                return entries_[i] != v || f(i);
            else
                return entries_[i] != v || (f(i), true);
        };
        std::uint32_t i = begin;
        for (; i < end && i % 8 != 0; ++i)
            if (!visit(i)) return;
        for (; i + 8 <= end; i += 8) {
            std::uint64_t word;
            std::memcpy(&word, entries_.data() + i, 8);
            const std::uint64_t x = word ^ pattern;
            if (((x - ones) & ~x & highs) == 0) continue; // no byte equal to v
            for (std::uint32_t k = i; k < i + 8; ++k)
                if (!visit(k)) return;
        }
        for (; i < end; ++i)
            if (!visit(i)) return;
    }

    // The entries and counters other threads may update in the same phase are read and written
    // atomically when there are other threads.
    std::uint8_t entry(std::uint32_t i) {
        return shared_ ? std::atomic_ref(entries_[i]).load(std::memory_order_relaxed) : entries_[i];
    }
    std::uint8_t counter(std::uint32_t i) {
        return shared_ ? std::atomic_ref(counters_[i]).load(std::memory_order_relaxed)
                       : counters_[i];
    }

    void schedule(ThreadPart& part, std::uint32_t i, int ply) {
        if (shared_)
            std::atomic_ref(entries_[i]).store(std::uint8_t(ply), std::memory_order_relaxed);
        else
            entries_[i] = std::uint8_t(ply);
        part.horizon = std::max(part.horizon, ply);
        mark(part, i, ply);
    }

    void mark(ThreadPart& part, std::uint32_t i, int ply) const {
        part.parities[i >= layout_.size() / 2][ply % 2] = true;
    }

    // Makes the undecided or won entry i a win at `ply` when that is shorter.
    void shorten_win(ThreadPart& part, std::uint32_t i, int ply) {
        std::uint8_t v = entry(i);
        while (v < DRAWN && (v & 1) && v > ply) {
            if (!shared_) {
                schedule(part, i, ply);
                return;
            }
            if (std::atomic_ref(entries_[i])
                    .compare_exchange_weak(v, std::uint8_t(ply), std::memory_order_relaxed)) {
                part.horizon = std::max(part.horizon, ply);
                return;
            }
        }
    }

    // Returns the entry of b's best capture en passant of the pawn that has just made a double
    // step to `pawn`; NO_POSITION if there is none.
    std::uint8_t en_passant_entry(const Board& b, Square pawn) const {
        ChildEntries captures;
        for_each_en_passant(b, pawn, [&](const Board& child) { captures.add(probe_(child)); });
        return captures.empty() ? NO_POSITION : captures.entry(false);
    }

    static bool has_move(const Board& b) {
        bool any = false;
        for_each_move(b, [&](const Board&, BoardMove, bool) { any = true; });
        return any;
    }

    // Returns the entry of the child of b's move m when this table does not decide it: a
    // conversion's (probed in a smaller table), or a double step's whose child has no move but
    // captures en passant. Otherwise NO_POSITION, and `en_passant` is the entry of the child's
    // best capture en passant (NO_POSITION: none), which the child's entry may yet beat.
    std::uint8_t fixed_entry(const Board& b, const Board& child, BoardMove m, bool conversion,
                             std::uint8_t& en_passant) const {
        en_passant = NO_POSITION;
        if (conversion) return probe_(child);
        if (!is_double_step(b, m)) return NO_POSITION;
        en_passant = en_passant_entry(child, m.to);
        return en_passant != NO_POSITION && !has_move(child) ? en_passant : NO_POSITION;
    }

    void seed(ThreadPart& part, std::uint32_t i) {
        Board b;
        if (!layout_.decode(i, b) || illegality(b)) return;
        int moves = 0, weight = 0;
        ChildEntries fixed;
        for_each_move(b, [&](const Board& child, BoardMove m, bool conversion) {
            ++moves;
            std::uint8_t en_passant;
            if (const std::uint8_t v = fixed_entry(b, child, m, conversion, en_passant);
                v != NO_POSITION) {
                fixed.add(v);
                return;
            }
            weight += layout_.symmetry(child);
            // The child wins at that ply by the capture, unless it wins sooner without it.
            if (is_win(en_passant)) {
                part.en_passant_wins[en_passant].push_back({i, layout_.index(child)});
                part.horizon = std::max(part.horizon, int(en_passant));
            }
        });
        const std::uint8_t v = fixed.entry(false);
        const bool safe = !fixed.empty() && v == DRAWN;
        if (moves == 0) {
            entries_[i] = in_check(b, b.stm) ? 0 : DRAWN;
            if (entries_[i] == 0) mark(part, i, 0);
        } else if (is_win(v)) {
            schedule(part, i, v); // a shorter win in the table may still replace it
            counters_[i] = CANNOT_LOSE;
        } else if (weight == 0) {
            if (safe)
                entries_[i] = DRAWN;
            else
                schedule(part, i, v); // every move's child is fixed, and wins
        } else {
            entries_[i] = UNDECIDED;
            counters_[i] =
                safe ? CANNOT_LOSE : std::uint8_t(weight | (fixed.empty() ? 0 : HAS_FIXED));
        }
    }

    // Returns the longest loss among the fixed children of a position whose moves all lose.
    int fixed_loss(const Board& b) const {
        int longest = 0;
        for_each_move(b, [&](const Board& child, BoardMove m, bool conversion) {
            std::uint8_t en_passant;
            const std::uint8_t v = fixed_entry(b, child, m, conversion, en_passant);
            if (v != NO_POSITION) longest = std::max(longest, v + 1);
        });
        return longest;
    }

    // Counts off a move of undecided position j whose child wins at ply p; the last one loses j.
    // Counters are only set by the seeds: CANNOT_LOSE stays. The un-move that takes off the
    // last move is the last one to come, so the position is decided by one thread.
    void count_off(ThreadPart& part, std::uint32_t j, int weight, int p) {
        if (entry(j) != UNDECIDED || counter(j) == CANNOT_LOSE) return;
        const std::uint8_t left =
            shared_ ? std::uint8_t(std::atomic_ref(counters_[j])
                                       .fetch_sub(std::uint8_t(weight), std::memory_order_relaxed) -
                                   weight)
                    : (counters_[j] = std::uint8_t(counters_[j] - weight));
        if ((left & ~HAS_FIXED) != 0) return;
        int loss = p + 1;
        if (left == HAS_FIXED) {
            Board b;
            layout_.decode(j, b);
            loss = std::max(loss, fixed_loss(b));
        }
        schedule(part, j, loss);
    }

    void unmove(ThreadPart& part, std::uint32_t i, int p) {
        Board b;
        layout_.decode(i, b);
        const bool lost = p % 2 == 0;
        for_each_unmove(b, [&](const Board& parent, Square double_step) {
            // After a double step the child has the captures en passant besides its own moves:
            // when one is better for it, a win or draw is not this un-move's to count.
            int child = p;
            if (is_ok(double_step)) {
                const std::uint8_t e = en_passant_entry(b, double_step);
                if (e != NO_POSITION && better(e, std::uint8_t(p))) {
                    if (!is_loss(e)) return;
                    child = e;
                }
            }
            int weight = 1;
            const std::uint32_t j = layout_.index(parent, lost ? nullptr : &weight);
            if (lost)
                shorten_win(part, j, child + 1);
            else
                count_off(part, j, weight, p);
        });
    }

    const Layout& layout_;
    const ConversionProbe& probe_;
    std::vector<std::uint8_t> entries_, counters_;
    // By ply: (position, child) for a double step whose child wins at that ply by a capture en
    // passant.
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> en_passant_wins_;
    std::vector<ThreadPart> parts_;
    const bool shared_; // more than one thread
    int horizon_ = 0;   // the latest ply anything is scheduled at, as of the last barrier
    int ply_ = 0;       // the present ply
    bool more_ = false; // a thread has slots of the present ply left to collect or un-move
    std::array<bool, MAX_PLY + 1> decided_{}; // by ply: it decided a position
    bool overflow_ = false;
};

} // namespace

std::vector<std::uint8_t> solve(const Layout& layout, const ConversionProbe& probe, int threads) {
    return Solver(layout, probe, threads).run();
}

} // namespace al0::tablebase
