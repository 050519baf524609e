#pragma once
// The compiled built-in KRK tables, for the properties that play games.

#include "engine/chess/expected.hpp"
#include "engine/search/program.hpp"

#include <string>

namespace al0::fuzz {

// Returns the compiled built-in table NAME ("krk_bratko"), or why not; never reads a file.
Expected<search::Program> builtin_krk_program(const std::string& name);

// Returns the book's table, compiled once.
const search::Program& book_program();

} // namespace al0::fuzz
