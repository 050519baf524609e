#pragma once
// The lab's Practice mode as JSON: a practice game (practice_session.hpp) replayed from its start
// and the person's moves, each graded with its why, the person's legal moves, the shipped
// table's hint with its forcing tree, and the summary once the game is over.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace al0::tools::lab {

// Replays the practice game from START (won for its side to move: the person's side) with the
// person's MOVES (UCI), al0 answering each with the tablebase's longest resistance. With HINT,
// the shipped table's advice for the position reached. Throws BadRequest for a start that is
// not won, an illegal move, or a move after the end.
nlohmann::json practice(const std::string& start, const std::vector<std::string>& moves, bool hint);

} // namespace al0::tools::lab
