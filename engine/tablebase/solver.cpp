// Retrograde analysis with counters. The initial pass values every legal position by its moves
// that leave the material (captures and promotions, probed in the smaller tables) and counts the
// moves that stay; checkmates are lost at ply 0. Then, ply by ply, every position decided at ply
// p is un-moved: a predecessor of a lost position wins at p + 1; a predecessor of a won one counts
// that move off and, when none is left, loses at p + 1 (or later, if a conversion loses later).
// Memory: the entry and the counter, one byte each per position.
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
          counters_(layout.size(), 0), en_passant_wins_(MAX_PLY + 1) {}

    std::vector<std::uint8_t> run() {
        for (std::uint32_t i = 0; i < layout_.size(); ++i) seed(i);
        for (int p = 0;; ++p) {
            if (p > MAX_PLY) throw std::runtime_error("tablebase: distance beyond the byte range");
            bool any = false;
            for (auto [parent, child] : en_passant_wins_[std::size_t(p)]) {
                any = true;
                if (!(is_win(entries_[child]) && entries_[child] <= p)) count_off(parent, 1, p);
            }
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

    void seed(std::uint32_t i) {
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
                en_passant_wins_[en_passant].push_back({i, layout_.index(child)});
                horizon_ = std::max(horizon_, int(en_passant));
            }
        });
        const std::uint8_t v = fixed.entry(false);
        const bool safe = !fixed.empty() && v == DRAWN;
        if (moves == 0) {
            entries_[i] = in_check(b, b.stm) ? 0 : DRAWN;
        } else if (is_win(v)) {
            schedule(i, v); // a shorter win in the table may still replace it
            counters_[i] = CANNOT_LOSE;
        } else if (weight == 0) {
            if (safe)
                entries_[i] = DRAWN;
            else
                schedule(i, v); // every move's child is fixed, and wins
        } else {
            entries_[i] = UNDECIDED;
            counters_[i] = safe ? CANNOT_LOSE : std::uint8_t(weight);
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
    void count_off(std::uint32_t j, int weight, int p) {
        if (entries_[j] != UNDECIDED || counters_[j] == CANNOT_LOSE) return;
        counters_[j] = std::uint8_t(counters_[j] - weight);
        if (counters_[j] != 0) return;
        Board b;
        layout_.decode(j, b);
        schedule(j, std::max(p + 1, fixed_loss(b)));
    }

    void unmove(std::uint32_t i, int p) {
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
            const std::uint8_t v = entries_[j];
            if (lost) {
                if (v < DRAWN && (v & 1) && v > child + 1) schedule(j, child + 1);
                return;
            }
            count_off(j, weight, p);
        });
    }

    const Layout& layout_;
    const ConversionProbe& probe_;
    std::vector<std::uint8_t> entries_, counters_;
    // By ply: (position, child) for a double step whose child wins at that ply by a capture en
    // passant.
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> en_passant_wins_;
    int horizon_ = 0;
};

} // namespace

std::vector<std::uint8_t> solve(const Layout& layout, const ConversionProbe& probe) {
    return Solver(layout, probe).run();
}

} // namespace al0::tablebase
