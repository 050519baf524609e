#pragma once
// What must hold for ANY input to the parts of al0 that read user text: the table
// front end, FEN parsing, the UCI session and the play loop's move input. The libFuzzer
// harnesses of fuzz/ and tests/fuzz/test_fuzz_regressions.cpp run inputs through these same checks.

#include <stdexcept>
#include <string_view>

namespace al0::fuzz {

// Thrown when an input breaks a property (a crash, leak or sanitizer report ends the run
// before that).
struct PropertyViolation : std::logic_error {
    using std::logic_error::logic_error;
};

// Parses TEXT as a table; a table that parses must check against the KRK vocabulary, print and
// parse back to itself, and compile when it has no errors; every diagnostic must be located.
// A compiled table is searched, with a small budget, from a few fixed positions.
void check_table_text(std::string_view text);

// Reads TEXT as a FEN; a position it accepts must be legal, print a FEN that reads back to the
// same position, and name each legal move in SAN and UCI so that both read back to that move.
void check_fen_text(std::string_view text);

// Feeds TEXT's lines to a UCI session (the KRK table, a small node budget): every `go` is
// answered by exactly one bestmove (`go infinite` / `go ponder` by the next `stop`, `ponderhit`
// or other command), output lines hold no line breaks, `uci` ends with uciok and `isready` gets
// readyok.
void check_uci_text(std::string_view text);

// Plays a KRK game whose start the first byte of TEXT picks, reading Black's moves from the
// following lines as `al0 play` does: a refused move changes nothing; an accepted one is
// played. Two-byte lines are also tried as raw moves, to offer the game illegal moves.
void check_move_input_text(std::string_view text);

} // namespace al0::fuzz
