#pragma once
// What failed in a goal at a node, as text for people: the operands of its `and` chain that do
// not hold ("not rooklost, distance(our_king, their_king) =< 2"). Shared by verify --advice
// (miss_reason) and advise --explain.

#include "engine/search/evaluator.hpp"
#include "engine/verify/shared/goal_text.hpp"

#include <string>

namespace al0::verify {

// Returns the operands of GOAL's chain of `and` that fail at s (ROOT: the search's root), joined
// by ", "; the whole goal when it is no conjunction and fails; "" when it holds.
template <search::Domain D>
std::string failing_conjuncts(const search::Evaluator<D>& eval, const search::Program& program,
                              search::GoalId goal, const typename D::State& s,
                              const typename D::State& root,
                              const contract::Vocabulary& vocabulary) {
    std::string text;
    for (search::GoalId g : conjuncts(program, goal))
        if (!eval.holds(g, s, root))
            text += (text.empty() ? "" : ", ") + goal_text(program, g, vocabulary);
    return text;
}

} // namespace al0::verify
