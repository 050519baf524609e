#pragma once
// Advice that differ only by a depth shift: the same goals and generators, and depth tests whose
// numbers all differ by one constant k (KPK's reach_7 `(depth < 7) ... (depth < 6)` and reach_9
// `(depth < 9) ... (depth < 8)`, k = 2). A node fails under one at depth d exactly when it fails
// under the other at depth d + k, from a root with the same root values: every test it meets
// and every goal it evaluates comes out the same. So they may share remembered failures, under
// the depth d - shift (the depth in the frame of the class). Why it pays: a table tries the
// shallow search first and the deeper one after it fails, and the deeper one meets the
// shallow one's failures again two plies down.
//
// Only advice whose searches are bounded by their own depth tests join a class with others:
// then no search of the class comes near MAX_SEARCH_DEPTH, whose limit is not shifted.

#include "engine/search/limits.hpp"
#include "engine/search/program.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace al0::search {

namespace detail {

// The structure of one advice as text, its depth-test numbers taken out, in the order met.
class AdviceShape {
  public:
    explicit AdviceShape(const Program& p) : p_(p) {}

    // Returns whether the shape was taken (false: too large or too deeply nested to compare;
    // then the advice keeps a class of its own).
    bool take(const CompiledAdvice& a) {
        text_.clear();
        numbers_.clear();
        bounded_ = true;
        ok_ = true;
        goal(a.better_goal, 0);
        goal(a.holding_goal, 0);
        constraint(a.us_moves, 0, true);
        constraint(a.them_moves, 0, true);
        return ok_;
    }
    [[nodiscard]] const std::string& text() const { return text_; }
    [[nodiscard]] const std::vector<std::int32_t>& numbers() const { return numbers_; }
    // Every alternative of the advice's own move constraints that generates moves has an
    // upper bound on the depth.
    [[nodiscard]] bool bounded() const { return bounded_; }

  private:
    // Beyond these the advice keeps a class of its own: the shapes of a hostile table's ten
    // thousand pieces of advice must not fill the memory. (KPK's largest is 1.7 KB.)
    static constexpr int MAX_NESTING = 256;
    static constexpr std::size_t MAX_TEXT = 8 * 1024;

    void put(std::int64_t x) { text_ += std::to_string(x) + ','; }
    bool deeper(int nesting) {
        if (nesting > MAX_NESTING || text_.size() > MAX_TEXT) ok_ = false;
        return ok_;
    }
    void goal(GoalId id, int nesting) {
        if (!deeper(nesting)) return;
        const GoalNode& g = p_.goal_nodes[id];
        text_ += 'g';
        put(int(g.op));
        put(g.predicate);
        switch (g.op) {
        case GoalOp::negation:
            goal(g.lhs, nesting + 1);
            break;
        case GoalOp::conjunction:
        case GoalOp::disjunction:
            goal(g.lhs, nesting + 1);
            goal(g.rhs, nesting + 1);
            break;
        case GoalOp::compare:
            expr(std::uint16_t(g.lhs), nesting + 1);
            expr(std::uint16_t(g.rhs), nesting + 1);
            break;
        case GoalOp::test:
            put(g.lhs);
            break;
        case GoalOp::predicate:
            break;
        }
    }
    void expr(std::uint16_t id, int nesting) {
        if (!deeper(nesting)) return;
        const ExprNode& e = p_.expr_nodes[id];
        text_ += 'e';
        put(int(e.op));
        if (e.op == ExprOp::number) put(e.number);
        if (e.op == ExprOp::value || e.op == ExprOp::root) put(e.lhs);
        for_each_operand(e, [&](std::uint16_t operand) { expr(operand, nesting + 1); });
    }
    // OWN: a constraint of the advice itself (not the inner one of a filter or order, whose
    // depth tests only narrow what the outer alternative allows).
    void constraint(const MoveConstraint& c, int nesting, bool own) {
        if (!deeper(nesting)) return;
        text_ += 'c';
        for (const Conjunction& alt : c.alternatives) {
            text_ += 'a';
            bool upper = false;
            for (const DepthTest& t : alt.depth_tests) {
                put(int(t.op));
                numbers_.push_back(t.n);
                upper = upper || t.op == DepthOp::eq || t.op == DepthOp::lt || t.op == DepthOp::le;
            }
            if (own && !alt.generators.empty() && !upper) bounded_ = false;
            for (std::uint16_t g : alt.generators) generator(g, nesting + 1);
        }
    }
    void generator(std::uint16_t id, int nesting) {
        if (!deeper(nesting)) return;
        const GeneratorNode& n = p_.generators[id];
        text_ += 'G';
        put(int(n.op));
        switch (n.op) {
        case GeneratorOp::primitive:
            put(n.id);
            put(n.uses_instance);
            put(int(n.instance.kind));
            put(n.instance.primitive);
            for (std::uint8_t arg : n.instance.args) put(arg);
            break;
        case GeneratorOp::filter:
            goal(n.goal, nesting + 1);
            constraint(p_.constraints[n.inner], nesting + 1, false);
            break;
        case GeneratorOp::order:
            expr(n.measure, nesting + 1);
            constraint(p_.constraints[n.inner], nesting + 1, false);
            break;
        }
    }

    const Program& p_;
    std::string text_;
    std::vector<std::int32_t> numbers_;
    bool bounded_ = true, ok_ = true;
};

} // namespace detail

// Sets each advice's failure class and depth shift: advice equal up to a depth shift (above)
// share the class of the first of them, each with its depth numbers' shift against that first
// one's; any other advice is a class of its own, shift 0.
inline void mark_depth_classes(Program& program) {
    detail::AdviceShape shape(program);
    // Per shape and depth numbers relative to the first: the class and that first number.
    std::map<std::string, std::pair<std::uint16_t, std::int32_t>> classes;
    for (std::size_t i = 0; i < program.advice.size(); ++i) {
        CompiledAdvice& a = program.advice[i];
        a.failure_class = std::uint16_t(i);
        a.depth_shift = 0;
        if (!shape.take(a) || !shape.bounded() || shape.numbers().empty()) continue;
        const std::vector<std::int32_t>& n = shape.numbers();
        std::int32_t most = 0;
        for (std::int32_t x : n) most = x > most ? x : most;
        if (most >= MAX_SEARCH_DEPTH - 1) continue; // "bounded" by a bound it never meets
        std::string key = shape.text() + '|';       // the text names the root values it reads
        for (std::int32_t x : n) key += std::to_string(std::int64_t(x) - n.front()) + ',';
        const auto [it, first] = classes.try_emplace(key, std::uint16_t(i), n.front());
        a.failure_class = it->second.first;
        a.depth_shift = n.front() - it->second.second;
    }
}

} // namespace al0::search
