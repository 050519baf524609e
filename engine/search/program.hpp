#pragma once
// A table compiled for one domain: every predicate and generator resolved to its id, goals as
// small expression trees in one array, move constraints as their `then` alternatives. The search
// evaluates this form and never sees a name.

#include <cstdint>
#include <string>
#include <vector>

namespace al0::search {

enum class GoalOp : std::uint8_t { predicate, negation, conjunction, disjunction };

// An index into Program::goal_nodes. Why 32 bits: a table within the limits of the front end
// can hold far more than 65536 goal nodes; the compiler refuses a table that would need more
// than GoalId holds, it never wraps.
using GoalId = std::uint32_t;

// One node of a goal expression; children are indices into Program::goal_nodes.
struct GoalNode {
    GoalOp op = GoalOp::predicate;
    std::uint8_t predicate = 0;
    GoalId lhs = 0, rhs = 0;
};

enum class DepthOp : std::uint8_t { eq, lt, le, gt, ge };

struct DepthTest {
    DepthOp op = DepthOp::eq;
    std::int32_t n = 0; // as the table says it (the parser accepts 0 to 2147483647)
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
    GoalId better_goal = 0; // root indices into Program::goal_nodes
    GoalId holding_goal = 0;
    MoveConstraint us_moves, them_moves;
};

struct CompiledRule {
    std::string name;
    GoalId condition = 0;
    std::vector<std::uint16_t> advice; // indices into Program::advice (at most max_advice)
};

struct Program {
    std::vector<GoalNode> goal_nodes;
    std::vector<CompiledAdvice> advice;
    std::vector<CompiledRule> rules;

    // Builders, for the compiler and for tests that write a program by hand.
    GoalId add_goal(GoalNode n) {
        goal_nodes.push_back(n);
        return GoalId(goal_nodes.size() - 1);
    }
    GoalId predicate(std::uint8_t id) { return add_goal({GoalOp::predicate, id, 0, 0}); }
    GoalId negation(GoalId g) { return add_goal({GoalOp::negation, 0, g, 0}); }
    GoalId conjunction(GoalId a, GoalId b) { return add_goal({GoalOp::conjunction, 0, a, b}); }
    GoalId disjunction(GoalId a, GoalId b) { return add_goal({GoalOp::disjunction, 0, a, b}); }
    [[nodiscard]] int advice_index(const std::string& name) const {
        for (std::size_t i = 0; i < advice.size(); ++i)
            if (advice[i].name == name) return int(i);
        return -1;
    }
};

} // namespace al0::search
