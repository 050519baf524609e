#pragma once
// How a search's outcome reads for people: why a piece of advice failed, and a refuting line.
// Shared by `al0 advise` and the lab.

#include "engine/chess/position.hpp"
#include "engine/search/core.hpp"

#include <string>

namespace al0::tools {

// Returns "satisfied", "the holding goal fails at the root", ...
const char* failure_text(search::Failure f);

// Returns "Re3 Kd2 Kc3: the holding goal fails" for a refutation line from the root.
std::string refutation_text(const Position& root, const search::Refutation<Move>& r);

} // namespace al0::tools
