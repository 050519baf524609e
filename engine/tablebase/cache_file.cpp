#include "engine/tablebase/cache_file.hpp"

#include "engine/io/atomic_file.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace al0::tablebase {

namespace {

constexpr const char* FORMAT = "al0 tablebase v1";

std::uint64_t fnv1a(const std::vector<std::uint8_t>& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
    return h;
}

std::string header_of(const Material& m, const std::vector<std::uint8_t>& entries) {
    char sum[17];
    std::snprintf(sum, sizeof sum, "%016llx", static_cast<unsigned long long>(fnv1a(entries)));
    return std::string(FORMAT) + " " + m.name() + " " + std::to_string(entries.size()) + " " + sum +
           "\n";
}

} // namespace

std::filesystem::path default_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "al0";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "al0";
    return {};
}

std::filesystem::path cache_path(const std::filesystem::path& dir, const Material& m) {
    return dir / (m.name() + ".al0tb");
}

std::optional<std::vector<std::uint8_t>> read_table_file(const std::filesystem::path& path,
                                                         const Layout& layout) {
    std::ifstream in(path, std::ios::binary);
    std::string header;
    if (!in || !std::getline(in, header) || header.size() > 100) return std::nullopt;
    std::vector<std::uint8_t> entries(layout.size());
    in.read(reinterpret_cast<char*>(entries.data()), std::streamsize(entries.size()));
    if (in.gcount() != std::streamsize(entries.size()) || in.peek() != EOF) return std::nullopt;
    if (header + "\n" != header_of(layout.material(), entries)) return std::nullopt;
    for (std::uint8_t v : entries)
        if (v > MAX_PLY && v != DRAWN && v != NO_POSITION) return std::nullopt;
    return entries;
}

std::optional<std::string> write_table_file(const std::filesystem::path& path, const Table& t) {
    std::string content = header_of(t.material(), t.entries());
    content.append(t.entries().begin(), t.entries().end());
    return io::write_file(path.string(), content);
}

} // namespace al0::tablebase
