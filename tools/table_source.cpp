// Finding a table by file path or built-in name, and loading it checked.

#include "tools/table_source.hpp"

#include "advice/check.hpp"
#include "advice/parse.hpp"
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

const contract::Vocabulary& vocabulary_for(const advice::ast::Table& table,
                                           const advice::ast::Table* prelude,
                                           const contract::Vocabulary& fallback) {
    bool material = !table.materials.empty() || (prelude && !prelude->materials.empty());
    return material ? contract::chess::vocabulary : fallback;
}

CheckedTable parse_and_check(const TableSource& source, const contract::Vocabulary& fallback,
                             const advice::ast::Table* prelude) {
    advice::ParseResult parsed = advice::parse(source.text, source.name);
    CheckedTable result{std::move(parsed.table), std::move(parsed.diagnostics), &fallback};
    if (result.table) {
        result.vocabulary = &vocabulary_for(*result.table, prelude, fallback);
        result.diagnostics = advice::check(*result.table, *result.vocabulary, source.name, prelude);
    }
    return result;
}

CheckedTable check_in_domain(const TableSource& source, const std::string& domain,
                             const advice::ast::Table* prelude) {
    const auto& first = domain == "queens" ? queens::vocabulary : krk::vocabulary;
    CheckedTable krk = parse_and_check(source, first, prelude);
    if (krk.table && krk.table->rules.empty() && krk.table->advice.empty() &&
        !krk.table->definitions.empty())
        krk.diagnostics = advice::check_library(*krk.table, *krk.vocabulary, source.name);
    if (!domain.empty() || !krk.table || !advice::has_errors(krk.diagnostics) ||
        krk.vocabulary->material)
        return krk;
    CheckedTable queens = parse_and_check(source, queens::vocabulary);
    if (advice::has_errors(queens.diagnostics)) return krk;
    if (auto log = spdlog::get("advice"))
        log->info("{}: checked as an N-queens table", source.name);
    return queens;
}

namespace {

// Returns TABLE when DIAGNOSTICS have no error, else the error naming SOURCE with them all.
Expected<advice::ast::Table> unless_errors(const TableSource& source, CheckedTable checked,
                                           std::string* diagnostics_text, const char* what) {
    std::string text;
    for (const advice::Diagnostic& d : checked.diagnostics)
        text += advice::format_diagnostic(d, source.text);
    if (diagnostics_text) *diagnostics_text = text;
    if (advice::has_errors(checked.diagnostics)) {
        text.pop_back(); // the caller's message ends the line
        return Error{std::string(what) + " " + source.name + " has errors:\n" + text};
    }
    return std::move(*checked.table);
}

} // namespace

Expected<advice::ast::Table> load_checked_table(const TableSource& source,
                                                const contract::Vocabulary& fallback,
                                                std::string* diagnostics_text,
                                                const advice::ast::Table* prelude) {
    return unless_errors(source, parse_and_check(source, fallback, prelude), diagnostics_text,
                         "table");
}

Expected<advice::ast::Table> load_prelude(const std::string& spec) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    advice::ParseResult parsed = advice::parse(source->text, source->name);
    CheckedTable checked{std::move(parsed.table), std::move(parsed.diagnostics),
                         &contract::chess::vocabulary};
    if (checked.table)
        checked.diagnostics =
            advice::check_library(*checked.table, contract::chess::vocabulary, source->name);
    return unless_errors(*source, std::move(checked), nullptr, "prelude");
}

} // namespace al0::tools
