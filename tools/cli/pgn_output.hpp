#pragma once
// Where a game's PGN goes at the end of `al0 play` (and its practice games): printed after the
// game, or written whole to --pgn FILE.

#include <string>

namespace al0::tools {

// Prints PGN after a blank line, or writes it to PGN_FILE and says so; returns the exit status
// (EXIT_OK, or the error's after reporting a file that cannot be written).
int emit_pgn(const std::string& pgn, const std::string& pgn_file);

} // namespace al0::tools
