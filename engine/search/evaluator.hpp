#pragma once
// The evaluation half of the search core: the value slots of one node and the Evaluator of
// compiled goals, integer expressions and move constraints over a domain (domain.hpp). Goals and
// expressions are defined here, the moves a constraint allows in evaluator_moves.hpp. No chess
// here.

#include "engine/search/domain.hpp"
#include "engine/search/program.hpp"

#include <array>
#include <cstdint>

namespace al0::search {

// The values of one node: each value slot is computed at most once per node. The values are
// left uninitialised; only the known ones are read.
struct NodeValues {
    NodeValues() {}
    std::array<std::int32_t, MAX_VALUE_SLOTS> values;
    std::array<std::uint64_t, MAX_VALUE_SLOTS / 64> known{};
};

// Evaluates compiled goals and move constraints of one program for one domain. Root values
// (root(E)) are computed once per root and kept: an Evaluator serves one root at a time.
template <Domain D>
class Evaluator {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    using Buffer = MoveBuffer<Move, D::traits.max_moves>;

    Evaluator(const D& domain, const Program& program) : domain_(domain), program_(program) {}

    [[nodiscard]] bool holds(GoalId goal, const State& s, const State& root) const {
        NodeValues values;
        return holds(goal, s, root, values);
    }

    // The same, sharing VALUES with the other goals of the node s.
    bool holds(GoalId goal, const State& s, const State& root, NodeValues& values) const {
        if (goal < program_.goal_entry.size()) {
            std::uint32_t step = program_.goal_entry[goal];
            if (step != NO_GOAL_STEP) {
                while (step < GOAL_FALSE) {
                    const GoalStep& g = program_.goal_steps[step];
                    step = test(g, s, root, values) ? g.if_true : g.if_false;
                }
                return step == GOAL_TRUE;
            }
        }
        return walk(goal, s, root, values);
    }

    // The tree walk of holds(): the definition of a goal's value.
    bool walk(GoalId goal, const State& s, const State& root, NodeValues& values) const {
        // Walks down the right spine of `and`/`or` chains in a loop; only a left operand that is
        // more than a literal costs a recursive call.
        for (;;) {
            const GoalNode& n = program_.goal_nodes[goal];
            switch (n.op) {
            case GoalOp::conjunction:
                if (!operand(n.lhs, s, root, values)) return false;
                break;
            case GoalOp::disjunction:
                if (operand(n.lhs, s, root, values)) return true;
                break;
            default:
                return literal(n, s, root, values);
            }
            goal = n.rhs;
        }
    }

    // Returns the value of expression node E at the node s.
    std::int32_t value(std::uint16_t e, const State& s, const State& root,
                       NodeValues& values) const {
        if (e < program_.expr_code.size() && program_.expr_code[e].count != 0)
            return run(program_.expr_code[e], s, root, values);
        return walk_value(e, s, root, values);
    }

    // The tree walk of value(): the definition of an expression's value.
    std::int32_t walk_value(std::uint16_t e, const State& s, const State& root,
                            NodeValues& values) const {
        const ExprNode& n = program_.expr_nodes[e];
        switch (n.op) {
        case ExprOp::number:
            return n.number;
        case ExprOp::value:
            return slot(n.lhs, s, values);
        case ExprOp::root:
            return root_value(n.lhs, root);
        case ExprOp::neg:
            return -walk_value(n.lhs, s, root, values);
        case ExprOp::abs: {
            std::int32_t v = walk_value(n.lhs, s, root, values);
            return v < 0 ? -v : v;
        }
        default:
            break;
        }
        const std::int32_t a = walk_term(n.lhs, s, root, values);
        const std::int32_t b = walk_term(n.rhs, s, root, values);
        switch (n.op) {
        case ExprOp::add:
            return a + b;
        case ExprOp::sub:
            return a - b;
        case ExprOp::mul:
            return a * b;
        case ExprOp::min:
            return a < b ? a : b;
        case ExprOp::max:
            return a < b ? b : a;
        default:
            return 0;
        }
    }

    // Appends the moves the constraint allows at a node of the given depth, in its order, each
    // once: a move that an earlier `then` alternative allowed is not repeated (it would only be
    // searched again), so `out` never holds more than the node's distinct moves.
    // (Defined with the other move-constraint members in evaluator_moves.hpp.)
    void generate(const MoveConstraint& c, const State& s, int depth, Buffer& out,
                  const State* root = nullptr) const;

    // Returns root value INDEX (Program::root_values) at ROOT, computed once per root: by its
    // machine code where the domain runs compiled goals and they read it (which keeps it for the
    // goals too), else here.
    std::int32_t root_value(std::uint16_t index, const State& root) const {
        if constexpr (NodeGoalsDomain<D>)
            if (index < program_.native_root_values.size() && program_.native_root_values[index])
                return reinterpret_cast<typename D::NodeGoals>(program_.native_root_values[index])(
                    root, root);
        if (root_of_values_ != &root) {
            root_of_values_ = &root;
            root_known_ = 0;
        }
        if (!(root_known_ >> index & 1)) {
            NodeValues values;
            root_values_[index] = value(program_.root_values[index], root, root, values);
            root_known_ |= std::uint64_t{1} << index;
        }
        return root_values_[index];
    }

