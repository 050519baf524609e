#pragma once
// Compiled goals back as text, to name what failed ("their_king_edge", "not rooklost").

#include "contract/vocabulary.hpp"
#include "engine/search/program.hpp"

#include <string>
#include <vector>

namespace al0::verify {

// Returns the goal in AL0 syntax, parenthesised where an operand binds looser than its operator.
std::string goal_text(const search::Program& program, search::GoalId goal,
                      const contract::Vocabulary& vocabulary);

// Returns the operands of a chain of `and` (the goal itself when it is no conjunction); a named
// predicate is one operand, whatever its body.
std::vector<search::GoalId> conjuncts(const search::Program& program, search::GoalId goal);

// Returns whether the goal can only hold where the predicate does (it is the predicate, or a
// conjunction with an operand that implies it). For a program over instances, the predicate is
// a primitive id of its library, tested without arguments.
bool implies_predicate(const search::Program& program, search::GoalId goal, std::uint8_t predicate);

} // namespace al0::verify
