#pragma once
// What the queens commands (queens, bench queens) share: the default table and loading it
// compiled for the queens vocabulary in a given column order.

#include "engine/chess/expected.hpp"
#include "engine/queens/order.hpp"
#include "engine/search/program.hpp"

#include <string>

namespace al0::tools {

// The table used when --table is not given: a built-in name (tables/NAME.al0).
inline constexpr const char* DEFAULT_QUEENS_TABLE = "queens";

// Returns the compiled program of a table spec (file or built-in name) in the given order, or
// its diagnostics, or why the order does not apply to it.
Expected<search::Program> load_queens_program(const std::string& spec, queens::Order order);

} // namespace al0::tools
