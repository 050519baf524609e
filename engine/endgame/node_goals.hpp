#pragma once
// The signature of an advice's goals compiled to machine code for the endgame domain
// (engine/codegen/endgame_goal_source.hpp writes them, CompiledDomain runs them): one function of
// the node and the root that returns their search::GoalVerdict as an int. Shared by al0 and the
// code it generates, so that both read one type.

#include "engine/endgame/state.hpp"

namespace al0::endgame {

using NodeGoals = int (*)(const State& s, const State& root);

// A filter's goal after the move M at the node S (search::GeneratorNode::native_goal_after): 1
// where it holds.
using GoalAfterMove = int (*)(const State& s, Move m, const State& root);

} // namespace al0::endgame
