#pragma once
// What the queens commands (queens, bench queens) share: the built-in tables and loading one
// compiled for the queens vocabulary.

#include "contract/expected.hpp"
#include "engine/search/program.hpp"

#include <string>

namespace al0::tools {

// The table used when --table is not given: a built-in name (tables/NAME.al0).
inline constexpr const char* DEFAULT_QUEENS_TABLE = "queens";
// The table `--order diagfirst` stands for: place_safe ordered by the diagonal heuristic.
inline constexpr const char* DIAGFIRST_QUEENS_TABLE = "queens_diagfirst";

// Returns the compiled program of a table spec (file or built-in name), or its diagnostics.
Expected<search::Program> load_queens_program(const std::string& spec);

} // namespace al0::tools
