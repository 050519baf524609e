#include "engine/verify/shared/goal_text.hpp"

namespace al0::verify {

namespace {

bool labelled(const search::Program& program, search::GoalId goal) {
    return goal < program.goal_labels.size() && !program.goal_labels[goal].empty();
}

// Binding strength as in docs/LANGUAGE.md §2-6: not, then and, then or; a name binds tightest.
int strength(const search::Program& program, search::GoalId goal) {
    if (labelled(program, goal)) return 3;
    switch (program.goal_nodes[goal].op) {
    case search::GoalOp::predicate:
    case search::GoalOp::negation:
    case search::GoalOp::test:
    case search::GoalOp::compare:
        return 3;
    case search::GoalOp::conjunction:
        return 2;
    case search::GoalOp::disjunction:
        return 1;
    }
    return 0;
}

} // namespace

std::string goal_text(const search::Program& program, search::GoalId goal,
                      const contract::Vocabulary& vocabulary) {
    if (labelled(program, goal)) return program.goal_labels[goal];
    const search::GoalNode& n = program.goal_nodes[goal];
    auto operand = [&](search::GoalId child) {
        const std::string text = goal_text(program, child, vocabulary);
        return strength(program, child) < strength(program, goal) ? "(" + text + ")" : text;
    };
    switch (n.op) {
    case search::GoalOp::predicate:
        return std::string(vocabulary.predicates[n.predicate]);
    case search::GoalOp::negation:
        return "not " + operand(n.lhs);
    case search::GoalOp::conjunction:
        return operand(n.lhs) + " and " + operand(n.rhs);
    case search::GoalOp::disjunction:
        return operand(n.lhs) + " or " + operand(n.rhs);
    case search::GoalOp::test:
    case search::GoalOp::compare:
        break; // labelled by the compiler
    }
    return "?";
}

std::vector<search::GoalId> conjuncts(const search::Program& program, search::GoalId goal) {
    const search::GoalNode& n = program.goal_nodes[goal];
    if (n.op != search::GoalOp::conjunction || labelled(program, goal)) return {goal};
    std::vector<search::GoalId> all = conjuncts(program, n.lhs);
    for (search::GoalId g : conjuncts(program, n.rhs)) all.push_back(g);
    return all;
}

bool implies_predicate(const search::Program& program, search::GoalId goal,
                       std::uint8_t predicate) {
    for (search::GoalId g : conjuncts(program, goal)) {
        const search::GoalNode& n = program.goal_nodes[g];
        if (n.op == search::GoalOp::predicate && n.predicate == predicate) return true;
        // A program over instances (the chess library) tests a value slot instead.
        if (n.op != search::GoalOp::test) continue;
        const search::Instance& i = program.value_slots[n.lhs];
        if (i.kind == search::Instance::Kind::predicate && i.primitive == predicate) return true;
    }
    return false;
}

} // namespace al0::verify
