#pragma once
// The goals of a program on the endgame domain (the chess library's instances, any material) as
// one C++ translation unit, built, cached and loaded as goal_library.hpp does for KRK's.

#include "contract/expected.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/search/program.hpp"

#include <string>

namespace al0::codegen {

// The headers the unit includes: the chess library over the endgame state, the one definition
// of each measure and predicate al0 shares with it.
inline constexpr const char* ENDGAME_HEADERS[] = {
    "engine/endgame/library.hpp", "engine/endgame/node_goals.hpp", "engine/endgame/play.hpp",
    "engine/endgame/state_board.hpp", "engine/search/domain.hpp"};

// The symbol of the table of its filters' goals, one per generator in the program's order (null
// for a generator that is not a filter, or whose goal is not compiled): each a function of the
// node and the root, as an advice's, that returns 1 where the goal holds.
inline constexpr const char* FILTER_GOALS_SYMBOL = "al0_filter_goals";
// The same goals after a move (endgame::GoalAfterMove), each playing the move inline.
inline constexpr const char* FILTER_GOALS_AFTER_SYMBOL = "al0_filter_goals_after";

// Returns the C++ text of PROGRAM's goals for endgame::CompiledDomain over ROLES, without its
// key (see with_key), or why they cannot be compiled, naming the advice: a program not of the
// library's instances, or a goal too large to be worth it. Each advice becomes one function of
// the node and the root that returns its search::GoalVerdict: the holding goal, then the better
// goal, each in the table's order with its short cuts; each value slot is computed at most once
// per node and each root value once per root (kept per thread), as the interpreter does. The
// library's primitives are called with their instance's numbers as constants, the roles of the
// material a constant too, so that gcc folds the library's switches. Each filter's goal becomes
// such a function too (FILTER_GOALS_SYMBOL), and one of the node and a move
// (FILTER_GOALS_AFTER_SYMBOL).
[[nodiscard]] Expected<std::string> endgame_goal_source(const search::Program& program,
                                                        const endgame::Roles& roles);

} // namespace al0::codegen
