#pragma once
// Parsing AL0 table text (the book's syntax, docs/LANGUAGE.md §2-6) into the syntax tree.

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace al0::advice {

// Expressions may nest (parentheses, not, and, or, then) at most this deep; deeper input gets
// a diagnostic of its own instead of exhausting the stack.
inline constexpr int max_nesting = 256;

struct ParseResult {
    std::optional<ast::Table> table; // set iff there are no errors
    std::vector<Diagnostic> diagnostics;
};

// Returns the table, or the syntax errors with their positions (after an error the parser
// skips to the next full stop and goes on, so one run reports several mistakes). Never prints
// and never throws on bad input.
[[nodiscard]] ParseResult parse(std::string_view text, std::string_view filename);

} // namespace al0::advice
