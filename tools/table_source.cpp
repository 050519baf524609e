// Finding a table by file path or built-in name, and loading it checked.

#include "tools/table_source.hpp"

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "tables/builtin.hpp"

#include <array>
#include <filesystem>
#include <fstream>

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

// Returns the text of the table file PATH, or why not (unreadable, over max_table_bytes).
Expected<TableSource> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string text;
    std::array<char, 1 << 16> block;
    while (in.read(block.data(), block.size()) || in.gcount() > 0) {
        text.append(block.data(), std::size_t(in.gcount()));
        if (text.size() > max_table_bytes)
            return Error{"table file " + path + " is larger than " +
                         std::to_string(max_table_bytes >> 20) + " MiB, the limit for a table"};
    }
    if (!in.is_open() || in.bad()) return Error{"cannot read table file " + path};
    return TableSource{path, std::move(text)};
}

} // namespace

Expected<TableSource> read_table(const std::string& spec) {
    std::error_code ec;
    if (std::filesystem::exists(spec, ec)) {
        if (std::filesystem::is_directory(spec, ec))
            return Error{spec + " is a directory, not a table file"};
        return read_file(spec);
    }
    std::string_view name = trim(trim(spec, "builtin:", ""), "tables/", ".al0");
    if (auto text = tables::builtin(name))
        return TableSource{"builtin:" + std::string(name), std::string(*text)};
    return Error{"no table file or built-in table named " + spec + "; built-in: " + builtin_list()};
}

CheckedTable parse_and_check(const TableSource& source, const advice::Vocabulary& vocabulary) {
    advice::ParseResult parsed = advice::parse(source.text, source.name);
    CheckedTable result{std::move(parsed.table), std::move(parsed.diagnostics)};
    if (result.table) result.diagnostics = advice::check(*result.table, vocabulary, source.name);
    return result;
}

Expected<advice::ast::Table> load_checked_table(const TableSource& source,
                                                const advice::Vocabulary& vocabulary,
                                                std::string* diagnostics_text) {
    CheckedTable checked = parse_and_check(source, vocabulary);
    std::string text;
    for (const advice::Diagnostic& d : checked.diagnostics)
        text += advice::format_diagnostic(d, source.text);
    if (diagnostics_text) *diagnostics_text = text;
    if (advice::has_errors(checked.diagnostics)) {
        text.pop_back(); // the caller's message ends the line
        return Error{"table " + source.name + " has errors:\n" + text};
    }
    return std::move(*checked.table);
}

} // namespace al0::tools
