// Finding a table by file path or built-in name, and loading it for a domain or as a prelude.

#include "tools/app/table_source.hpp"

#include "advice/diagnostic.hpp"
#include "contract/chess_library.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tables/builtin.hpp"

#include <spdlog/spdlog.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>

namespace al0::tools {
namespace {

std::string builtin_list() {
    std::string out;
    for (std::string_view name : tables::builtin_names()) {
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out;
}

// Returns NAME without PREFIX and SUFFIX where it has them.
std::string_view trim(std::string_view name, std::string_view prefix, std::string_view suffix) {
    if (name.starts_with(prefix)) name.remove_prefix(prefix.size());
    if (name.ends_with(suffix)) name.remove_suffix(suffix.size());
    return name;
}

// Returns the text of the table file PATH, or why not (unreadable, not a regular file, over
// max_table_bytes). Why O_NONBLOCK and fstat first: opening a FIFO waits for a writer, and
// reading a device such as /dev/zero never ends, so only a regular file is read.
Expected<TableSource> read_file(const std::string& path) {
    const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return Error{"cannot read table file " + path + ": " + std::strerror(errno)};
    struct stat st {};
    std::string text;
    std::optional<std::string> error;
    if (fstat(fd, &st) != 0) {
        error = "cannot read table file " + path + ": " + std::strerror(errno);
    } else if (!S_ISREG(st.st_mode)) {
        error = "table file " + path +
                " is not a regular file (a FIFO, a device or a socket); give a table file";
    } else {
        std::array<char, 1 << 16> block;
        for (;;) {
            const ssize_t n = read(fd, block.data(), block.size());
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) error = "cannot read table file " + path + ": " + std::strerror(errno);
            if (n <= 0) break;
            text.append(block.data(), std::size_t(n));
            if (text.size() > max_table_bytes) {
                error = "table file " + path + " is larger than " +
                        std::to_string(max_table_bytes >> 20) + " MiB, the limit for a table";
                break;
            }
        }
    }
    close(fd);
    if (error) return Error{*error};
    return TableSource{path, std::move(text)};
}

} // namespace

Expected<TableSource> read_table(const std::string& spec) {
    std::error_code ec;
    // A folder that happens to share a built-in table's name (a folder kqk/ where one runs
    // `verify --table kqk`) does not hide the built-in table.
    const bool folder = std::filesystem::is_directory(spec, ec);
    if (!folder && std::filesystem::exists(spec, ec)) return read_file(spec);
    std::string_view name = trim(trim(spec, "builtin:", ""), "tables/", ".al0");
    if (auto text = tables::builtin(name))
        return TableSource{"builtin:" + std::string(name), std::string(*text)};
    if (folder) return Error{spec + " is a directory, not a table file"};
    return Error{"no table file or built-in table named " + spec + "; built-in: " + builtin_list()};
}

search::LoadedTable check_in_domain(const TableSource& source, const std::string& domain,
                                    const advice::ast::Table* prelude) {
    const auto& first = domain == "queens" ? queens::vocabulary : krk::vocabulary;
    search::LoadedTable krk = search::load(source, first, prelude, search::TextKind::either);
    if (!domain.empty() || !krk.table || !advice::has_errors(krk.diagnostics) ||
        krk.vocabulary->material)
        return krk;
    search::LoadedTable queens =
        search::load(source, queens::vocabulary, nullptr, search::TextKind::either);
    if (advice::has_errors(queens.diagnostics)) return krk;
    if (auto log = spdlog::get("advice"))
        log->info("{}: checked as an N-queens table", source.name);
    return queens;
}

Expected<advice::ast::Table> load_prelude(const std::string& spec) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    search::LoadedTable loaded =
        search::load(*source, contract::chess::vocabulary, nullptr, search::TextKind::library);
    if (loaded.failed()) return Error{search::load_error(loaded, *source, "prelude")};
    return std::move(*loaded.table);
}

} // namespace al0::tools
