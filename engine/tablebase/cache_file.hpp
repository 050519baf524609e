#pragma once
// Table files: the disk cache and `al0 tablebase --out`. A file is one header line,
// "al0 tablebase v2 KBNK 3784704 <checksum, 16 hex digits>\n", then the entries, one byte each in
// Layout order; the checksum is FNV-1a 64 of the header up to it ("al0 tablebase v2 KBNK 3784704
// ") and then the entries. Only a regular file of exactly the right length is read, and one whose
// header, checksum or bytes are not exactly right for the material is refused (a cache rebuilds
// it).

#include "engine/io/cache_folder.hpp"
#include "engine/tablebase/table.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace al0::tablebase {

// The cache folder: $XDG_CACHE_HOME/al0, else $HOME/.cache/al0 (empty if neither is set).
using io::default_cache_dir;
// Returns the file name of a material's table in a cache folder: "KBNK.al0tb".
std::filesystem::path cache_path(const std::filesystem::path& dir, const Material& m);

// Returns the entries stored in the file, or nothing if it is missing or not a valid file of
// the material.
std::optional<std::vector<std::uint8_t>> read_table_file(const std::filesystem::path& path,
                                                         const Layout& layout);
// Writes the table atomically (a temporary file in the same folder, every write checked, then a
// rename); returns the reason when it could not.
std::optional<std::string> write_table_file(const std::filesystem::path& path, const Table& t);

} // namespace al0::tablebase
