#pragma once
// The tablebase's materials are the contract's (contract/material.hpp: signatures, the one
// strong-side rule). Tables exist for the strong side as White; a position where the strong
// side is Black is looked up colour-flipped.

#include "contract/material.hpp"
#include "engine/chess/material.hpp"

#include <vector>

namespace al0::tablebase {

using contract::Kind;
using contract::kind_letter;
using contract::Material;
using enum contract::Kind;

// Every canonical material of three and four men, three-man ones first (35 in all).
std::vector<Material> all_materials_up_to_four();

} // namespace al0::tablebase
