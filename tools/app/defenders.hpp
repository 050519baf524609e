#pragma once
// Who plays against the engine (the weak side): a person at the prompt, or a program (random,
// optimal by the tablebase, a UCI engine).

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"

#include <memory>
#include <string>

namespace al0::tools {

class Defender {
  public:
    virtual ~Defender() = default;
    // Returns the move of the side to move, which has a legal move; throws when it has none to
    // give.
    virtual Move choose(const Position& pos) = 0;
};

// Returns the defender of that name for a game from START ("human" gives none: the person
// moves), or why not.
Expected<std::unique_ptr<Defender>> make_defender(const std::string& name, std::uint64_t seed,
                                                  const Position& start);
std::string defender_names();

} // namespace al0::tools
