#pragma once
// FEN for the solver's compact board: positions of up to four men, with an en-passant square.
// (The chess core's Position is the general one; this is what the tablebase probes.)

#include "engine/expected.hpp"
#include "engine/tablebase/board.hpp"

#include <string>
#include <string_view>

namespace al0::tablebase {

struct BoardSetup {
    Board board;
    Square en_passant = SQ_NONE; // the square behind a pawn that has just moved two
};

// Returns the position, or the one reason it is not a legal position of up to four men.
Expected<BoardSetup> board_from_fen(std::string_view fen);
// Returns the FEN of a board (no en passant, counters "0 1").
std::string fen_of(const Board& b);

} // namespace al0::tablebase
