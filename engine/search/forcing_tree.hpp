#pragma once
// The forcing tree as a value: the plan that satisfying a piece of advice produces. An us node
// has one edge (the chosen move), a them node one edge per allowed reply in generation order, a
// leaf none. Nodes and edges live in two flat arrays; node 0 is the root.

#include <cstdint>
#include <span>
#include <vector>

namespace al0::search {

enum class NodeKind : std::uint8_t { leaf, us, them };

struct TreeNode {
    NodeKind kind = NodeKind::leaf;
    std::uint32_t edge_count = 0;
    std::uint32_t first_edge = 0;
};

template <class Move>
struct TreeEdge {
    Move move{};
    std::uint32_t child = 0;
};

inline constexpr std::uint32_t NO_NODE = 0xffffffffu;

template <class Move>
struct ForcingTree {
    std::vector<TreeNode> nodes;
    std::vector<TreeEdge<Move>> edges;
    int rule = -1;   // index into Program::rules
    int advice = -1; // index into Program::advice

    [[nodiscard]] bool empty() const { return nodes.empty(); }
    [[nodiscard]] const TreeNode& node(std::uint32_t i) const { return nodes[i]; }
    [[nodiscard]] std::span<const TreeEdge<Move>> children(std::uint32_t i) const {
        return {edges.data() + nodes[i].first_edge, nodes[i].edge_count};
    }
    // Returns the node reached from node i by move m, or NO_NODE when the tree does not cover m.
    [[nodiscard]] std::uint32_t follow(std::uint32_t i, Move m) const {
        for (const auto& e : children(i))
            if (e.move == m) return e.child;
        return NO_NODE;
    }
    // Returns the number of plies of the longest line in the subtree below node i.
    [[nodiscard]] int height(std::uint32_t i = 0) const {
        int h = 0;
        for (const auto& e : children(i)) h = std::max(h, 1 + height(e.child));
        return h;
    }
};

} // namespace al0::search
