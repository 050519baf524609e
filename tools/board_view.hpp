#pragma once
// Drawing a position for a person: Unicode pieces (or ASCII letters) with file and rank labels.

#include "engine/chess/position.hpp"

#include <string>

namespace al0::tools {

std::string draw_board(const Position& pos, bool ascii);
// Returns "White to move", "Black to move, check", "Black is checkmated", ...
std::string describe_state(const Position& pos);

} // namespace al0::tools
