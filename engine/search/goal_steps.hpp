#pragma once
// Goals as branching programs: the goals the search asks at every node (each advice's better
// and holding goal, each rule's condition, each filter's goal) flattened once per program into
// steps that each test one literal (a predicate, a test or a comparison) and name the step for
// either value. Evaluator::holds then runs a loop over steps instead of walking the goal tree,
// with no recursion and no and/or/not node on the way. The literals are tested in the same
// order, with the same short cuts, as the tree walk (which stays the definition, and the path of
// every other goal).

#include "engine/search/program.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace al0::search {

namespace detail {

// The step testing literal N with its branches: a predicate, a test of a value slot and a
// comparison of value slots, numbers and root values are told by the step (StepTest), any other
// literal is tested as its node.
inline GoalStep step_of(const Program& p, const GoalNode& n, std::uint32_t if_true,
                        std::uint32_t if_false) {
    GoalStep step{n, if_true, if_false};
    if (n.op == GoalOp::predicate) {
        step.test = StepTest::predicate;
        return step;
    }
    if (n.op == GoalOp::test) {
        step.test = StepTest::slot_nonzero;
        step.a = std::uint16_t(n.lhs);
        return step;
    }
    if (n.op != GoalOp::compare) return step;
    struct Operand {
        ExprOp kind;
        std::uint16_t index;
        std::int32_t number;
    };
    auto operand = [&](GoalId e) {
        const ExprNode& x = p.expr_nodes[e];
        return Operand{x.op, x.lhs, x.number};
    };
    // x < y or x == y, the branches swapped when NEGATED.
    Operand x = operand(n.lhs), y = operand(n.rhs);
    bool less = true, negated = false;
    switch (CompareOp(n.predicate)) {
    case CompareOp::lt:
        break;
    case CompareOp::gt:
        std::swap(x, y);
        break;
    case CompareOp::le:
        std::swap(x, y);
        negated = true;
        break;
    case CompareOp::ge:
        negated = true;
        break;
    case CompareOp::eq:
        less = false;
        break;
    case CompareOp::ne:
        less = false;
        negated = true;
        break;
    }
    if (!less && x.kind != ExprOp::value) std::swap(x, y); // a slot first
    if (x.kind == ExprOp::value && y.kind == ExprOp::number)
        step.test = less ? StepTest::slot_lt_number : StepTest::slot_eq_number;
    else if (x.kind == ExprOp::value && y.kind == ExprOp::value)
        step.test = less ? StepTest::slot_lt_slot : StepTest::slot_eq_slot;
    else if (x.kind == ExprOp::value && y.kind == ExprOp::root)
        step.test = less ? StepTest::slot_lt_root : StepTest::slot_eq_root;
    else if (less && x.kind == ExprOp::number && y.kind == ExprOp::value)
        step.test = StepTest::number_lt_slot;
    else if (less && x.kind == ExprOp::root && y.kind == ExprOp::value)
        step.test = StepTest::root_lt_slot;
    else
        return step;
    const bool number_first = step.test == StepTest::number_lt_slot;
    step.a = number_first ? y.index : x.index;
    step.b = y.index;
    step.number = number_first ? x.number : y.number;
    if (negated) std::swap(step.if_true, step.if_false);
    return step;
}

// Appends the steps of goal G, continuing at IF_TRUE or IF_FALSE, and returns its first step;
// stops adding once goal_steps holds LIMIT steps (a definition used many times over expands
// into a tree that can be exponentially larger than its graph). Why the right operand first:
// its entry is where the left one goes on.
inline std::uint32_t add_steps(Program& p, GoalId g, std::uint32_t if_true, std::uint32_t if_false,
                               std::size_t limit) {
    if (p.goal_steps.size() >= limit) return GOAL_FALSE;
    const GoalNode n = p.goal_nodes[g];
    switch (n.op) {
    case GoalOp::negation:
        return add_steps(p, n.lhs, if_false, if_true, limit);
    case GoalOp::conjunction:
        return add_steps(p, n.lhs, add_steps(p, n.rhs, if_true, if_false, limit), if_false, limit);
    case GoalOp::disjunction:
        return add_steps(p, n.lhs, if_true, add_steps(p, n.rhs, if_true, if_false, limit), limit);
    default:
        p.goal_steps.push_back(step_of(p, n, if_true, if_false));
        return std::uint32_t(p.goal_steps.size() - 1);
    }
}

} // namespace detail

// Flattens every goal the search asks at its nodes (see above) that is more than one literal
// into program.goal_steps. A goal that would need more than MAX_GOAL_STEPS steps (definitions
// are inlined as trees here) keeps the tree walk. Then each advice's goals and each rule's
// condition that test predicates alone are copied into it as PredicateSteps, for the search.
inline void add_goal_steps(Program& program) {
    program.goal_steps.clear();
    program.goal_entry.assign(program.goal_nodes.size(), NO_GOAL_STEP);
    auto add = [&](GoalId g) {
        if (g >= program.goal_nodes.size() || program.goal_entry[g] != NO_GOAL_STEP) return;
        // One literal is walked at least as fast (the native KRK tables' goals mostly are).
        const GoalOp op = program.goal_nodes[g].op;
        if (op != GoalOp::negation && op != GoalOp::conjunction && op != GoalOp::disjunction)
            return;
        const std::size_t mark = program.goal_steps.size();
        const std::uint32_t entry =
            detail::add_steps(program, g, GOAL_TRUE, GOAL_FALSE, mark + MAX_GOAL_STEPS + 1);
        if (program.goal_steps.size() - mark > MAX_GOAL_STEPS)
            program.goal_steps.resize(mark);
        else
            program.goal_entry[g] = entry;
    };
    for (const CompiledAdvice& a : program.advice) {
        add(a.better_goal);
        add(a.holding_goal);
    }
    for (const CompiledRule& r : program.rules) add(r.condition);
    for (const GeneratorNode& g : program.generators)
        if (g.op == GeneratorOp::filter) add(g.goal);
    for (CompiledAdvice& a : program.advice) {
        a.better_steps = PredicateSteps(program, a.better_goal);
        a.holding_steps = PredicateSteps(program, a.holding_goal);
    }
    for (CompiledRule& r : program.rules) r.condition_steps = PredicateSteps(program, r.condition);
}

} // namespace al0::search
