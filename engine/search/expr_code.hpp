#pragma once
// Integer expressions as straight-line code: each expression the search evaluates at its nodes
// (an operand of a comparison, the measure of an order, a root value) compiled once per program
// into steps over numbered registers, so that Evaluator::value runs one loop with no recursion.
// Each distinct value is computed once per expression (a definition used twice, the same
// measure written twice), operations on numbers alone are folded, and a number operand is an
// immediate of its step. The tree walk stays the definition of an expression's value.

#include "engine/search/program.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace al0::search {

namespace detail {

// Compiles one expression. A register is the index of the step that writes it, counted from the
// expression's first step.
class ExprCoder {
  public:
    explicit ExprCoder(Program& p) : p_(p), first_(p.expr_steps.size()) {}

    // Returns the code of expression node E, or nothing if it needs more than
    // MAX_EXPR_STEPS steps (its steps are then taken back).
    std::optional<ExprCode> code(std::uint16_t e) {
        const std::uint8_t result = reg_of(operand(e));
        if (overflow_) {
            p_.expr_steps.resize(first_);
            return std::nullopt;
        }
        return ExprCode{std::uint32_t(first_), std::uint16_t(steps()), result};
    }

  private:
    // A compiled operand: a number known now, or a register.
    struct Operand {
        bool number = false;
        std::int32_t value = 0;
        std::uint8_t reg = 0;
    };
    static Operand constant(std::int64_t v) { return {true, std::int32_t(v), 0}; }

    [[nodiscard]] std::size_t steps() const { return p_.expr_steps.size() - first_; }

    Operand operand(std::uint16_t e) {
        if (auto it = done_.find(e); it != done_.end()) return it->second;
        const Operand o = compile(p_.expr_nodes[e]);
        done_.emplace(e, o);
        return o;
    }

    Operand compile(const ExprNode n) {
        switch (n.op) {
        case ExprOp::number:
            return constant(n.number);
        case ExprOp::value:
            return emit(ExprStepOp::slot, std::uint8_t(n.lhs), 0, 0);
        case ExprOp::root:
            return emit(ExprStepOp::root, std::uint8_t(n.lhs), 0, 0);
        case ExprOp::neg:
        case ExprOp::abs:
            return unary(n.op, operand(n.lhs));
        default:
            break;
        }
        const Operand a = operand(n.lhs), b = operand(n.rhs);
        return binary(n.op, a, b);
    }

    Operand unary(ExprOp op, Operand a) {
        if (a.number) {
            const std::int64_t v = op == ExprOp::neg ? -std::int64_t(a.value)
                                   : a.value < 0     ? -std::int64_t(a.value)
                                                     : a.value;
            if (fits(v)) return constant(v);
        }
        return emit(op == ExprOp::neg ? ExprStepOp::neg : ExprStepOp::abs, reg_of(a), 0, 0);
    }

    Operand binary(ExprOp op, Operand a, Operand b) {
        if (a.number && b.number) {
            const std::int64_t x = a.value, y = b.value;
            const std::int64_t v = op == ExprOp::add   ? x + y
                                   : op == ExprOp::sub ? x - y
                                   : op == ExprOp::mul ? x * y
                                   : op == ExprOp::min ? (x < y ? x : y)
                                                       : (x < y ? y : x);
            if (fits(v)) return constant(v);
        }
        // A number on the left: k - a is its own step; the other operations commute.
        if (a.number && !b.number) {
            if (op == ExprOp::sub) return emit(ExprStepOp::number_sub, b.reg, 0, a.value);
            std::swap(a, b);
        }
        if (b.number) return emit(step_op(op, true), a.reg, 0, b.value);
        return emit(step_op(op, false), a.reg, b.reg, 0);
    }

    // The step of OP over two registers, or over a register and a number (NUMBER).
    static ExprStepOp step_op(ExprOp op, bool number) {
        const ExprStepOp on_registers = op == ExprOp::add   ? ExprStepOp::add
                                        : op == ExprOp::sub ? ExprStepOp::sub
                                        : op == ExprOp::mul ? ExprStepOp::mul
                                        : op == ExprOp::min ? ExprStepOp::min
                                                            : ExprStepOp::max;
        constexpr int to_number = int(ExprStepOp::add_number) - int(ExprStepOp::add);
        return number ? ExprStepOp(int(on_registers) + to_number) : on_registers;
    }
    static bool fits(std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

    // A register holding A (a number gets a step of its own).
    std::uint8_t reg_of(Operand a) {
        return a.number ? emit(ExprStepOp::number, 0, 0, a.value).reg : a.reg;
    }

    // Appends a step, or returns the register of the same step emitted before.
    Operand emit(ExprStepOp op, std::uint8_t a, std::uint8_t b, std::int32_t number) {
        const auto key = std::make_tuple(op, a, b, number);
        if (auto it = seen_.find(key); it != seen_.end()) return {false, 0, it->second};
        if (steps() >= MAX_EXPR_STEPS) {
            overflow_ = true;
            return {};
        }
        const auto reg = std::uint8_t(steps());
        p_.expr_steps.push_back({op, a, b, number});
        seen_.emplace(key, reg);
        return {false, 0, reg};
    }

    Program& p_;
    std::size_t first_;
    bool overflow_ = false;
    std::map<std::uint16_t, Operand> done_;
    std::map<std::tuple<ExprStepOp, std::uint8_t, std::uint8_t, std::int32_t>, std::uint8_t> seen_;
};

} // namespace detail

// Compiles into program.expr_steps every expression the search evaluates at its nodes that is
// more than a number, a primitive's value or a root value (Evaluator::term reads those directly):
// the operands of comparisons, the measures of orders and the root values. An expression that would
// need more than MAX_EXPR_STEPS steps keeps the tree walk.
inline void add_expr_code(Program& program) {
    program.expr_steps.clear();
    program.expr_code.assign(program.expr_nodes.size(), ExprCode{});
    auto add = [&](std::uint32_t e) {
        if (e >= program.expr_nodes.size() || program.expr_code[e].count != 0) return;
        const ExprOp op = program.expr_nodes[e].op;
        if (op == ExprOp::number || op == ExprOp::value || op == ExprOp::root) return;
        if (auto code = detail::ExprCoder(program).code(std::uint16_t(e)))
            program.expr_code[e] = *code;
    };
    for (const GoalNode& g : program.goal_nodes)
        if (g.op == GoalOp::compare) {
            add(g.lhs);
            add(g.rhs);
        }
    for (const GeneratorNode& g : program.generators)
        if (g.op == GeneratorOp::order) add(g.measure);
    for (std::uint16_t e : program.root_values) add(e);
}

} // namespace al0::search
