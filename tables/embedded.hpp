#pragma once
// The tables/*.al0 texts as generated at build time (tables/embed_tables.cmake).

#include <span>
#include <string_view>

namespace al0::tables {

struct EmbeddedTable {
    std::string_view name; // the file stem
    std::string_view text;
};

// Returns every embedded table, sorted by name.
std::span<const EmbeddedTable> embedded_tables();

} // namespace al0::tables
