#pragma once
// Per piece of advice of one program, what a verification's searches did with it: the forcing
// trees it built, and the search nodes its attempts cost whether they found a tree or not (where
// a table's time goes: the deep searches that fail before a cheap plan is found).

#include "engine/search/core.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

class AdviceTally {
  public:
    struct Counts {
        std::uint64_t trees = 0, nodes = 0;
    };

    // Counts the search R of a program of ADVICE_COUNT pieces of advice.
    template <class Move>
    void add(const search::SearchResult<Move>& r, std::size_t advice_count) {
        if (counts_.size() < advice_count) counts_.resize(advice_count);
        if (r.advice >= 0) ++counts_[std::size_t(r.advice)].trees;
        for (const search::AdviceAttempt& a : r.attempts)
            if (a.advice >= 0) counts_[std::size_t(a.advice)].nodes += a.nodes;
    }
    void add(const AdviceTally& other) {
        if (counts_.size() < other.counts_.size()) counts_.resize(other.counts_.size());
        for (std::size_t a = 0; a < other.counts_.size(); ++a) {
            counts_[a].trees += other.counts_[a].trees;
            counts_[a].nodes += other.counts_[a].nodes;
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
