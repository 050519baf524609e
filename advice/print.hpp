#pragma once
// The canonical AL0 text of a table.

#include "advice/ast.hpp"

#include <string>

namespace al0::advice {

// Returns the table in canonical form: rules first, then pieces of advice, in file order; the
// fewest parentheses that keep the tree (depth tests always parenthesised, as in the book); no
// comments. parse(print(t)) == t.
[[nodiscard]] std::string print(const ast::Table& table);

} // namespace al0::advice
