#pragma once
// What the goal of each filter reads of the node it is tested at: the role arguments whose pieces
// it reads, when it reads nothing else of the node (GeneratorNode::goal_roles). The evaluator
// plays no move for a goal that reads no node, such as `filter(pawn_or_king, root(pawn_rank) >=
// 4)`: it holds after every move or after none. It plays no move that leaves the goal's pieces
// alone, such as a queen move under `filter(legal, distance(our_king, their_king) =:= 2)`: the
// goal after it is the goal at the node.

#include "engine/search/program.hpp"

#include <cstdint>
#include <vector>

namespace al0::search {

// Returns the roles GOAL reads (GeneratorNode::goal_roles): the union of ROLES_OF(instance) over
// the value slots it reads, ALL_ROLES once it tests a predicate by id (no instance). A root value
// is evaluated at the root only. An explicit stack: hostile tables nest deeply.
template <class RolesOf>
std::uint32_t goal_roles(const Program& p, GoalId goal, RolesOf roles_of) {
    struct Item {
        bool is_goal;
        std::uint32_t index;
    };
    std::vector<Item> todo{{true, goal}};
    std::uint32_t roles = 0;
    auto slot = [&](std::uint32_t s) { roles |= roles_of(p.value_slots[s]); };
    while (!todo.empty() && roles != ALL_ROLES) {
        const Item item = todo.back();
        todo.pop_back();
        if (!item.is_goal) {
            const ExprNode& e = p.expr_nodes[item.index];
            if (e.op == ExprOp::value) slot(e.lhs);
            for_each_operand(e, [&](std::uint16_t operand) { todo.push_back({false, operand}); });
            continue;
        }
        const GoalNode& g = p.goal_nodes[item.index];
        switch (g.op) {
        case GoalOp::predicate:
            return ALL_ROLES;
        case GoalOp::test:
            slot(g.lhs);
            break;
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
    return roles;
}

// Sets goal_roles on each filter. ROLES_OF(instance) gives the role arguments (bit r: role r)
// whose pieces a primitive instance reads, ALL_ROLES when it reads more of the node.
template <class RolesOf>
void mark_filter_reads(Program& program, RolesOf roles_of) {
    for (GeneratorNode& n : program.generators)
        if (n.op == GeneratorOp::filter) n.goal_roles = goal_roles(program, n.goal, roles_of);
}

} // namespace al0::search
