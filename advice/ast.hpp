#pragma once
// The AL0 syntax tree (AL0.md §1-2). Shape, for code that walks it:
//
//   Table      { rules (file order), advice (file order) }
//   Rule       { loc, name, condition: Goal, advice: [AdviceRef{loc, name}] }
//   Advice     { loc, name, better: Goal, holding: Goal, us_moves: Constraint,
//                them_moves: Constraint }
//   Goal       { loc, kind, name, operands }        a kind enum, switch on it:
//                predicate: name ("true" included), no operands
//                not_:      operands = {operand}
//                and_/or_:  operands = {left, right}   (right-assoc: a and b and c is
//                                                        a and (b and c))
//   Constraint { loc, kind, name, depth_op, depth, operands }
//                generator:  name
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

struct Goal {
    enum class Kind : std::uint8_t { predicate, not_, and_, or_ };
    Kind kind = Kind::predicate;
    Location loc;
    std::string name;
    std::vector<Goal> operands;

    [[nodiscard]] const Goal& operand() const { return operands.at(0); }
    [[nodiscard]] const Goal& left() const { return operands.at(0); }
    [[nodiscard]] const Goal& right() const { return operands.at(1); }
    friend bool operator==(const Goal& a, const Goal& b) {
        return a.kind == b.kind && a.name == b.name && a.operands == b.operands;
    }
};

enum class DepthOp : std::uint8_t { eq, lt, le, gt, ge }; // =  <  =<  >  >=

struct Constraint {
    enum class Kind : std::uint8_t { generator, depth_test, and_, then };
    Kind kind = Kind::generator;
    Location loc;
    std::string name;
    DepthOp depth_op = DepthOp::eq;
    int depth = 0;
    std::vector<Constraint> operands;

    [[nodiscard]] const Constraint& left() const { return operands.at(0); }
    [[nodiscard]] const Constraint& right() const { return operands.at(1); }
    friend bool operator==(const Constraint& a, const Constraint& b) {
        return a.kind == b.kind && a.name == b.name && a.depth_op == b.depth_op &&
               a.depth == b.depth && a.operands == b.operands;
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
    friend bool operator==(const Advice& a, const Advice& b) {
        return a.name == b.name && a.better == b.better && a.holding == b.holding &&
               a.us_moves == b.us_moves && a.them_moves == b.them_moves;
    }
};

struct Table {
    std::vector<Rule> rules;
    std::vector<Advice> advice;
    friend bool operator==(const Table&, const Table&) = default;
};

// Returns the operator's text: "=", "<", "=<", ">", ">=".
[[nodiscard]] constexpr std::string_view depth_op_text(DepthOp op) {
    constexpr std::string_view texts[] = {"=", "<", "=<", ">", ">="};
    return texts[static_cast<int>(op)];
}

} // namespace al0::advice::ast
