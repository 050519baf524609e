#pragma once
// `al0 play --practice`: practice games at the prompt. The person plays the strong side, al0
// defends by the tablebase; each of the person's moves is graded on the screen and in the PGN,
// `hint` and `why` ask the coach, and each game ends with its summary.

#include <cstdint>
#include <string>

namespace al0::tools {

struct PracticeOptions {
    std::string fen;              // empty: a random won position of `material`, or the set
    std::string material = "KRK"; // of the random start or of the set
    std::string set;              // "worst", "random" or a file of FENs; empty: one game
    int count = 10;               // positions of a worst or random set
    std::uint64_t seed = 1;       // of the random positions
    std::string pgn_file;         // empty: the PGN on stdout
    std::string date;             // of the PGN, YYYY.MM.DD
    bool ascii = false;
};

// Plays the practice games; returns the exit status.
int run_practice(const PracticeOptions& options);

} // namespace al0::tools
