#pragma once
// The tables/*.al0 texts as generated at build time (al0_embed_files in tables/CMakeLists.txt).

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
