#pragma once
// Where a table comes from: a file, or a built-in table (tables/*.al0 compiled in).

#include "contract/expected.hpp"
#include "engine/compile/load.hpp"

#include <string>
#include <vector>

namespace al0::tools {

// A table's name (the path as given, or "builtin:NAME") and text.
using search::TableSource;

// A table file may be at most this large (16 MiB): more is no table anyone wrote, and reading
// stops there. Only a regular file is read: a FIFO, /dev/zero or a socket is refused at once.
inline constexpr std::size_t max_table_bytes = 16 * 1024 * 1024;

// Returns the table SPEC names: a file if one exists at that path, else a built-in table (with
// or without ".al0", also "tables/NAME.al0"); an error naming the built-in tables otherwise (or
// saying SPEC is a folder, when it is one and no built-in table has its name).
[[nodiscard]] Expected<TableSource> read_table(const std::string& spec);

// Returns the table loaded (search::load) for DOMAIN ("krk" or "queens"), or if that is "": for
// the domain whose check finds no errors (krk when both or neither do). A table that declares its
// material (or whose PRELUDE does) is checked against the chess library; one of only a material
// and definitions is checked as a library.
[[nodiscard]] search::LoadedTable check_in_domain(const TableSource& source,
                                                  const std::string& domain,
                                                  const advice::ast::Table* prelude = nullptr);

// Returns the library SPEC names (a file or a built-in name such as lib/krk_book), parsed and
// checked as a prelude: a material and definitions that a table then uses.
[[nodiscard]] Expected<advice::ast::Table> load_prelude(const std::string& spec);

} // namespace al0::tools
