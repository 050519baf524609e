#pragma once
// The goals of a program of the chess library's instances as one C++ translation unit, built,
// cached and loaded as goal_library.hpp does for the native KRK library's: on the endgame domain
// (any material), or on the KRK board (a KRK table over a prelude, krk::KrkLibraryDomain). One
// generator for both: only the board the library's primitives read differs.

#include "contract/expected.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/search/program.hpp"

#include <string>

namespace al0::codegen {

// The headers the unit includes: the chess library over the endgame state, the one definition
// of each measure and predicate al0 shares with it.
inline constexpr const char* ENDGAME_HEADERS[] = {
    "engine/endgame/library.hpp",     "engine/endgame/node_goals.hpp", "engine/endgame/play.hpp",
    "engine/endgame/state_board.hpp", "engine/endgame/state_code.hpp", "engine/search/domain.hpp",
    "engine/search/fixed_search.hpp"};
// The same on the KRK board.
inline constexpr const char* KRK_LIBRARY_HEADERS[] = {
    "engine/endgame/library.hpp",    "engine/krk/krk_board.hpp", "engine/krk/krk_moves.hpp",
    "engine/krk/krk_predicates.hpp", "engine/search/domain.hpp", "engine/search/fixed_search.hpp"};

// The symbol of the table of its filters' goals, one per generator in the program's order (null
// for a generator that is not a filter, or whose goal is not compiled): each a function of the
// node and the root, as an advice's, that returns 1 where the goal holds.
inline constexpr const char* FILTER_GOALS_SYMBOL = "al0_filter_goals";
// The same goals after a move (endgame::GoalAfterMove, krk::moves::GoalAfterMove), each playing
// the move inline.
inline constexpr const char* FILTER_GOALS_AFTER_SYMBOL = "al0_filter_goals_after";
// The table of its orders' measures after a move, one per generator as the filters' (null for a
// generator that is not an order, or whose measure is not compiled): each of the type of a
// filter's goal after a move, returning the measure's value.
inline constexpr const char* ORDER_MEASURES_AFTER_SYMBOL = "al0_order_measures_after";
// The table of its root values at a root, one per root value of the program (null where no
// goal reads it): each of the type of an advice's goals, ignoring the node.
inline constexpr const char* ROOT_VALUES_SYMBOL = "al0_root_values";

// Returns the C++ text of PROGRAM's goals for endgame::CompiledDomain over ROLES, without its
// key (see with_key), or why they cannot be compiled, naming the advice: a program not of the
// library's instances, or a goal too large to be worth it. Each advice becomes one function of
// the node and the root that returns its search::GoalVerdict: the holding goal, then the better
// goal, each in the table's order with its short cuts; each value slot is computed at most once
// per node and each root value once per root (kept per thread), as the interpreter does. The
// library's primitives are called with their instance's numbers as constants, the roles of the
// material a constant too, so that gcc folds the library's switches. Each filter's goal becomes
// such a function too (FILTER_GOALS_SYMBOL), and one of the node and a move
// (FILTER_GOALS_AFTER_SYMBOL); each order's measure one of the node and a move
// (ORDER_MEASURES_AFTER_SYMBOL); the rules' conditions one choice of the rule at a root
// (RULE_CHOICE_SYMBOL, null where a condition cannot be compiled); each root value they read one
// of the root, kept as they keep it (ROOT_VALUES_SYMBOL).
[[nodiscard]] Expected<std::string> endgame_goal_source(const search::Program& program,
                                                        const endgame::Roles& roles);

// The same for krk::KrkLibraryCompiledDomain: the library's primitives on krk::KrkBoard (roles 0
// our king, 1 their king, 2 our rook), each function of the node and the root as KrkStates
// (krk::predicates::NodeGoals, as the native library's).
[[nodiscard]] Expected<std::string> krk_library_goal_source(const search::Program& program);

} // namespace al0::codegen
