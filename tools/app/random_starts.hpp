#pragma once
// Random start positions of a material that its strong side wins, as `al0 match` and the lab
// draw them.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/tablebase/registry.hpp"

#include <random>
#include <string>
#include <vector>

namespace al0::tools {

// Returns COUNT random positions of MATERIAL that its strong side, to move, wins (by the
// tablebase): the pieces placed uniformly at random (pawns on ranks 2-7) until one is legal and
// won. Every second one is colour-flipped, so al0 plays the strong side as Black too. Refused at
// once when there is no such position, or no tablebase to tell (more than four men).
Expected<std::vector<Position>> random_starts(const std::string& material, int count,
                                              std::mt19937_64& rng, tablebase::Registry& tb);

} // namespace al0::tools
