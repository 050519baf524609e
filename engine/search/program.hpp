#pragma once
// A table compiled for one domain: every predicate and generator resolved to its id, goals as
// small expression trees in one array, move constraints as their `then` alternatives. The search
// evaluates this form and never sees a name.

#include <cstdint>
#include <string>
#include <vector>

namespace al0::search {

enum class GoalOp : std::uint8_t { predicate, negation, conjunction, disjunction };

// One node of a goal expression; children are indices into Program::goal_nodes.
struct GoalNode {
    GoalOp op = GoalOp::predicate;
    std::uint8_t predicate = 0;
    std::uint16_t lhs = 0, rhs = 0;
};

enum class DepthOp : std::uint8_t { eq, lt, le, gt, ge };

struct DepthTest {
    DepthOp op = DepthOp::eq;
    std::uint16_t n = 0;
    [[nodiscard]] constexpr bool accepts(int depth) const {
        switch (op) {
        case DepthOp::eq:
            return depth == n;
        case DepthOp::lt:
            return depth < n;
        case DepthOp::le:
            return depth <= n;
        case DepthOp::gt:
            return depth > n;
        case DepthOp::ge:
            return depth >= n;
        }
        return false;
    }
};

// One `then` alternative: its depth tests hold, its first generator enumerates, and each further
// generator must also generate the move (the book's `and`). No generator: no moves.
struct Conjunction {
    std::vector<DepthTest> depth_tests;
    std::vector<std::uint8_t> generators;
};

// A move constraint: the moves of each alternative in turn (the book's `then`).
struct MoveConstraint {
    std::vector<Conjunction> alternatives;
};

struct CompiledAdvice {
    std::string name;
    std::uint16_t better_goal = 0; // root indices into Program::goal_nodes
    std::uint16_t holding_goal = 0;
    MoveConstraint us_moves, them_moves;
};

struct CompiledRule {
    std::string name;
    std::uint16_t condition = 0;
    std::vector<std::uint16_t> advice; // indices into Program::advice
};

struct Program {
    std::vector<GoalNode> goal_nodes;
    std::vector<CompiledAdvice> advice;
    std::vector<CompiledRule> rules;

    // Builders, for the compiler and for tests that write a program by hand.
    std::uint16_t add_goal(GoalNode n) {
        goal_nodes.push_back(n);
        return std::uint16_t(goal_nodes.size() - 1);
    }
    std::uint16_t predicate(std::uint8_t id) { return add_goal({GoalOp::predicate, id, 0, 0}); }
    std::uint16_t negation(std::uint16_t g) { return add_goal({GoalOp::negation, 0, g, 0}); }
    std::uint16_t conjunction(std::uint16_t a, std::uint16_t b) {
        return add_goal({GoalOp::conjunction, 0, a, b});
    }
    std::uint16_t disjunction(std::uint16_t a, std::uint16_t b) {
        return add_goal({GoalOp::disjunction, 0, a, b});
    }
    [[nodiscard]] int advice_index(const std::string& name) const {
        for (std::size_t i = 0; i < advice.size(); ++i)
            if (advice[i].name == name) return int(i);
        return -1;
    }
};

} // namespace al0::search
