#pragma once
// A node test resolved for the walks of engine/search/enumerate.hpp: its goals and its us
// constraint read once per walk, and, where the domain fixes them, compiled into the walk.

#include "engine/search/domain.hpp"
#include "engine/search/program.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace al0::search {

// The parts of a node test, resolved once per walk: a goal that is one predicate is asked of
// the domain by its id, and a constraint that is one generator without a depth test generates
// directly; anything else goes through the Evaluator. Why: the walk's node test is most of its
// cost, and these are the common shapes (every queens table, most KRK advice).
struct ResolvedGoal {
    GoalId goal = 0;
    int predicate = -1; // the goal's predicate id when the goal is just that predicate
    int negated = -1;   // the predicate id when the goal is `not` that predicate
    // The goal as PredicateSteps (the advice's, built with the program), copied: read through a
    // pointer, the search's node test ran 1 % more instructions.
    PredicateSteps steps;

    ResolvedGoal(const Program& program, GoalId g, const PredicateSteps& built = {})
        : goal(g), steps(built) {
        const GoalNode& n = program.goal_nodes[g];
        if (n.op == GoalOp::predicate) predicate = n.predicate;
        if (n.op == GoalOp::negation && program.goal_nodes[n.lhs].op == GoalOp::predicate)
            negated = program.goal_nodes[n.lhs].predicate;
    }
};

struct ResolvedConstraint {
    const MoveConstraint* constraint;
    // The generator when the constraint is one primitive generator under depth tests (the
    // book's `(depth = 0) and rookmove`): where its tests pass, the domain is asked directly.
    const Conjunction* alternative = nullptr;
    const GeneratorNode* primitive = nullptr;
    int generator = -1; // its id when it has no depth test and no instance
    // The same of a second alternative whose depth mask shares no depth below 64 with the
    // first's (the book's `(depth = 0) and legal then (depth = 2) and checkmove`): at such a
    // depth at most one of them generates, so neither the Evaluator's walk nor its test for
    // repeated moves is needed. Read only with `primitive` set.
    const GeneratorNode* second = nullptr;
    std::uint64_t second_depths = 0;
    // Bit d (d < 64): whether a node at depth d may have moves; clear where no alternative
    // passes its depth tests or where its generator is of no moves (the book's `nomove`).
    std::uint64_t moving_depths = ~std::uint64_t{0};

    ResolvedConstraint(const Program& program, const MoveConstraint& c) : constraint(&c) {
        const std::size_t count = c.alternatives.size();
        if (count < 1 || count > 2) return;
        const GeneratorNode* first = primitive_of(program, c.alternatives[0]);
        if (!first) return;
        if (count == 2) {
            const Conjunction& a = c.alternatives[0];
            const Conjunction& b = c.alternatives[1];
            second = primitive_of(program, b);
            if (!second || !a.depth_masked || !b.depth_masked || (a.depth_mask & b.depth_mask))
                return;
            second_depths = b.depth_mask;
        }
        alternative = &c.alternatives[0];
        primitive = first;
        if (alternative->depth_tests.empty() && !first->uses_instance && !second)
            generator = first->id;
        if (alternative->depth_masked) {
            accepted_depths = alternative->depth_mask;
            masked_below = 64;
            moving_depths = first->generates ? accepted_depths : 0;
            if (second && second->generates) moving_depths |= second_depths;
        } else if (!first->generates && !second) {
            moving_depths = 0;
        }
    }
    // Whether a node at DEPTH may have moves (false: it has none).
    [[nodiscard]] bool may_move(int depth) const {
        return depth >= 64 || (moving_depths >> depth & 1) != 0;
    }
    // The primitive generator at DEPTH (below 64; with `primitive` set): the first where its
    // depth tests pass, else the second at its depths, else none.
    [[nodiscard]] const GeneratorNode* primitive_at(int depth) const {
        if (accepts(depth)) return primitive;
        if (second && (second_depths >> depth & 1)) return second;
        return nullptr;
    }
    // Whether the primitive generator's depth tests let it generate at DEPTH. Why a mask: the
    // search asks at every inner node, and the switch over each test's kind was an indirect
    // jump that stalled (a tenth of the native KRK search's samples).
    [[nodiscard]] bool accepts(int depth) const {
        return depth < masked_below ? (accepted_depths >> depth & 1) != 0 : tests_accept(depth);
    }

  private:
    std::uint64_t accepted_depths = 0; // the alternative's depth mask (mark_depth_masks)
    int masked_below = 0;              // 64 with the mask, else 0: the tests are asked

    [[nodiscard]] bool tests_accept(int depth) const {
        for (const DepthTest& t : alternative->depth_tests)
            if (!t.accepts(depth)) return false;
        return true;
    }
    static const GeneratorNode* primitive_of(const Program& program, const Conjunction& alt) {
        if (alt.generators.size() != 1) return nullptr;
        const GeneratorNode& g = program.generators[alt.generators[0]];
        return g.op == GeneratorOp::primitive ? &g : nullptr;
    }
};

// A node test known when the walk is compiled: the holding and better goals as the predicates
// with ids HOLDING and BETTER, the us constraint as the generator with id US (-1: asked at run
// time, as ResolvedGoal and ResolvedConstraint say). Why: where a node test is a few
// instructions (N-queens), the switches over the ids cost as much as the test.
template <int Holding, int Better, int Us>
struct NodeShape {
    static constexpr int holding = Holding, better = Better, us = Us;
};
using AnyShape = NodeShape<-1, -1, -1>;

namespace detail {

template <int P, int G, class F, int... I>
auto with_shape_index(int index, F& f, std::integer_sequence<int, I...>) {
    decltype(f(AnyShape{})) result{};
    (void)((index == I && (result = f(NodeShape<I / (P * G), I / G % P, I % G>{}), true)) || ...);
    return result;
}

} // namespace detail

// Returns f(Shape{}) for the NodeShape of ADVICE in domain D: its goals' predicate ids and its
// us constraint's generator id when the domain's traits fix them (traits.fixed_predicates and
// fixed_generators) and the advice's node test is one of them each, else AnyShape.
template <Domain D, class F>
auto with_node_shape(const Program& program, const CompiledAdvice& advice, F f) {
    constexpr int P = D::traits.fixed_predicates, G = D::traits.fixed_generators;
    if constexpr (P > 0 && G > 0) {
        const int h = ResolvedGoal(program, advice.holding_goal).predicate;
        const int b = ResolvedGoal(program, advice.better_goal).predicate;
        const int u = ResolvedConstraint(program, advice.us_moves).generator;
        if (h >= 0 && h < P && b >= 0 && b < P && u >= 0 && u < G)
            return detail::with_shape_index<P, G>((h * P + b) * G + u, f,
                                                  std::make_integer_sequence<int, P * P * G>{});
    }
    return f(AnyShape{});
}

} // namespace al0::search
