#pragma once
// Who plays Black against the engine: a person at the prompt, or a program (random, optimal).
// Also the reading of a person's move text.

#include "engine/chess/expected.hpp"
#include "engine/chess/position.hpp"

#include <memory>
#include <string>

namespace al0::tools {

class Defender {
  public:
    virtual ~Defender() = default;
    // Returns Black's move in a position where Black has a legal move.
    virtual Move choose(const Position& pos) = 0;
};

// Returns the defender of that name ("human" gives none: the person moves), or why not.
Expected<std::unique_ptr<Defender>> make_defender(const std::string& name, std::uint64_t seed);
std::string defender_names();

} // namespace al0::tools
