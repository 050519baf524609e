#pragma once
// Goals as branching programs: the goals the search asks at every node (each advice's better
// and holding goal, each rule's condition, each filter's goal) flattened once per program into
// steps that each test one literal (a predicate, a test or a comparison) and name the step for
// either value. Evaluator::holds then runs a loop over steps instead of walking the goal tree,
// with no recursion and no and/or/not node on the way. The literals are tested in the same
// order, with the same short cuts, as the tree walk (which stays the definition, and the path of
// every other goal), but a branch that already knows a literal's value goes past its step.

#include "engine/search/program.hpp"

#include <array>
#include <cstdint>
#include <optional>
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

// Whether steps X and Y test the same literal: the same value at any node under any root.
inline bool same_literal(const GoalStep& x, const GoalStep& y) {
    if (x.test != y.test) return false;
    if (x.test == StepTest::literal)
        return x.literal.op == y.literal.op && x.literal.predicate == y.literal.predicate &&
               x.literal.lhs == y.literal.lhs && x.literal.rhs == y.literal.rhs;
    if (x.test == StepTest::predicate) return x.literal.predicate == y.literal.predicate;
    return x.a == y.a && x.b == y.b && x.number == y.number;
}

// The literals known on every path to a step of a goal, with their values: each step that was
// tested on the way. At most MAX_KNOWN of them (knowing less is only slower).
class Known {
  public:
    // Returns the value of step X's literal here, if known.
    [[nodiscard]] std::optional<bool> value(const GoalStep& x) const {
        for (std::size_t i = 0; i < size_; ++i)
            if (same_literal(steps_[i], x)) return values_[i];
        return std::nullopt;
    }
    // The knowledge after step X's literal was found to have value V.
    [[nodiscard]] Known after(const GoalStep& x, bool v) const {
        Known k = *this;
        if (k.size_ < MAX_KNOWN && !k.value(x)) {
            k.steps_[k.size_] = x;
            k.values_[k.size_++] = v;
        }
        return k;
    }
    // Keeps what both know.
    void meet(const Known& other) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < size_; ++i)
            if (other.value(steps_[i]) == values_[i]) {
                steps_[kept] = steps_[i];
                values_[kept++] = values_[i];
            }
        size_ = kept;
    }

  private:
    static constexpr std::size_t MAX_KNOWN = 16;
    std::array<GoalStep, MAX_KNOWN> steps_{};
    std::array<bool, MAX_KNOWN> values_{};
    std::size_t size_ = 0;
};

// Makes the steps of one goal, from ENTRY down to FIRST, branch past every step whose literal's
// value the branch already knows (a definition's literals tested again in another: rookdivides
// and rookexposed both begin with `not captured(our_rook)`). Exact, as a literal's value depends
// on the node and the root alone. Why forward in one pass: each step branches only to steps
// appended before it, so from the entry down every branch to a step is seen before the step.
// Goals of more than MAX_SKIPPING steps are left as they are: the knowledge of each step is kept
// until the pass is done (half a kilobyte a step).
inline void skip_known_literals(Program& p, std::uint32_t entry, std::size_t first) {
    constexpr std::size_t MAX_SKIPPING = 1024;
    const std::size_t count = entry + 1 - first;
    if (count > MAX_SKIPPING) return;
    std::vector<std::optional<Known>> known(count); // what every branch to the step knows
    known[count - 1] = Known{};
    // Returns the step a branch that knows K leads to instead of TARGET: past each step whose
    // literal K knows.
    auto branch = [&](std::uint32_t target, const Known& k) {
        while (target < GOAL_FALSE) {
            const GoalStep& step = p.goal_steps[target];
            const auto v = k.value(step);
            if (!v) break;
            target = *v ? step.if_true : step.if_false;
        }
        if (target < GOAL_FALSE) {
            std::optional<Known>& to = known[target - first];
            if (to)
                to->meet(k);
            else
                to = k;
        }
        return target;
    };
    for (std::size_t i = count; i-- > 0;) {
        if (!known[i]) continue; // no branch leads to it
        GoalStep& step = p.goal_steps[first + i];
        const Known k = *known[i];
        step.if_true = branch(step.if_true, k.after(step, true));
        step.if_false = branch(step.if_false, k.after(step, false));
    }
}

} // namespace detail

// Flattens every goal the search asks at its nodes (see above) but a lone predicate
// into program.goal_steps. A goal that would need more than MAX_GOAL_STEPS steps (definitions
// are inlined as trees here) keeps the tree walk. Then each advice's goals and each rule's
// condition that test predicates alone are copied into it as PredicateSteps, for the search.
inline void add_goal_steps(Program& program) {
    program.goal_steps.clear();
    program.goal_entry.assign(program.goal_nodes.size(), NO_GOAL_STEP);
    auto add = [&](GoalId g) {
        if (g >= program.goal_nodes.size() || program.goal_entry[g] != NO_GOAL_STEP) return;
        // A lone predicate is walked at least as fast (the native KRK tables' goals mostly
        // are). Why a lone test or comparison is not: its walk cost a call and a switch more
        // than its step (a third of the goals KPK's verification tests are a lone test).
        if (program.goal_nodes[g].op == GoalOp::predicate) return;
        const std::size_t mark = program.goal_steps.size();
        const std::uint32_t entry =
            detail::add_steps(program, g, GOAL_TRUE, GOAL_FALSE, mark + MAX_GOAL_STEPS + 1);
        if (program.goal_steps.size() - mark > MAX_GOAL_STEPS) {
            program.goal_steps.resize(mark);
            return;
        }
        detail::skip_known_literals(program, entry, mark);
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
