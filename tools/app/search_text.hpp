#pragma once
// How a search's outcome reads for people: why a piece of advice failed, and what failed where
// (advise --explain). Shared by `al0 advise` and the lab.

#include "engine/chess/position.hpp"
#include "engine/endgame/think.hpp"
#include "engine/search/core.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace al0::tools {

// Returns "satisfied", "the holding goal fails at the root", ...
const char* failure_text(search::Failure f);

// Why one piece of advice failed at a root, naming the predicates and comparisons that fail.
struct Explanation {
    struct Line {
        std::vector<std::string> moves; // SAN on the real board, from the root move on
        std::string reason;             // "the holding goal fails (not rooklost)"
    };
    // What failed at the root itself, or how every root move fails when they all fail the same
    // way at the same depth; empty otherwise.
    std::string summary;
    std::vector<Line> lines; // else one refuting line per root move that has one
};

// Returns the explanation of an attempt of TABLE at ROOT (a position of its material, either
// colour the strong side) from its refutations (search::Options::explain, moves of the real
// board). A satisfied attempt gets only the lines of root moves that failed before the one that
// worked.
Explanation explain_attempt(const endgame::CompiledTable& table,
                            const search::AdviceAttempt& attempt,
                            const std::vector<search::Refutation<Move>>& refutations,
                            const Position& root);

// Returns "1 node", "3 root moves": the count and the noun, plural unless the count is 1.
std::string counted(std::uint64_t n, const std::string& noun);

// Returns "Re3 Kd2 Kc3: the holding goal fails (not rooklost)".
std::string line_text(const Explanation::Line& line);

} // namespace al0::tools
