#pragma once
// The nodes a search has seen succeed, with where their subtrees lie in the forcing tree, so
// that a position met again at the same depth by another move order (a transposition) gets a
// copy of that subtree instead of a second search. Sound because within one search a node's
// result and its subtree depend only on its state and depth; the copy is the subtree the second
// search would have built, so the tree is exactly the tree without the memo. Why copies and not
// shared nodes: the tree stays a tree, as every reader of it expects.
//
// A subtree lies in contiguous ranges of the tree's nodes and edges (a node's subtree is built
// after it, and a failed one is cut off the end). It is gone when the tree is cut back below its
// first node; each node's birth number (a count per thread) tells whether the node at an index
// is still the one remembered.

#include "engine/search/forcing_tree.hpp"
#include "engine/search/memo_slot.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace al0::search {

struct SubtreeRange {
    std::uint32_t node_begin = 0, node_end = 0, edge_begin = 0, edge_end = 0;
};

class SuccessMemo {
  public:
    // The memo of this thread, emptied for a new search.
    static SuccessMemo& fresh() {
        static thread_local SuccessMemo memo;
        if (++memo.search_ == 0) { // wrapped: entries of an old search could look current
            memo.slots_.assign(memo.slots_.size(), Entry{});
            memo.search_ = 1;
        }
        return memo;
    }

    // Numbers the tree node at INDEX as newly made.
    void born(std::uint32_t index) {
        if (index >= births_.size()) births_.resize(std::max<std::size_t>(1024, 2 * index));
        births_[index] = ++births_made_;
    }

    // The subtree remembered for the node (code, depth), if it is still in a tree of
    // TREE_NODES nodes; else nullptr.
    [[nodiscard]] const SubtreeRange* find(std::uint64_t code, int depth,
                                           std::size_t tree_nodes) const {
        const Entry& e = slots_[slot(code, depth)];
        if (e.search != search_ || e.code != code || e.depth != depth) return nullptr;
        if (e.range.node_end > tree_nodes || births_[e.range.node_begin] != e.birth) return nullptr;
        return &e.range;
    }
    void note_success(std::uint64_t code, int depth, const SubtreeRange& range) {
        slots_[slot(code, depth)] = {code, births_[range.node_begin], range, search_, depth};
    }

  private:
    static constexpr int BITS = 12;
    struct Entry {
        std::uint64_t code = 0;
        std::uint64_t birth = 0; // of the subtree's first node
        SubtreeRange range;
        std::uint32_t search = 0; // which search wrote it; 0: none
        int depth = 0;
    };

    SuccessMemo() : slots_(std::size_t(1) << BITS) {}
    static std::size_t slot(std::uint64_t code, int depth) { return memo_slot<BITS>(code, depth); }

    std::vector<Entry> slots_;
    std::vector<std::uint64_t> births_;
    std::uint64_t births_made_ = 0;
    std::uint32_t search_ = 0;
};

// Appends to TREE a copy of its subtree in RANGE, each node born in WINS, unless the tree would
// grow past BUDGET nodes (a copy costs no search, so the budget alone no longer bounds the tree);
// returns whether it did.
template <class Move>
bool copy_subtree(ForcingTree<Move>& tree, SubtreeRange range, std::uint64_t budget,
                  SuccessMemo& wins) {
    const auto node_base = std::uint32_t(tree.nodes.size());
    const auto edge_base = std::uint32_t(tree.edges.size());
    if (node_base + std::uint64_t(range.node_end - range.node_begin) > budget) return false;
    for (std::uint32_t i = range.node_begin; i < range.node_end; ++i) {
        TreeNode n = tree.nodes[i];
        if (n.edge_count > 0) n.first_edge = n.first_edge - range.edge_begin + edge_base;
        tree.nodes.push_back(n);
        wins.born(std::uint32_t(tree.nodes.size() - 1));
    }
    for (std::uint32_t j = range.edge_begin; j < range.edge_end; ++j) {
        TreeEdge<Move> e = tree.edges[j];
        e.child = e.child - range.node_begin + node_base;
        tree.edges.push_back(e);
    }
    return true;
}

} // namespace al0::search
