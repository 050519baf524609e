#pragma once
// Per piece of advice of one program, what a verification's searches did with it: the forcing
// trees it built, the search nodes its attempts cost whether they found a tree or not (where
// a table's time goes: the deep searches that fail before a cheap plan is found), and what the
// first moves of its trees lose against the tablebase (where a table's excess comes from).

#include "engine/chess/types.hpp"
#include "engine/search/core.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

// Returns the moves a move loses against the tablebase: D_AFTER - (D - 1), where D is the
// tablebase's moves to mate before the move (White to move) and D_AFTER after it (Black to
// move, best defence); 0 for a fastest mate.
constexpr int moves_lost(int d, int d_after) { return d_after - (d - 1); }

class AdviceTally {
  public:
    struct Counts {
        std::uint64_t trees = 0, nodes = 0;
        // The first moves of its trees measured against the tablebase: how many, the moves
        // they lose in all, how many lose any, and the largest loss with the first state (by
        // id) where it is lost and the move played there.
        std::uint64_t measured = 0, lost = 0, losing = 0;
        int worst = -1;
        std::uint32_t worst_state = 0;
        Move worst_move{};
    };

    // Counts the search R of a program of ADVICE_COUNT pieces of advice.
    template <class M>
    void add(const search::SearchResult<M>& r, std::size_t advice_count) {
        if (counts_.size() < advice_count) counts_.resize(advice_count);
        if (r.advice >= 0) ++counts_[std::size_t(r.advice)].trees;
        for (const search::AdviceAttempt& a : r.attempts)
            if (a.advice >= 0) counts_[std::size_t(a.advice)].nodes += a.nodes;
    }
    // Counts the first move M of the tree that ADVICE built at STATE, which loses LOSS moves.
    void add_loss(std::size_t advice, std::uint32_t state, Move m, int loss) {
        if (counts_.size() <= advice) counts_.resize(advice + 1);
        Counts& c = counts_[advice];
        ++c.measured;
        c.lost += std::uint64_t(loss);
        c.losing += loss > 0;
        if (loss > c.worst || (loss == c.worst && state < c.worst_state))
            c.worst = loss, c.worst_state = state, c.worst_move = m;
    }
    // Adds another thread's counts: the same figures whichever thread counted what.
    void add(const AdviceTally& other) {
        if (counts_.size() < other.counts_.size()) counts_.resize(other.counts_.size());
        for (std::size_t a = 0; a < other.counts_.size(); ++a) {
            Counts& c = counts_[a];
            const Counts& o = other.counts_[a];
            c.trees += o.trees;
            c.nodes += o.nodes;
            c.measured += o.measured;
            c.lost += o.lost;
            c.losing += o.losing;
            if (o.worst > c.worst || (o.worst == c.worst && o.worst_state < c.worst_state))
                c.worst = o.worst, c.worst_state = o.worst_state, c.worst_move = o.worst_move;
        }
    }
    // Of advice A; none for advice no search counted.
    [[nodiscard]] Counts of(std::size_t a) const {
        return a < counts_.size() ? counts_[a] : Counts{};
    }

  private:
    std::vector<Counts> counts_; // by advice index
};

} // namespace al0::verify
