#pragma once
// The built-in KRK tables as the play loop plays them, for the properties that play games.

#include "contract/expected.hpp"
#include "engine/play/game.hpp"

#include <string>

namespace al0::fuzz {

// Returns KRK table TEXT in the book's vocabulary compiled over lib/krk_book for the endgame
// domain (as the table registry compiles a table without a material), or why not.
Expected<play::Table> krk_table_from_text(const std::string& name, std::string_view text);

// Returns the built-in KRK table NAME ("krk_bratko") compiled over lib/krk_book for the endgame
// domain, or why not; never reads a file.
Expected<play::Table> builtin_krk_table(const std::string& name);

// Returns the book's table, compiled once.
const play::Table& book_table();

// A table source with the book's table for KRK and nothing else.
Expected<play::Table> book_tables(const std::string& material);

} // namespace al0::fuzz
