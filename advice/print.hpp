#pragma once
// The canonical AL0 text of a table.

#include "advice/ast.hpp"

#include <string>

namespace al0::advice {

// Returns the table in canonical form: rules first, then pieces of advice, in file order; the
// fewest parentheses that keep the tree (depth tests always parenthesised, as in the book); no
// comments. parse(print(t)) == t.
[[nodiscard]] std::string print(const ast::Table& table);

// Returns one goal in canonical form, on one line.
[[nodiscard]] std::string print(const ast::Goal& goal);

} // namespace al0::advice
