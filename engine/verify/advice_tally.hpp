#pragma once
// Per piece of advice of one program, what a verification's searches did with it: the forcing
// trees it built, and the search nodes its attempts cost whether they found a tree or not (where
// a table's time goes: the deep searches that fail before a cheap plan is found).

#include "engine/search/core.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

struct AdviceTally {
    std::vector<std::uint64_t> trees, nodes; // by advice index

    // Counts the search R of a program of ADVICE_COUNT pieces of advice.
    template <class Move>
    void add(const search::SearchResult<Move>& r, std::size_t advice_count) {
        if (trees.size() < advice_count) {
            trees.resize(advice_count, 0);
            nodes.resize(advice_count, 0);
        }
        if (r.advice >= 0) ++trees[std::size_t(r.advice)];
        for (const search::AdviceAttempt& a : r.attempts)
            if (a.advice >= 0) nodes[std::size_t(a.advice)] += a.nodes;
    }
    void add(const AdviceTally& other) {
        if (trees.size() < other.trees.size()) {
            trees.resize(other.trees.size(), 0);
            nodes.resize(other.trees.size(), 0);
        }
        for (std::size_t a = 0; a < other.trees.size(); ++a) {
            trees[a] += other.trees[a];
            nodes[a] += other.nodes[a];
        }
    }
    [[nodiscard]] std::uint64_t trees_of(std::size_t a) const {
        return a < trees.size() ? trees[a] : 0;
    }
    [[nodiscard]] std::uint64_t nodes_of(std::size_t a) const {
        return a < nodes.size() ? nodes[a] : 0;
    }
};

} // namespace al0::verify
