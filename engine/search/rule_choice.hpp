#pragma once
// Which rule of a table applies at a root (docs/LANGUAGE.md §7): the first whose condition holds.
// Apart from the search because it is asked on its own too (al0 reach, the enumeration).

#include "engine/search/domain.hpp"
#include "engine/search/evaluator.hpp"
#include "engine/search/fixed_search.hpp"
#include "engine/search/program.hpp"

#include <cstddef>

namespace al0::search {

// Returns whether the rule's condition holds at the root. Why a predicate and predicate steps
// apart: the Evaluator's walk cost a small tree of the book's table 7 % of its instructions.
template <Domain D>
bool condition_holds(const D& domain, const Evaluator<D>& eval, const Program& program,
                     const CompiledRule& rule, const typename D::State& root, NodeValues& values) {
    const GoalNode& n = program.goal_nodes[rule.condition];
    if (n.op == GoalOp::predicate) return domain.holds(n.predicate, root, root);
    if constexpr (StepsDomain<D>)
        if (rule.condition_steps.count) return domain.holds_steps(rule.condition_steps, root, root);
    return eval.holds(rule.condition, root, root, values);
}

// Returns the index of the first rule whose condition holds at the root, or -1 (docs/LANGUAGE.md
// §7); notes the values of the root it computes in VALUES.
template <Domain D>
int applicable_rule(const D& domain, const Program& program, const typename D::State& root,
                    NodeValues& values) {
    if constexpr (FixedSearchDomain<D>) // its searches read no VALUES: their goals are compiled
        if (program.native_rule_choice)
            return reinterpret_cast<RuleChoiceFn<typename D::State>>(program.native_rule_choice)(
                root);
    Evaluator<D> eval(domain, program);
    for (std::size_t r = 0; r < program.rules.size(); ++r)
        if (condition_holds(domain, eval, program, program.rules[r], root, values)) return int(r);
    return -1;
}
template <Domain D>
int applicable_rule(const D& domain, const Program& program, const typename D::State& root) {
    NodeValues values;
    return applicable_rule(domain, program, root, values);
}

} // namespace al0::search
