#pragma once
// The searches compiled whole (search::FixedSearch) of a program on the endgame domain, as text
// appended to the unit of its goals (endgame_goal_source.hpp).

#include "engine/endgame/roles.hpp"
#include "engine/search/program.hpp"

#include <string>

namespace al0::codegen {

// Returns the C++ text, to follow the unit endgame_goal_source writes for PROGRAM over ROLES, of
// the rules its searches play by (the endgame moves, its generators with their instances as
// constants, and the state's code for the memos) and of the search of each advice whose move
// constraints bound the depth (codegen::fixed_generators, a depth whose moves are not one
// primitive generator walked by AdviceSearch), with the table of them (ADVICE_SEARCH_SYMBOL; null
// for an advice without).
[[nodiscard]] std::string endgame_fixed_searches(const search::Program& program,
                                                 const endgame::Roles& roles);

} // namespace al0::codegen
