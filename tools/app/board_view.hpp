#pragma once
// Drawing a position for a person: Unicode pieces (or ASCII letters) with file and rank labels.

#include "engine/chess/position.hpp"

#include <string>
#include <vector>

namespace al0::tools {

std::string draw_board(const Position& pos, bool ascii);
// Returns the board with the game's move text (numbered words, see play::move_words) wrapped
// in a column beside it; when the moves do not fit, the latest ones are shown after "...".
std::string draw_board_with_moves(const Position& pos, bool ascii,
                                  const std::vector<std::string>& move_words);
// Returns "White to move", "Black to move, check", "Black is checkmated", ...
std::string describe_state(const Position& pos);

} // namespace al0::tools
