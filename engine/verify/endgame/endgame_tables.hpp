#pragma once
// Table sets of the endgame domain's compiled tables: each plays through endgame::think, as
// `al0 play` does.

#include "engine/endgame/think.hpp"
#include "engine/verify/shared/table_set.hpp"

namespace al0::verify {

// Returns the set's entry for a compiled table of any material.
SetTable set_table(endgame::CompiledTable table);

} // namespace al0::verify
