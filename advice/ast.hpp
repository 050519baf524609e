#pragma once
// The AL0 syntax tree (docs/LANGUAGE.md §1-6). Shape, for code that walks it:
//
//   Table      { materials, definitions (file order), rules (file order), advice (file order) }
//   Material   { loc, name, symmetric }             "KRK"; empty name: no declaration
//   Definition { loc, kind, name, params, measure | predicate | generator }
//   Expr       { loc, kind, name, number, operands }
//                number:       number
//                call:         name, operands = arguments (a role, a parameter or a measure
//                              without arguments is a call without operands; root(E), abs(E),
//                              min(A, B) and max(A, B) are calls too)
//                neg:          operands = {operand}
//                add/sub/mul:  operands = {left, right}  (left-assoc: a - b - c is (a - b) - c)
//   Rule       { loc, name, condition: Goal, advice: [AdviceRef{loc, name}] }
//   Advice     { loc, name, better: Goal, holding: Goal, us_moves: Constraint,
//                them_moves: Constraint, shallowest: the option `, shallowest` }
//   Goal       { loc, kind, name, operands, args, compare }   a kind enum, switch on it:
//                predicate: name ("true" included), args = its arguments (often none)
//                compare:   compare, args = {left, right}
//                not_:      operands = {operand}
//                and_/or_:  operands = {left, right}   (right-assoc: a and b and c is
//                                                        a and (b and c))
//   Constraint { loc, kind, name, depth_op, depth, operands, args, goals }
//                generator:  name, args = its arguments (often none)
//                filter:     operands = {generator}, goals = {goal after the move}
//                order:      operands = {generator}, args = {measure after the move}
//                depth_test: depth_op, depth           (depth OP N)
//                and_/then:  operands = {left, right}  (right-assoc)
//
// Every node has its 1-based line and column (in bytes, as in diagnostics) where it starts: a
// binary node where its left operand starts, a rule at its name, advice at the word "advice".
// Equality compares structure and names, never locations, so a table that is printed and parsed
// again equals the original.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace al0::advice::ast {

struct Location {
    int line = 0;   // 1-based; 0 = unknown
    int column = 0; // 1-based, in bytes of the line
};

struct Expr {
    enum class Kind : std::uint8_t { number, call, neg, add, sub, mul };
    Kind kind = Kind::number;
    Location loc;
    std::string name;
    int number = 0;
    std::vector<Expr> operands;

    [[nodiscard]] const Expr& left() const { return operands.at(0); }
    [[nodiscard]] const Expr& right() const { return operands.at(1); }
    friend bool operator==(const Expr& a, const Expr& b) {
        return a.kind == b.kind && a.name == b.name && a.number == b.number &&
               a.operands == b.operands;
    }
};

enum class CompareOp : std::uint8_t { eq, ne, lt, le, gt, ge }; // =:=  =\=  <  =<  >  >=

struct Goal {
    enum class Kind : std::uint8_t { predicate, not_, and_, or_, compare };
    Kind kind = Kind::predicate;
    Location loc;
    std::string name;
    std::vector<Goal> operands;
    std::vector<Expr> args;
    CompareOp compare = CompareOp::eq;

    [[nodiscard]] const Goal& operand() const { return operands.at(0); }
    [[nodiscard]] const Goal& left() const { return operands.at(0); }
    [[nodiscard]] const Goal& right() const { return operands.at(1); }
    friend bool operator==(const Goal& a, const Goal& b) {
        return a.kind == b.kind && a.name == b.name && a.operands == b.operands &&
               a.args == b.args && a.compare == b.compare;
    }
};

enum class DepthOp : std::uint8_t { eq, lt, le, gt, ge }; // =  <  =<  >  >=

struct Constraint {
    enum class Kind : std::uint8_t { generator, depth_test, and_, then, filter, order };
    Kind kind = Kind::generator;
    Location loc;
    std::string name;
    DepthOp depth_op = DepthOp::eq;
    int depth = 0;
    std::vector<Constraint> operands;
    std::vector<Expr> args;
    std::vector<Goal> goals;

    [[nodiscard]] const Constraint& left() const { return operands.at(0); }
    [[nodiscard]] const Constraint& right() const { return operands.at(1); }
    friend bool operator==(const Constraint& a, const Constraint& b) {
        return a.kind == b.kind && a.name == b.name && a.depth_op == b.depth_op &&
               a.depth == b.depth && a.operands == b.operands && a.args == b.args &&
               a.goals == b.goals;
    }
};

struct AdviceRef {
    Location loc;
    std::string name;
    friend bool operator==(const AdviceRef& a, const AdviceRef& b) { return a.name == b.name; }
};

struct Rule {
    Location loc;
    std::string name;
    Goal condition;
    std::vector<AdviceRef> advice;
    friend bool operator==(const Rule& a, const Rule& b) {
        return a.name == b.name && a.condition == b.condition && a.advice == b.advice;
    }
};

struct Advice {
    Location loc;
    std::string name;
    Goal better;
    Goal holding;
    Constraint us_moves;
    Constraint them_moves;
    bool shallowest = false; // prefer the shallowest forcing tree (docs/LANGUAGE.md §7)
    friend bool operator==(const Advice& a, const Advice& b) {
        return a.name == b.name && a.better == b.better && a.holding == b.holding &&
               a.us_moves == b.us_moves && a.them_moves == b.them_moves &&
               a.shallowest == b.shallowest;
    }
};

struct Material {
    Location loc;
    std::string name;       // "" when the table declares none
    bool symmetric = false; // the option `, symmetric`: canonical play (docs/LANGUAGE.md §3)
    friend bool operator==(const Material& a, const Material& b) {
        return a.name == b.name && a.symmetric == b.symmetric;
    }
};

// A named measure, predicate or generator: `measure NAME(PARAMS) := EXPR.`,
// `NAME(PARAMS) :- GOAL.`, `generator NAME(PARAMS) := CONSTRAINT.` (no PARAMS: no parentheses).
struct Definition {
    enum class Kind : std::uint8_t { measure, predicate, generator };
    Kind kind = Kind::predicate;
    Location loc;
    std::string name;
    std::vector<std::string> params;
    Expr measure;
    Goal predicate;
    Constraint generator;
    friend bool operator==(const Definition& a, const Definition& b) {
        return a.kind == b.kind && a.name == b.name && a.params == b.params &&
               a.measure == b.measure && a.predicate == b.predicate && a.generator == b.generator;
    }
};

struct Table {
    std::vector<Material> materials; // declarations in file order (one is right)
    std::vector<Definition> definitions;
    std::vector<Rule> rules;
    std::vector<Advice> advice;
    friend bool operator==(const Table&, const Table&) = default;
};

// Returns the operator's text: "=", "<", "=<", ">", ">=".
[[nodiscard]] constexpr std::string_view depth_op_text(DepthOp op) {
    constexpr std::string_view texts[] = {"=", "<", "=<", ">", ">="};
    return texts[static_cast<int>(op)];
}

// Returns the comparison's text: "=:=", "=\\=", "<", "=<", ">", ">=".
[[nodiscard]] constexpr std::string_view compare_op_text(CompareOp op) {
    constexpr std::string_view texts[] = {"=:=", "=\\=", "<", "=<", ">", ">="};
    return texts[static_cast<int>(op)];
}

} // namespace al0::advice::ast
