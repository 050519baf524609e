#include "engine/compile/load.hpp"

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/compile/compile.hpp"

namespace al0::search {
namespace {

bool declares_material(const advice::ast::Table& table, const advice::ast::Table* prelude) {
    return !table.materials.empty() || (prelude && !prelude->materials.empty());
}

bool is_library(const advice::ast::Table& table, TextKind kind) {
    if (kind != TextKind::either) return kind == TextKind::library;
    return table.rules.empty() && table.advice.empty() && !table.definitions.empty();
}

} // namespace

bool LoadedTable::failed() const {
    return advice::has_errors(diagnostics) || !compile_error.empty();
}

LoadedTable load(const TableSource& source, const contract::Vocabulary& fallback,
                 const advice::ast::Table* prelude, TextKind kind) {
    advice::ParseResult parsed = advice::parse(source.text, source.name);
    LoadedTable out;
    out.table = std::move(parsed.table);
    out.diagnostics = std::move(parsed.diagnostics);
    out.vocabulary = &fallback;
    if (!out.table) return out;
    const advice::ast::Table& table = *out.table;
    if (declares_material(table, prelude)) out.vocabulary = &contract::chess::vocabulary;
    out.library = is_library(table, kind);
    auto findings = out.library ? advice::check_library(table, *out.vocabulary, source.name)
                                : advice::check(table, *out.vocabulary, source.name, prelude);
    out.diagnostics.insert(out.diagnostics.end(), std::make_move_iterator(findings.begin()),
                           std::make_move_iterator(findings.end()));
    if (out.library || advice::has_errors(out.diagnostics)) return out;
    if (auto program = compile(table, *out.vocabulary, prelude))
        out.program = std::move(*program);
    else
        out.compile_error = program.error();
    return out;
}

std::string format_diagnostics(const std::vector<advice::Diagnostic>& diagnostics,
                               std::string_view text) {
    std::string out;
    for (const advice::Diagnostic& d : diagnostics) out += advice::format_diagnostic(d, text);
    return out;
}

std::string load_error(const LoadedTable& loaded, const TableSource& source,
                       std::string_view what) {
    if (!advice::has_errors(loaded.diagnostics)) return loaded.compile_error;
    std::string text = format_diagnostics(loaded.diagnostics, source.text);
    if (text.ends_with('\n')) text.pop_back();
    return std::string(what) + " " + source.name + " has errors:\n" + text;
}

} // namespace al0::search
