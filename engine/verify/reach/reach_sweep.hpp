#pragma once
// `al0 reach` over many classes of roots at the cost of about one: when the goals read one root
// value and both only ever come true as it grows (or as it shrinks: reach_reads' Trend), every
// position's seed only moves from "the holding goal fails" to open to forced in 0 plies along
// the classes in that order, and every entry can only come down. So the classes are solved in
// order, the first by the full retrograde pass, each next one from the last one's entries: the
// positions whose seed changes are set, and what they lower is lowered, shortest first, as far
// as it goes. The entries above the depth tests' levels are worked out from the roots down.

#include "engine/verify/reach/reach_worker.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify::reach_detail {

// Per space and slot, the first class (in sweep order) from which the holding goal holds, and
// the first from which the better goal holds (the number of classes: never); and per class, the
// slots whose seed changes there.
struct Thresholds {
    std::vector<std::vector<std::uint16_t>> holding, better;    // [space][slot]
    std::vector<std::vector<std::uint32_t>> change_at, changes; // [space]: CSR over classes

    [[nodiscard]] std::uint8_t seed(int s, std::uint32_t slot, std::size_t rank) const {
        return holding[std::size_t(s)][slot] > rank  ? HOLD_FAILS
               : better[std::size_t(s)][slot] > rank ? OPEN
                                                     : 0;
    }
};

// Computes the thresholds of every legal slot by bisection over the classes in ORDER.
Thresholds thresholds(const Shared& sh, const std::vector<int>& order, int threads);

// Per space and slot, the positions of other spaces (space, slot) with a capture or promotion
// that leads to it: the parents an un-move does not find.
struct ConversionParents {
    std::vector<std::vector<std::uint32_t>> begin;                  // [space][slot], CSR
    std::vector<std::vector<std::pair<int, std::uint32_t>>> parent; // [space]
};

ConversionParents conversion_parents(const Shared& sh);

// A worker that solves a run of classes in sweep order.
class SweepWorker : public Worker {
  public:
    SweepWorker(const Shared& shared, const Thresholds& t, const ConversionParents& c)
        : Worker(shared), thresholds_(t), conversions_(c) {
        lazy_levels_ = true;
    }

    // Solves the classes ORDER[first, last) one after the other, calling DONE(class) after
    // each while its entries stand.
    template <class Done>
    void sweep(const std::vector<int>& order, std::size_t first, std::size_t last, Done done) {
        for (std::size_t rank = first; rank < last; ++rank) {
            const int cls = order[rank];
            root_ = state_of(shared_.table.roles, board(int(shared_.spaces.size() - 1),
                                                        shared_.class_root[std::size_t(cls)]));
            search::Evaluator<endgame::Domain> eval(domain_, shared_.table.program);
            eval_ = &eval;
            shallow_.clear();
            if (rank == first) {
                for (std::size_t s = 0; s < shared_.spaces.size(); ++s) seed(int(s));
                for (std::size_t s = 0; s < shared_.spaces.size(); ++s) solve_deep(int(s));
            } else {
                step(rank);
            }
            done(cls);
            eval_ = nullptr;
        }
    }

  private:
    using Slot = std::pair<int, std::uint32_t>;

    std::vector<std::uint8_t>& deep(int s) {
        return levels_[std::size_t(shared_.levels)][std::size_t(s)];
    }

    void push(int s, std::uint32_t slot, int plies) {
        if (plies > MAX_PLIES)
            throw std::runtime_error("reach: a forcing tree deeper than " +
                                     std::to_string(MAX_PLIES) + " plies");
        deep(s)[slot] = std::uint8_t(plies);
        buckets_[std::size_t(plies)].emplace_back(s, slot);
        lowest_ = std::min(lowest_, plies);
    }

    // Looks at slot j again, now that a child is forced in p plies: lowers its entry if it can.
    // DIRECT: the child is one un-move away with us to move and any legal move allowed.
    void relax(int s, std::uint32_t j, int p, bool direct) {
        const std::uint8_t u = deep(s)[j];
        if (!(u == OPEN || (forced(u) && u > p + 1))) return;
        const int w = direct ? p + 1
                             : from_children(s, board(s, j), shared_.levels,
                                             [](int, std::uint8_t) { return true; });
        if (w >= 0 && w < u) push(s, j, w);
    }

    // The entries of class RANK from those of the class before it.
    void step(std::size_t rank) {
        std::vector<Slot> reopened;
        for (std::size_t s = 0; s < shared_.spaces.size(); ++s) {
            const auto& at = thresholds_.change_at[s];
            const auto& changes = thresholds_.changes[s];
            for (std::uint32_t i = at[rank]; i < at[rank + 1]; ++i) {
                const std::uint32_t slot = changes[i];
                const std::uint8_t now = thresholds_.seed(int(s), slot, rank);
                const std::uint8_t was = deep(int(s))[slot];
                if (now == 0 && was != 0)
                    push(int(s), slot, 0);
                else if (now == OPEN && was == HOLD_FAILS) {
                    deep(int(s))[slot] = OPEN;
                    reopened.emplace_back(int(s), slot);
                }
            }
        }
        for (const auto& [s, slot] : reopened) relax(s, slot, -1, false);
        propagate();
    }

    // Lowers what the entries in the buckets lower, shortest first.
    void propagate() {
        while (lowest_ <= MAX_PLIES) {
            const int p = lowest_;
            std::vector<Slot> bucket;
            bucket.swap(buckets_[std::size_t(p)]);
            lowest_ = p + 1;
            for (const Slot& entry : bucket) {
                // Named, not bound: a lambda below captures them (clang 15 cannot capture a
                // structured binding).
                const int s = entry.first;
                const std::uint32_t slot = entry.second;
                check_stop(shared_);
                if (deep(s)[slot] != p) continue; // lowered again since
                tablebase::for_each_unmove(board(s, slot), [&](const Board& parent, Square) {
                    const bool us = parent.stm == WHITE;
                    relax(s, shared_.spaces[std::size_t(s)].space.index(parent), p,
                          us && !shared_.constraints);
                });
                const auto& begin = conversions_.begin[std::size_t(s)];
                for (std::uint32_t i = begin[slot]; i < begin[slot + 1]; ++i) {
                    const auto [ps, pslot] = conversions_.parent[std::size_t(s)][i];
                    relax(ps, pslot, p, false);
                }
            }
            while (lowest_ <= MAX_PLIES && buckets_[std::size_t(lowest_)].empty()) ++lowest_;
        }
    }

    const Thresholds& thresholds_;
    const ConversionParents& conversions_;
    std::vector<std::vector<Slot>> buckets_ = std::vector<std::vector<Slot>>(MAX_PLIES + 1);
    int lowest_ = MAX_PLIES + 1;
};

} // namespace al0::verify::reach_detail
