#pragma once
// Which filters test a goal that reads no node: only numbers and root values, such as
// `filter(pawn_or_king, root(pawn_rank) >= 4)`. Such a goal holds after every move or after
// none, so the evaluator tests it once instead of playing each move (GeneratorNode::node_blind).

#include "engine/search/program.hpp"

#include <cstdint>
#include <vector>

namespace al0::search {

// Returns whether GOAL reads the node it is tested at: a predicate, a value slot, or an
// expression over value slots. A root value is evaluated at the root only. An explicit stack:
// hostile tables nest deeply.
inline bool goal_reads_node(const Program& p, GoalId goal) {
    struct Item {
        bool is_goal;
        std::uint32_t index;
    };
    std::vector<Item> todo{{true, goal}};
    while (!todo.empty()) {
        const Item item = todo.back();
        todo.pop_back();
        if (!item.is_goal) {
            const ExprNode& e = p.expr_nodes[item.index];
            if (e.op == ExprOp::value) return true;
            for_each_operand(e, [&](std::uint16_t operand) { todo.push_back({false, operand}); });
            continue;
        }
        const GoalNode& g = p.goal_nodes[item.index];
        switch (g.op) {
        case GoalOp::predicate:
        case GoalOp::test:
            return true;
        case GoalOp::negation:
            todo.push_back({true, g.lhs});
            break;
        case GoalOp::conjunction:
        case GoalOp::disjunction:
            todo.push_back({true, g.lhs});
            todo.push_back({true, g.rhs});
            break;
        case GoalOp::compare:
            todo.push_back({false, g.lhs});
            todo.push_back({false, g.rhs});
            break;
        }
    }
    return false;
}

// Sets node_blind on each filter whose goal reads no node.
inline void mark_node_blind_filters(Program& program) {
    for (GeneratorNode& n : program.generators)
        if (n.op == GeneratorOp::filter) n.node_blind = !goal_reads_node(program, n.goal);
}

} // namespace al0::search
