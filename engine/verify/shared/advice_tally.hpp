#pragma once
// Per piece of advice of one program, what a verification's searches did with it: the forcing
// trees it built, the search nodes its attempts cost whether they found a tree or not (where
// a table's time goes: the deep searches that fail before a cheap plan is found), and what the
// first moves of its trees lose against the tablebase (where a table's excess comes from).

#include "engine/chess/types.hpp"
#include "engine/search/core.hpp"
#include "engine/verify/shared/table_summary.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace al0::verify {

// Returns the moves a move loses against the tablebase: D_AFTER - (D - 1), where D is the
// tablebase's moves to mate before the move (White to move) and D_AFTER after it (Black to
// move, best defence); 0 for a fastest mate.
constexpr int moves_lost(int d, int d_after) { return d_after - (d - 1); }

// Returns the first move of the tree R found, none when it found none or its root is a leaf
// (the better goal holds there: the tree plays no move).
template <class M>
std::optional<M> first_move(const search::SearchResult<M>& r) {
    if (r.outcome != search::Outcome::found || r.tree.node(0).kind != search::NodeKind::us)
        return std::nullopt;
    return r.tree.children(0)[0].move;
}

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

        // Keeps LOSS at STATE (by move M) as the worst when it is larger, or as large at an
        // earlier state.
        void keep_worst(int loss, std::uint32_t state, Move m) {
            if (loss > worst || (loss == worst && state < worst_state))
                worst = loss, worst_state = state, worst_move = m;
        }
    };

    // Counts the search R of a program of ADVICE_COUNT pieces of advice.
    template <class M>
    void add(const search::SearchResult<M>& r, std::size_t advice_count) {
        add_nodes(r, advice_count);
        if (r.advice >= 0) ++counts_[std::size_t(r.advice)].trees;
    }
    // Counts only the nodes of R: a search whose state is walked again (budget_retries.hpp).
    template <class M>
    void add_nodes(const search::SearchResult<M>& r, std::size_t advice_count) {
        if (counts_.size() < advice_count) counts_.resize(advice_count);
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
        c.keep_worst(loss, state, m);
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
            c.keep_worst(o.worst, o.worst_state, o.worst_move);
        }
    }
    // Of advice A; none for advice no search counted.
    [[nodiscard]] Counts of(std::size_t a) const {
        return a < counts_.size() ? counts_[a] : Counts{};
    }

    // Returns advice A's use, named TABLE and ADVICE: its counts and what its first moves lose,
    // the worst position found by its state (POSITION_OF) with the tablebase's best move there
    // (BEST_AT).
    template <class PositionOf, class BestAt>
    [[nodiscard]] AdviceUse use_of(std::size_t a, std::string table, std::string advice,
                                   PositionOf position_of, BestAt best_at) const {
        const Counts c = of(a);
        AdviceUse use{std::move(table), std::move(advice), c.trees, c.nodes, {}};
        use.loss.moves = c.measured;
        use.loss.lost = c.lost;
        use.loss.losing = c.losing;
        if (c.measured) {
            use.loss.worst = c.worst;
            use.loss.worst_position = position_of(c.worst_state);
            use.loss.worst_move = c.worst_move;
            use.loss.best_move = best_at(use.loss.worst_position);
        }
        return use;
    }

  private:
    std::vector<Counts> counts_; // by advice index
};

} // namespace al0::verify
