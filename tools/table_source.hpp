#pragma once
// Where a table comes from: a file, or a built-in table (tables/*.al0 compiled in).

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"
#include "advice/vocabulary.hpp"
#include "engine/chess/expected.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::tools {

struct TableSource {
    std::string name; // the path as given, or "builtin:NAME"
    std::string text;
};

// A table file may be at most this large (16 MiB): more is no table anyone wrote, and reading
// stops there, so that --table /dev/zero cannot hang al0.
inline constexpr std::size_t max_table_bytes = 16 * 1024 * 1024;

// Returns the table SPEC names: a file if one exists at that path, else a built-in table (with
// or without ".al0", also "tables/NAME.al0"); an error naming the built-in tables otherwise.
[[nodiscard]] Expected<TableSource> read_table(const std::string& spec);

struct CheckedTable {
    std::optional<advice::ast::Table> table;     // set iff the text parsed
    std::vector<advice::Diagnostic> diagnostics; // syntax errors, or the checker's findings
};

// Returns the table parsed and checked against VOCABULARY.
[[nodiscard]] CheckedTable parse_and_check(const TableSource& source,
                                           const advice::Vocabulary& vocabulary);

// Returns the parsed table if it has no errors (parse + check); the error message then holds
// the formatted diagnostics. If DIAGNOSTICS_TEXT is given it receives every formatted
// diagnostic, warnings included.
[[nodiscard]] Expected<advice::ast::Table>
load_checked_table(const TableSource& source, const advice::Vocabulary& vocabulary,
                   std::string* diagnostics_text = nullptr);

} // namespace al0::tools
