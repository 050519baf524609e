#pragma once
// The start positions of a series of practice games (`al0 play --practice --set`): where the
// shipped table of a material is slowest (verify's worst lines), random won positions, or the
// FENs of a file.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/tablebase/registry.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace al0::tools {

// Returns COUNT start positions of SET: "worst" (the first positions, in index order, whose
// worst case against the longest defence is the shipped table's worst for MATERIAL), "random"
// (random won positions of MATERIAL, by SEED), or a file of FENs (one a line; blank lines and
// lines starting with '#' skipped; every FEN is taken, COUNT does not apply). Or why not.
Expected<std::vector<Position>> exercise_set(const std::string& set, const std::string& material,
                                             int count, std::uint64_t seed,
                                             tablebase::Registry& registry);

} // namespace al0::tools
