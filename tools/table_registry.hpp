#pragma once
// Tables by material: the shipped table of each material al0 plays, and a user's table file
// made ready to play (endgame::CompiledTable, run by endgame::think).

#include "engine/chess/expected.hpp"
#include "engine/endgame/think.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace al0::tools {

// Returns the materials that have a shipped table, in the order KRK, KQK, KPK, KBNK.
[[nodiscard]] std::vector<std::string> shipped_materials();

// Returns the shipped table for MATERIAL (a signature such as "KQK", strong side first), or one
// message naming the materials that have one.
[[nodiscard]] Expected<endgame::CompiledTable> shipped_table(std::string_view material);

// Returns the table SPEC (a file or a built-in name) compiled for its material, with the
// material and definitions of the library PRELUDE when not empty. A table that declares no
// material is a KRK table in the book's vocabulary: it is compiled over the prelude
// lib/krk_book, which defines that vocabulary in the chess library (it then builds the very
// trees of the native KRK library).
[[nodiscard]] Expected<endgame::CompiledTable> load_table(const std::string& spec,
                                                          const std::string& prelude = "");

} // namespace al0::tools
