#pragma once
// Where a table comes from: a file, or a built-in table (tables/*.al0 compiled in).

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"
#include "contract/expected.hpp"
#include "contract/vocabulary.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::tools {

struct TableSource {
    std::string name; // the path as given, or "builtin:NAME"
    std::string text;
};

// A table file may be at most this large (16 MiB): more is no table anyone wrote, and reading
// stops there. Only a regular file is read: a FIFO, /dev/zero or a socket is refused at once.
inline constexpr std::size_t max_table_bytes = 16 * 1024 * 1024;

// Returns the table SPEC names: a file if one exists at that path, else a built-in table (with
// or without ".al0", also "tables/NAME.al0"); an error naming the built-in tables otherwise (or
// saying SPEC is a folder, when it is one and no built-in table has its name).
[[nodiscard]] Expected<TableSource> read_table(const std::string& spec);

struct CheckedTable {
    std::optional<advice::ast::Table> table;          // set iff the text parsed
    std::vector<advice::Diagnostic> diagnostics;      // syntax errors, or the checker's findings
    const contract::Vocabulary* vocabulary = nullptr; // what it was checked against
};

// Returns the vocabulary of a table: the chess library when the table or its prelude declares
// a material, FALLBACK (the domain's own names) otherwise.
[[nodiscard]] const contract::Vocabulary& vocabulary_for(const advice::ast::Table& table,
                                                         const advice::ast::Table* prelude,
                                                         const contract::Vocabulary& fallback);

// Returns the table parsed and checked against its vocabulary (see vocabulary_for), with the
// material and definitions of PRELUDE when given.
[[nodiscard]] CheckedTable parse_and_check(const TableSource& source,
                                           const contract::Vocabulary& fallback,
                                           const advice::ast::Table* prelude = nullptr);

// Returns the table checked against DOMAIN ("krk" or "queens"), or if that is "": against the
// domain whose check finds no errors (krk when both or neither do). A table that declares its
// material (or whose PRELUDE does) is checked against the chess library; one of only a material
// and definitions is checked as a library.
[[nodiscard]] CheckedTable check_in_domain(const TableSource& source, const std::string& domain,
                                           const advice::ast::Table* prelude = nullptr);

// Returns the parsed table if it has no errors (parse + check); the error message then holds
// the formatted diagnostics. If DIAGNOSTICS_TEXT is given it receives every formatted
// diagnostic, warnings included.
[[nodiscard]] Expected<advice::ast::Table>
load_checked_table(const TableSource& source, const contract::Vocabulary& fallback,
                   std::string* diagnostics_text = nullptr,
                   const advice::ast::Table* prelude = nullptr);

// Returns the library SPEC names (a file or a built-in name such as lib/krk_book), parsed and
// checked as a prelude: a material and definitions that a table then uses.
[[nodiscard]] Expected<advice::ast::Table> load_prelude(const std::string& spec);

} // namespace al0::tools
