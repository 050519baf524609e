#pragma once
// The goals of a native KRK program as one C++ translation unit (its build, cache and
// loading: goal_library.hpp).

#include "engine/search/program.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::codegen {

// The symbols the generated unit exports (extern "C", the rest of it lies in an anonymous
// namespace): the table of its node-goal functions, one per advice in the program's order, the
// table of its searches compiled whole (search::FixedSearch; null for an advice without), their
// count, the rule choice, and the key it was built for (goal_library.cpp checks it after
// loading).
inline constexpr const char* NODE_GOALS_SYMBOL = "al0_node_goals";
inline constexpr const char* ADVICE_SEARCH_SYMBOL = "al0_advice_search";
// The rule choice (search::RuleChoiceFn; null where a condition is not predicates under not,
// and, or).
inline constexpr const char* RULE_CHOICE_SYMBOL = "al0_rule_choice";
inline constexpr const char* NODE_GOALS_COUNT_SYMBOL = "al0_node_goals_count";
inline constexpr const char* KEY_SYMBOL = "al0_goals_key";
// The headers the unit includes: the KRK predicates and moves and the search compiled for an
// advice, the one definitions al0 shares with it.
inline constexpr const char* PREDICATES_HEADER = "engine/krk/krk_predicates.hpp";
inline constexpr const char* MOVES_HEADER = "engine/krk/krk_moves.hpp";
inline constexpr const char* FIXED_SEARCH_HEADER = "engine/search/fixed_search.hpp";

// Returns the C++ text of PROGRAM's goals for krk::KrkDomain, without its key (see
// with_key), or nothing when they cannot be compiled: a program of the chess library's
// instances (it runs on another domain), or a goal that is not predicates under not, and, or
// (or one too large to be worth it). Each advice becomes one function of the node and the root
// that returns its search::GoalVerdict: the holding goal first, then the better goal, each
// tested in the table's order with its short cuts, so it tests what the search's tree walk
// would and says the same. An advice whose move constraints fix one generator per depth and
// bound the depth (the book's) also gets its whole search (search::FixedSearch).
[[nodiscard]] std::optional<std::string> krk_goal_source(const search::Program& program);

// A deeper search is left to AdviceSearch: each depth of a FixedSearch is code of its own.
inline constexpr int MAX_FIXED_DEPTHS = 8;

// The moves of ADVICE at each depth below which its nodes may move, from a root with us to move
// (us at even depths), as AdviceSearch's generate takes them: the index of a primitive generator
// among PROGRAM's generators, -1 (search::FIXED_NONE) for none, or, with WALKS, -2
// (search::FIXED_WALK) where the constraint is not one primitive generator at that depth and
// AdviceSearch's walk over it generates them; or nothing when a depth's moves are of such a
// constraint without WALKS, the advice takes the shallowest tree, or its nodes may move at
// MAX_FIXED_DEPTHS plies. Its search may then be compiled whole (search::FixedSearch).
[[nodiscard]] std::optional<std::vector<int>>
fixed_generators(const search::Program& program, const search::CompiledAdvice& advice, bool walks);

// NAME as the text of a line comment: letters, digits and underscores (a table's names are
// such), anything else as '?'.
[[nodiscard]] std::string comment_text(std::string name);
// V as the generated code returns it.
[[nodiscard]] std::string verdict(search::GoalVerdict v);

// SOURCE with the definition of KEY_SYMBOL as KEY appended.
[[nodiscard]] std::string with_key(const std::string& source, const std::string& key);

} // namespace al0::codegen