    // Appends the moves of the primitive generator N (by its instance in an InstanceDomain
    // that reads one, else by its id).
    [[gnu::always_inline]] void primitive(const GeneratorNode& n, const State& s,
                                          Buffer& out) const {
        if constexpr (InstanceDomain<D>)
            if (n.uses_instance) return domain_.generate(n.instance, s, out);
        domain_.generate(n.id, s, out);
    }

  private:
    // Returns the value of a goal step's test (StepTest). Why the comparisons apart: most
    // literals of tables written over definitions compare measures with numbers, measures or
    // root values, and reading those from the step saves the expression nodes and the switch
    // over the comparison.
    [[gnu::always_inline]] bool test(const GoalStep& g, const State& s, const State& root,
                                     NodeValues& values) const {
        switch (g.test) {
        case StepTest::literal:
            break;
        case StepTest::predicate:
            return domain_.holds(g.literal.predicate, s, root);
        case StepTest::slot_nonzero:
            return slot(g.a, s, values) != 0;
        case StepTest::slot_lt_number:
            return slot(g.a, s, values) < g.number;
        case StepTest::number_lt_slot:
            return g.number < slot(g.a, s, values);
        case StepTest::slot_eq_number:
            return slot(g.a, s, values) == g.number;
        case StepTest::slot_lt_slot:
            return slot(g.a, s, values) < slot(g.b, s, values);
        case StepTest::slot_eq_slot:
            return slot(g.a, s, values) == slot(g.b, s, values);
        case StepTest::slot_lt_root:
            return slot(g.a, s, values) < root_value(g.b, root);
        case StepTest::root_lt_slot:
            return root_value(g.a, root) < slot(g.b, s, values);
        case StepTest::slot_eq_root:
            return slot(g.a, s, values) == root_value(g.b, root);
        }
        return literal(g.literal, s, root, values);
    }

    // Returns the value of a literal: a predicate, a negation, a test or a comparison.
    // Why always inline: a goal's steps test one literal each, and the call per literal was a
    // large share of the time of tables written over definitions.
    [[gnu::always_inline]] bool literal(const GoalNode& n, const State& s, const State& root,
                                        NodeValues& values) const {
        switch (n.op) {
        case GoalOp::predicate:
            return domain_.holds(n.predicate, s, root);
        case GoalOp::negation: {
            const GoalNode& c = program_.goal_nodes[n.lhs];
            if (c.op == GoalOp::predicate) return !domain_.holds(c.predicate, s, root);
            if (c.op == GoalOp::test) return slot(c.lhs, s, values) == 0;
            return !walk(n.lhs, s, root, values);
        }
        case GoalOp::test:
            return slot(n.lhs, s, values) != 0;
        case GoalOp::compare:
            return compare(CompareOp(n.predicate), term(std::uint16_t(n.lhs), s, root, values),
                           term(std::uint16_t(n.rhs), s, root, values));
        default: // and/or: walk() walks them
            return false;
        }
    }
    bool operand(GoalId goal, const State& s, const State& root, NodeValues& values) const {
        const GoalNode& n = program_.goal_nodes[goal];
        return n.op == GoalOp::conjunction || n.op == GoalOp::disjunction
                   ? walk(goal, s, root, values)
                   : literal(n, s, root, values);
    }

    // The value of an operand of a comparison or an arithmetic node. Why not value(): most
    // operands are a measure or a number, and a call per operand was a fifth of the time of
    // tables written over definitions.
    [[gnu::always_inline]] std::int32_t term(std::uint16_t e, const State& s, const State& root,
                                             NodeValues& values) const {
        const ExprNode& n = program_.expr_nodes[e];
        if (n.op == ExprOp::value) return slot(n.lhs, s, values);
        if (n.op == ExprOp::number) return n.number;
        if (n.op == ExprOp::root) return root_value(n.lhs, root);
        return value(e, s, root, values);
    }

    [[gnu::always_inline]] std::int32_t walk_term(std::uint16_t e, const State& s,
                                                  const State& root, NodeValues& values) const {
        const ExprNode& n = program_.expr_nodes[e];
        if (n.op == ExprOp::value) return slot(n.lhs, s, values);
        if (n.op == ExprOp::number) return n.number;
        return walk_value(e, s, root, values);
    }

