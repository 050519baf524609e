#pragma once
// Which root values each advice of a program reads: the root(E) in its goals, or in the goals of
// the filters its move constraints generate through. The order of `by` does not count: it
// changes which move is tried first, never whether a node fails.

#include "engine/search/program.hpp"

#include <cstdint>
#include <vector>

namespace al0::search {

namespace detail {

// Walks goals, expressions and constraints with an explicit stack (hostile tables nest deeply).
class RootReads {
  public:
    explicit RootReads(const Program& p) : p_(p) {}

    // Returns the bits of the root values the advice reads.
    std::uint64_t advice(const CompiledAdvice& a) {
        std::uint64_t reads = 0;
        todo_.clear();
        goal(a.holding_goal);
        goal(a.better_goal);
        constraint(a.us_moves);
        constraint(a.them_moves);
        while (!todo_.empty()) {
            const Item item = todo_.back();
            todo_.pop_back();
            if (item.kind == Kind::constraint) {
                constraint(p_.constraints[item.index]);
            } else if (item.kind == Kind::goal) {
                const GoalNode& g = p_.goal_nodes[item.index];
                switch (g.op) {
                case GoalOp::negation:
                    goal(g.lhs);
                    break;
                case GoalOp::conjunction:
                case GoalOp::disjunction:
                    goal(g.lhs);
                    goal(g.rhs);
                    break;
                case GoalOp::compare:
                    expr(g.lhs);
                    expr(g.rhs);
                    break;
                case GoalOp::predicate:
                case GoalOp::test:
                    break;
                }
            } else {
                const ExprNode& e = p_.expr_nodes[item.index];
                if (e.op == ExprOp::root) // its E is evaluated at the root only
                    reads |= std::uint64_t{1} << e.lhs;
                for_each_operand(e, [&](std::uint16_t operand) { expr(operand); });
            }
        }
        return reads;
    }

  private:
    enum class Kind : std::uint8_t { goal, expr, constraint };
    struct Item {
        Kind kind;
        std::uint32_t index;
    };
    void goal(GoalId g) { todo_.push_back({Kind::goal, g}); }
    void expr(std::uint16_t e) { todo_.push_back({Kind::expr, e}); }
    // Pushes the goals of the filters the constraint generates through, and their inner
    // constraints.
    void constraint(const MoveConstraint& c) {
        for (const Conjunction& alt : c.alternatives)
            for (std::uint16_t g : alt.generators) {
                const GeneratorNode& n = p_.generators[g];
                if (n.op == GeneratorOp::filter) goal(n.goal);
                if (n.op != GeneratorOp::primitive) todo_.push_back({Kind::constraint, n.inner});
            }
    }

    const Program& p_;
    std::vector<Item> todo_;
};

} // namespace detail

// Sets each advice's root_reads.
inline void mark_root_reads(Program& program) {
    detail::RootReads reads(program);
    for (CompiledAdvice& a : program.advice) a.root_reads = reads.advice(a);
}

} // namespace al0::search
