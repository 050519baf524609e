#include "engine/tablebase/cache_file.hpp"

#include "engine/io/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <span>
#include <sys/stat.h>
#include <unistd.h>

namespace al0::tablebase {

namespace {

constexpr const char* FORMAT = "al0 tablebase v2";

std::uint64_t fnv1a(std::uint64_t h, std::string_view bytes) {
    for (char b : bytes) h = (h ^ std::uint8_t(b)) * 0x100000001b3ull;
    return h;
}

// The header up to its checksum: "al0 tablebase v2 KBNK 3784704 ".
std::string header_fields(const Material& m, std::size_t entries) {
    return std::string(FORMAT) + " " + m.name() + " " + std::to_string(entries) + " ";
}

// The header names the material and the length, and its checksum covers them with the entries:
// another material's table of the same length is not this one's.
std::string header_of(const Material& m, std::string_view entries) {
    const std::string fields = header_fields(m, entries.size());
    char sum[17];
    std::snprintf(
        sum, sizeof sum, "%016llx",
        static_cast<unsigned long long>(fnv1a(fnv1a(0xcbf29ce484222325ull, fields), entries)));
    return fields + sum + "\n";
}

std::string_view bytes_of(const std::vector<std::uint8_t>& entries) {
    return {reinterpret_cast<const char*>(entries.data()), entries.size()};
}

// Fills `head` and then `body` with the bytes of PATH when it is a regular file of exactly
// their joined length, and says whether it did. Opened without blocking (a FIFO would wait for a
// writer) and never read past that length. Two parts, so that a table is read straight into its
// entries and never held twice.
bool read_exactly(const std::filesystem::path& path, std::span<char> head, std::span<char> body) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return false;
    const auto fill = [fd](std::span<char> part) {
        std::size_t got = 0;
        while (got < part.size()) {
            const ssize_t n = ::read(fd, part.data() + got, part.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            got += std::size_t(n);
        }
        return true;
    };
    struct stat st {};
    const bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                    std::size_t(st.st_size) == head.size() + body.size() && fill(head) &&
                    fill(body);
    ::close(fd);
    return ok;
}

} // namespace

std::filesystem::path cache_path(const std::filesystem::path& dir, const Material& m) {
    return dir / (m.name() + ".al0tb");
}

std::optional<std::vector<std::uint8_t>> read_table_file(const std::filesystem::path& path,
                                                         const Layout& layout) {
    // Then 16 hex digits of checksum and the line end.
    std::string header(header_fields(layout.material(), layout.size()).size() + 17, '\0');
    std::vector<std::uint8_t> entries(layout.size());
    const std::span<char> body(reinterpret_cast<char*>(entries.data()), entries.size());
    if (!read_exactly(path, header, body)) return std::nullopt;
    if (header != header_of(layout.material(), bytes_of(entries))) return std::nullopt;
    for (const std::uint8_t v : entries)
        if (v > MAX_PLY && v != DRAWN && v != NO_POSITION) return std::nullopt;
    return entries;
}

// The header and the entries are written apart: joined, the table would be in memory twice.
std::optional<std::string> write_table_file(const std::filesystem::path& path, const Table& t) {
    const std::string header = header_of(t.material(), bytes_of(t.entries()));
    const std::string_view parts[] = {header, bytes_of(t.entries())};
    return io::write_file_parts(path.string(), parts);
}

} // namespace al0::tablebase
