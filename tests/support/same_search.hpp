#pragma once
// Whether two searches chose alike: the same outcome, rule and advice, and the same tree (every
// edge's move and child: same_tree); same_search: and the same node count.

#include "engine/search/core.hpp"

#include <algorithm>

template <class Move>
bool same_tree(const al0::search::ForcingTree<Move>& a, const al0::search::ForcingTree<Move>& b) {
    return a.nodes.size() == b.nodes.size() &&
           std::equal(
               a.edges.begin(), a.edges.end(), b.edges.begin(), b.edges.end(),
               [](const auto& x, const auto& y) { return x.move == y.move && x.child == y.child; });
}

template <class Move>
bool same_plan(const al0::search::SearchResult<Move>& a, const al0::search::SearchResult<Move>& b) {
    return a.outcome == b.outcome && a.rule == b.rule && a.advice == b.advice &&
           same_tree(a.tree, b.tree);
}

template <class Move>
bool same_search(const al0::search::SearchResult<Move>& a,
                 const al0::search::SearchResult<Move>& b) {
    return same_plan(a, b) && a.stats.nodes == b.stats.nodes;
}