    // Runs the straight-line code of an expression (expr_code.hpp).
    std::int32_t run(const ExprCode& code, const State& s, const State& root,
                     NodeValues& values) const {
        std::array<std::int32_t, MAX_EXPR_STEPS> r; // each register is written before it is read
        const ExprStep* step = program_.expr_steps.data() + code.first;
        for (std::uint32_t i = 0; i < code.count; ++i, ++step) {
            const std::int32_t k = step->number;
            std::int32_t& out = r[i];
            switch (step->op) {
            case ExprStepOp::number:
                out = k;
                break;
            case ExprStepOp::slot:
                out = slot(step->a, s, values);
                break;
            case ExprStepOp::root:
                out = root_value(step->a, root);
                break;
            case ExprStepOp::neg:
                out = -r[step->a];
                break;
            case ExprStepOp::abs:
                out = r[step->a] < 0 ? -r[step->a] : r[step->a];
                break;
            case ExprStepOp::add:
                out = r[step->a] + r[step->b];
                break;
            case ExprStepOp::sub:
                out = r[step->a] - r[step->b];
                break;
            case ExprStepOp::mul:
                out = r[step->a] * r[step->b];
                break;
            case ExprStepOp::min:
                out = r[step->a] < r[step->b] ? r[step->a] : r[step->b];
                break;
            case ExprStepOp::max:
                out = r[step->a] < r[step->b] ? r[step->b] : r[step->a];
                break;
            case ExprStepOp::add_number:
                out = r[step->a] + k;
                break;
            case ExprStepOp::sub_number:
                out = r[step->a] - k;
                break;
            case ExprStepOp::number_sub:
                out = k - r[step->a];
                break;
            case ExprStepOp::mul_number:
                out = r[step->a] * k;
                break;
            case ExprStepOp::min_number:
                out = r[step->a] < k ? r[step->a] : k;
                break;
            case ExprStepOp::max_number:
                out = r[step->a] < k ? k : r[step->a];
                break;
            }
        }
        return r[code.result];
    }

    static bool compare(CompareOp op, std::int32_t a, std::int32_t b) {
        switch (op) {
        case CompareOp::eq:
            return a == b;
        case CompareOp::ne:
            return a != b;
        case CompareOp::lt:
            return a < b;
        case CompareOp::le:
            return a <= b;
        case CompareOp::gt:
            return a > b;
        case CompareOp::ge:
            return a >= b;
        }
        return false;
    }

    [[gnu::always_inline]] std::int32_t slot(std::uint16_t id, const State& s,
                                             NodeValues& values) const {
        std::uint64_t& word = values.known[id >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (id & 63);
        if (!(word & bit)) {
            word |= bit;
            if constexpr (MeasureDomain<D>)
                values.values[id] = domain_.value(program_.value_slots[id], s);
            else
                values.values[id] = 0;
        }
        return values.values[id];
    }

    // Appends the moves of generator node G. ROOT is needed by filters and orders only; without
    // it the node itself stands for the root.
    void generator(std::uint16_t g, const State& s, int depth, const State* root,
                   Buffer& out) const;

    // Returns whether filter N's goal holds at s under the root R: its machine code where the
    // domain runs compiled goals and the filter has them, else the interpreter's.
    [[gnu::always_inline]] bool filter_holds(const GeneratorNode& n, const State& s,
                                             const State& r) const {
        if constexpr (NodeGoalsDomain<D>)
            if (n.native_goal)
                return reinterpret_cast<typename D::NodeGoals>(n.native_goal)(s, r) != 0;
        NodeValues values;
        return holds(n.goal, s, r, values);
    }
    // The same after the move M at s. Why the compiled goal's own play where it has one: the
    // move is played inline there, on the roles as constants, and only what the goal reads of
    // the child is worked out (the book table's check filters played each rook move: a seventh
    // of its trees' instructions).
    [[gnu::always_inline]] bool filter_holds_after(const GeneratorNode& n, const State& s, Move m,
                                                   const State& r) const {
        if constexpr (requires { typename D::GoalAfterMove; })
            if (n.native_goal_after)
                return reinterpret_cast<typename D::GoalAfterMove>(n.native_goal_after)(s, m, r) !=
                       0;
        return filter_holds(n, domain_.play(s, m), r);
    }

    // Appends the moves of INNER after which filter N's goal holds, where the goal reads the
    // pieces of N.goal_roles alone.
    // (A member template, not a constrained member: an explicit instantiation of the evaluator
    // for a domain without roles must not instantiate it; clang does for a requires-clause.)
    template <RoleDomain Dom = D>
    void filter_by_roles(const GeneratorNode& n, const State& s, const State& r,
                         const Buffer& inner, Buffer& out) const;

    // Appends the moves of order node N sorted by the measures after each move.
    void order(const GeneratorNode& n, const State& s, int depth, const State& r,
               Buffer& out) const;

    // The order node that is the whole of constraint C (one generator, no depth test), if any.
    const GeneratorNode* sole_order(const MoveConstraint& c) const;

    static constexpr std::size_t MAX_FUSED_ORDERS = 4;

    const D& domain_;
    const Program& program_;
    mutable const State* root_of_values_ = nullptr;
    mutable std::uint64_t root_known_ = 0;
    // Left uninitialised (only the known ones are read): zeroed, it cost every tree of the book
    // table a 256-byte store, twice.
    mutable std::array<std::int32_t, MAX_ROOT_VALUES> root_values_;
};

} // namespace al0::search

#include "engine/search/evaluator_moves.hpp"
