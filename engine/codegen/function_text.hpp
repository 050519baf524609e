#pragma once
// The body of one function of a unit of compiled goals (endgame_goal_source): a goal or an
// expression of a program of the chess library's instances as C++ text.

#include "engine/search/program.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace al0::codegen {

// The body of one generated function: a goal or an expression as C++ over the node `s`, its board
// `b` and the root `root`. Each value slot it reads is a lambda that computes it once, at its
// first call; so is each goal or expression node it reads more than once (a definition used
// twice), so that the text stays as large as the program's graph, not its tree.
class FunctionText {
    using ExprOp = search::ExprOp;
    using GoalOp = search::GoalOp;

  public:
    FunctionText(const search::Program& p, std::size_t& budget, std::set<std::uint16_t>& roots)
        : p_(p), budget_(budget), roots_(roots) {}

    // Counts the uses of the nodes under goal G (or expression E); false when a node is out of
    // range or the budget is spent. Called for each goal of the function before any text.
    bool count_goal(search::GoalId g) {
        if (g >= p_.goal_nodes.size()) return false;
        if (goal_uses_[g]++ > 0) return true;
        if (budget_ == 0) return false;
        --budget_;
        const search::GoalNode& n = p_.goal_nodes[g];
        switch (n.op) {
        case GoalOp::predicate: // a domain's own predicate: not the chess library's instances
            return false;
        case GoalOp::negation:
            return count_goal(n.lhs);
        case GoalOp::conjunction:
        case GoalOp::disjunction:
            return count_goal(n.lhs) && count_goal(n.rhs);
        case GoalOp::test:
            return count_slot(n.lhs);
        case GoalOp::compare:
            return n.predicate <= std::uint8_t(search::CompareOp::ge) && count_expr(n.lhs) &&
                   count_expr(n.rhs);
        }
        return false;
    }
    bool count_expr(std::uint32_t e) {
        if (e >= p_.expr_nodes.size()) return false;
        if (expr_uses_[e]++ > 0) return true;
        if (budget_ == 0) return false;
        --budget_;
        const search::ExprNode& n = p_.expr_nodes[e];
        switch (n.op) {
        case ExprOp::value:
            return count_slot(n.lhs);
        case ExprOp::root:
            if (n.lhs >= p_.root_values.size()) return false;
            roots_.insert(n.lhs);
            return true;
        default:
            break;
        }
        bool ok = true;
        search::for_each_operand(n, [&](std::uint16_t child) { ok = ok && count_expr(child); });
        return ok;
    }

    // The C++ expression of goal G (bool) or expression E (std::int32_t); the lambdas it calls
    // are in definitions().
    std::string goal(search::GoalId g) {
        const search::GoalNode& n = p_.goal_nodes[g];
        if (n.op == GoalOp::test) return "(" + slot(std::uint16_t(n.lhs)) + " != 0)";
        if (goal_uses_[g] < 2) return goal_text(n);
        if (!defined_goals_.contains(g)) {
            const std::string text = goal_text(n);
            defs_ += "    bool kg" + std::to_string(g) + " = false, vg" + std::to_string(g) +
                     " = false;\n    auto g" + std::to_string(g) + " = [&] {\n        if (!kg" +
                     std::to_string(g) + ") {\n            kg" + std::to_string(g) +
                     " = true;\n            vg" + std::to_string(g) + " = " + text +
                     ";\n        }\n        return vg" + std::to_string(g) + ";\n    };\n";
            defined_goals_.insert(g);
        }
        return "g" + std::to_string(g) + "()";
    }
    std::string expr(std::uint32_t e) {
        const search::ExprNode& n = p_.expr_nodes[e];
        if (n.op == ExprOp::number)
            return "std::int32_t(" + std::to_string(std::int64_t(n.number)) + "LL)";
        if (n.op == ExprOp::value) return slot(n.lhs);
        if (n.op == ExprOp::root) {
            reads_root_ = true;
            return "root_value<" + std::to_string(n.lhs) + ">(roots(), root)";
        }
        if (expr_uses_[e] < 2) return expr_text(n);
        const std::string id = std::to_string(e);
        if (!defined_exprs_.contains(e)) {
            const std::string text = expr_text(n);
            defs_ += "    bool ke" + id + " = false;\n    std::int32_t ve" + id +
                     " = 0;\n    auto e" + id + " = [&] {\n        if (!ke" + id +
                     ") {\n            ke" + id + " = true;\n            ve" + id + " = " + text +
                     ";\n        }\n        return ve" + id + ";\n    };\n";
            defined_exprs_.insert(e);
        }
        return "e" + id + "()";
    }

