// Retrograde analysis with counters. The initial pass values every legal position by its moves
// that leave the material (captures and promotions, probed in the smaller tables) and counts the
// moves that stay; checkmates are lost at ply 0. Then, ply by ply, every position decided at ply
// p is un-moved: a predecessor of a lost position wins at p + 1; a predecessor of a won one counts
// that move off and, when none is left, loses at p + 1 (or later, if a conversion loses later).
// Memory: the entry and the counter, one byte each per position.
//
// Symmetry: a slot stands for a class of boards. A board with a symmetry (weight 2, see
// Layout::index) is reached by twice as many un-moves per move as one without, so a move is
// counted with its child's weight and each un-move takes off the parent's weight.

#include "engine/tablebase/solver.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace al0::tablebase {

namespace {

constexpr std::uint8_t UNDECIDED = 253;   // odd: any win found later is shorter
constexpr std::uint8_t CANNOT_LOSE = 255; // counter of a position with a move that does not lose

static_assert(UNDECIDED > MAX_PLY && UNDECIDED < DRAWN && (UNDECIDED & 1));

class Solver {
  public:
    Solver(const Layout& layout, const ConversionProbe& probe)
        : layout_(layout), probe_(probe), entries_(layout.size(), NO_POSITION),
          counters_(layout.size(), 0) {}

    std::vector<std::uint8_t> run() {
        for (std::uint32_t i = 0; i < layout_.size(); ++i) seed(i);
        for (int p = 0;; ++p) {
            if (p > MAX_PLY) throw std::runtime_error("tablebase: distance beyond the byte range");
            bool any = false;
            for_each_entry(std::uint8_t(p), [&](std::uint32_t i) {
                any = true;
                unmove(i, p);
            });
            if (!any && p >= horizon_) break;
        }
        std::replace(entries_.begin(), entries_.end(), UNDECIDED, DRAWN);
        counters_ = {};
        return std::move(entries_);
    }

  private:
    // Calls f(i) for every entry equal to v, skipping eight entries at a time that have none.
    template <class F>
    void for_each_entry(std::uint8_t v, F&& f) {
        constexpr std::uint64_t ones = 0x0101010101010101ull, highs = ones << 7;
        const std::uint64_t pattern = ones * v;
        const std::uint32_t n = layout_.size(), words = n / 8;
        for (std::uint32_t w = 0; w < words; ++w) {
            std::uint64_t word;
            std::memcpy(&word, entries_.data() + 8 * std::size_t(w), 8);
            const std::uint64_t x = word ^ pattern;
            if (((x - ones) & ~x & highs) == 0) continue; // no byte equal to v
            for (std::uint32_t i = 8 * w; i < 8 * w + 8; ++i)
                if (entries_[i] == v) f(i);
        }
        for (std::uint32_t i = 8 * words; i < n; ++i)
            if (entries_[i] == v) f(i);
    }

    void schedule(std::uint32_t i, int ply) {
        entries_[i] = std::uint8_t(ply);
        horizon_ = std::max(horizon_, ply);
    }

    void seed(std::uint32_t i) {
        Board b;
        if (!layout_.decode(i, b) || illegality(b)) return;
        int moves = 0, weight = 0, shortest_win = MAX_PLY + 1, longest_loss = 0;
        bool safe = false;
        for_each_move(b, [&](const Board& child, BoardMove, bool conversion) {
            ++moves;
            if (!conversion) {
                weight += layout_.symmetry(child);
                return;
            }
            const std::uint8_t v = probe_(child);
            if (v == DRAWN)
                safe = true;
            else if (is_loss(v))
                shortest_win = std::min(shortest_win, v + 1);
            else
                longest_loss = std::max(longest_loss, v + 1);
        });
        if (moves == 0) {
            entries_[i] = in_check(b, b.stm) ? 0 : DRAWN;
        } else if (shortest_win <= MAX_PLY) {
            schedule(i, shortest_win); // a shorter win in the table may still replace it
            counters_[i] = CANNOT_LOSE;
        } else if (weight == 0) {
            if (safe)
                entries_[i] = DRAWN;
            else
                schedule(i, longest_loss); // every move converts, and loses
        } else {
            entries_[i] = UNDECIDED;
            counters_[i] = safe ? CANNOT_LOSE : std::uint8_t(weight);
        }
    }

    // Returns the longest loss among the conversions of a position whose moves all lose.
    int conversion_loss(const Board& b) const {
        int longest = 0;
        for_each_move(b, [&](const Board& child, BoardMove, bool conversion) {
            if (conversion) longest = std::max(longest, probe_(child) + 1);
        });
        return longest;
    }

    void unmove(std::uint32_t i, int p) {
        Board b;
        layout_.decode(i, b);
        const bool lost = p % 2 == 0;
        for_each_unmove(b, [&](const Board& parent) {
            int weight = 1;
            const std::uint32_t j = layout_.index(parent, lost ? nullptr : &weight);
            std::uint8_t& v = entries_[j];
            if (lost) {
                if (v < DRAWN && (v & 1) && v > p + 1) v = std::uint8_t(p + 1);
                return;
            }
            if (v != UNDECIDED || counters_[j] == CANNOT_LOSE) return;
            counters_[j] = std::uint8_t(counters_[j] - weight);
            if (counters_[j] == 0) schedule(j, std::max(p + 1, conversion_loss(parent)));
        });
    }

    const Layout& layout_;
    const ConversionProbe& probe_;
    std::vector<std::uint8_t> entries_, counters_;
    int horizon_ = 0;
};

} // namespace

std::vector<std::uint8_t> solve(const Layout& layout, const ConversionProbe& probe) {
    return Solver(layout, probe).run();
}

} // namespace al0::tablebase
