// libFuzzer harness. FEN text: Position::from_fen, the FEN round trip, legal moves and their
// SAN/UCI round trips.

#include "fuzz/harness.hpp"

AL0_FUZZ_HARNESS(al0::fuzz::check_fen_text)
