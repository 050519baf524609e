// libFuzzer harness. Black's move text in a game in progress: parse_move_input and
// Game::opponent_move.

#include "fuzz/harness.hpp"

AL0_FUZZ_HARNESS(al0::fuzz::check_move_input_text)