    // The lambdas of the slots and shared nodes the texts above call, each after those it calls.
    // Why the root values' lambda: it finds this thread's root values once per call, not at
    // each root value read.
    [[nodiscard]] std::string definitions() const {
        if (!reads_root_) return defs_;
        return "    RootValues* known_roots = nullptr;\n    auto roots = [&]() -> RootValues& {\n"
               "        if (!known_roots) known_roots = &root_values_of(root);\n"
               "        return *known_roots;\n    };\n" +
               defs_;
    }

  private:
    bool count_slot(std::uint32_t id) {
        if (id >= p_.value_slots.size()) return false;
        const search::Instance::Kind kind = p_.value_slots[id].kind;
        return kind == search::Instance::Kind::measure || kind == search::Instance::Kind::predicate;
    }

    // Slot ID's value at the node, as endgame::Domain::value gives it: the library's measure or
    // predicate of its instance, the instance a constant.
    std::string slot(std::uint16_t id) {
        const std::string name = std::to_string(id);
        if (!defined_slots_.contains(id)) {
            const search::Instance& in = p_.value_slots[id];
            const bool measure = in.kind == search::Instance::Kind::measure;
            std::string instance = std::string("{Kind::") + (measure ? "measure" : "predicate") +
                                   ", " + std::to_string(in.primitive) + ", {";
            for (std::size_t i = 0; i < in.args.size(); ++i)
                instance += (i ? ", " : "") + std::to_string(in.args[i]);
            defs_ += "    bool ks" + name + " = false;\n    std::int32_t vs" + name +
                     " = 0;\n    auto s" + name +
                     " = [&]() __attribute__((always_inline)) {\n        if (!ks" + name +
                     ") {\n            ks" + name + " = true;\n            vs" + name +
                     " = library::" + (measure ? "measure" : "predicate") + "<Buffer>(b, " +
                     instance + "}});\n        }\n        return vs" + name + ";\n    };\n";
            defined_slots_.insert(id);
        }
        return "s" + name + "()";
    }

    std::string goal_text(const search::GoalNode& n) {
        switch (n.op) {
        case GoalOp::negation:
            return "!" + goal(n.lhs);
        case GoalOp::conjunction:
            return "(" + goal(n.lhs) + " && " + goal(n.rhs) + ")";
        case GoalOp::disjunction:
            return "(" + goal(n.lhs) + " || " + goal(n.rhs) + ")";
        case GoalOp::compare: {
            static constexpr const char* OPS[] = {" == ", " != ", " < ", " <= ", " > ", " >= "};
            return "(" + expr(n.lhs) + OPS[n.predicate] + expr(n.rhs) + ")";
        }
        default: // test: goal(); predicate: refused by count_goal
            return "false";
        }
    }
    std::string expr_text(const search::ExprNode& n) {
        switch (n.op) {
        case ExprOp::neg:
            return "(-" + expr(n.lhs) + ")";
        case ExprOp::abs:
            return "std::abs(" + expr(n.lhs) + ")";
        case ExprOp::add:
            return "(" + expr(n.lhs) + " + " + expr(n.rhs) + ")";
        case ExprOp::sub:
            return "(" + expr(n.lhs) + " - " + expr(n.rhs) + ")";
        case ExprOp::mul:
            return "(" + expr(n.lhs) + " * " + expr(n.rhs) + ")";
        case ExprOp::min:
            return "std::min<std::int32_t>(" + expr(n.lhs) + ", " + expr(n.rhs) + ")";
        case ExprOp::max:
            return "std::max<std::int32_t>(" + expr(n.lhs) + ", " + expr(n.rhs) + ")";
        default: // number, value, root: expr()
            return "0";
        }
    }

    const search::Program& p_;
    std::size_t& budget_;
    std::set<std::uint16_t>& roots_; // the root values the program's functions read
    std::map<search::GoalId, int> goal_uses_;
    std::map<std::uint32_t, int> expr_uses_;
    std::set<search::GoalId> defined_goals_;
    std::set<std::uint32_t> defined_exprs_;
    std::set<std::uint16_t> defined_slots_;
    std::string defs_;
    bool reads_root_ = false;
};

} // namespace al0::codegen
