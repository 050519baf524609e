#include "tools/app/table_registry.hpp"

#include "advice/diagnostic.hpp"
#include "contract/chess_library.hpp"
#include "engine/compile/compile.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "engine/tablebase/registry.hpp"
#include "engine/verify/endgame/endgame_tables.hpp"
#include "tables/builtin.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/table_source.hpp"

#include <algorithm>
#include <array>
#include <optional>

namespace al0::tools {
namespace {

struct Shipped {
    std::string_view material, table;
};

// Why KRK's shipped table goes through the endgame domain (over lib/krk_book) and not the
// native KRK library: play, uci and match then have one path for every material, and the
// trees are the native ones (tests/engine/endgame/test_endgame_domain.cpp proves it on every
// position). verify and bench keep the native fast path for KRK.
constexpr std::array<Shipped, 4> SHIPPED = {
    {{"KRK", "krk"}, {"KQK", "kqk"}, {"KPK", "kpk"}, {"KBNK", "kbnk"}}};

// The library that gives a table without a material the book's KRK vocabulary.
constexpr const char* KRK_VOCABULARY_PRELUDE = "lib/krk_book";

// Returns the material the table or its prelude declares, or an empty one when neither does.
advice::ast::Material declared_material(const advice::ast::Table& table,
                                        const advice::ast::Table* prelude) {
    if (!table.materials.empty()) return table.materials.front();
    if (prelude && !prelude->materials.empty()) return prelude->materials.front();
    return {};
}

} // namespace

std::vector<std::string> shipped_materials() {
    std::vector<std::string> out;
    for (const Shipped& s : SHIPPED)
        if (tables::builtin(s.table)) out.emplace_back(s.material);
    return out;
}

std::string shipped_material_list() {
    std::string out;
    for (const std::string& m : shipped_materials()) out += (out.empty() ? "" : ", ") + m;
    return out;
}

std::string shipped_table_name(std::string_view material) {
    for (const Shipped& s : SHIPPED)
        if (s.material == material && tables::builtin(s.table)) return std::string(s.table);
    return {};
}

Expected<endgame::CompiledTable> shipped_table(std::string_view material) {
    if (const std::string name = shipped_table_name(material); !name.empty())
        return load_table("builtin:" + name);
    return Error{"al0 has no table for " + std::string(material) + "; it has tables for " +
                 shipped_material_list()};
}

Expected<endgame::CompiledTable> load_table(const std::string& spec, const std::string& prelude) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    auto table = load_table(*source, prelude);
    if (!table) return table;
    if (auto why = compile_endgame_goals(table.value(), goal_mode())) return Error{*why};
    return table;
}

Expected<CheckedTable> check_table(const TableSource& source, const std::string& prelude) {
    const std::string name =
        source.name.starts_with("builtin:") ? source.name.substr(8) : source.name;
    // Loaded first on its own, to know whether it brings its own material.
    search::LoadedTable loaded = search::load(source, krk::vocabulary);
    const bool has_material = loaded.table && !loaded.table->materials.empty();
    // A table in no vocabulary of the chess library's: one message for an N-queens table, else
    // its own diagnostics say why.
    if (!has_material && prelude.empty() && advice::has_errors(loaded.diagnostics)) {
        if (check_in_domain(source, "").vocabulary == &queens::vocabulary)
            return Error{"table " + source.name +
                         " is an N-queens table; this command plays chess endgames (run it with "
                         "al0 queens N --table " +
                         name + ")"};
        return CheckedTable{name, std::move(loaded), std::nullopt};
    }
    const std::string library_spec =
        !prelude.empty() || has_material ? prelude : KRK_VOCABULARY_PRELUDE;
    std::optional<advice::ast::Table> library;
    if (!library_spec.empty()) {
        auto read = load_prelude(library_spec);
        if (!read) return Error{read.error()};
        library = std::move(*read);
        loaded = search::load(source, krk::vocabulary, &*library);
    }
    return CheckedTable{name, std::move(loaded), std::move(library)};
}

Expected<endgame::CompiledTable> compile_checked(CheckedTable checked, const TableSource& source) {
    search::LoadedTable& loaded = checked.loaded;
    if (loaded.failed()) return Error{search::load_error(loaded, source)};
    const advice::ast::Table* lib = checked.library ? &*checked.library : nullptr;
    const advice::ast::Material material = declared_material(*loaded.table, lib);
    auto roles = endgame::roles_of(material.name);
    if (!roles) return Error{"table " + source.name + ": " + roles.error()};
    return endgame::CompiledTable{
        std::move(checked.name), std::move(*roles), std::move(*loaded.program),
        search::compile_definitions(*loaded.table, *loaded.vocabulary, lib), material.symmetric};
}

Expected<endgame::CompiledTable> load_table(const TableSource& source, const std::string& prelude) {
    auto checked = check_table(source, prelude);
    if (!checked) return Error{checked.error()};
    return compile_checked(std::move(*checked), source);
}

Expected<endgame::Oriented> oriented_to_move(const endgame::CompiledTable& table,
                                             const Position& pos) {
    std::string why;
    auto oriented = endgame::orient(table.roles, pos, &why);
    if (!oriented) return Error{why};
    if (oriented->state.stm != WHITE) {
        const char* side = oriented->flipped ? "Black" : "White";
        return Error{std::string("al0 plays the strong side of ") + table.roles.material + ", " +
                     side + " here: the position must have " + side + " to move"};
    }
    return *oriented;
}

verify::TableSet verification_set(endgame::CompiledTable table) {
    verify::TableSet set;
    set.tables.push_back(verify::set_table(std::move(table)));
    // Only the tables a line can convert into: loading (and compiling) the others would cost a
    // KQK verification every shipped table's compile and play no part in it.
    const auto reached = tablebase::materials_reached(set.tables.front().material);
    for (const std::string& m : shipped_materials()) {
        const auto material = tablebase::Material::parse(m);
        if (!material || std::find(reached.begin(), reached.end(), *material) == reached.end())
            continue;
        if (auto shipped = shipped_table(m)) set.tables.push_back(verify::set_table(*shipped));
    }
    return set;
}

} // namespace al0::tools
