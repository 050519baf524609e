#pragma once
// The shipped endgame tables compiled for the endgame domain, and table sets that play them as
// `al0 verify` does (the verified table first, the tables that take over after it).

#include "advice/check.hpp"
#include "advice/chess_library.hpp"
#include "engine/endgame/think.hpp"
#include "engine/verify/endgame_tables.hpp"
#include "program_fixture.hpp"

#include <string>
#include <vector>

// Returns the built-in table NAME compiled for its material (a table without one, such as krk,
// over the prelude lib/krk_book), failing the test on any diagnostic.
inline al0::endgame::CompiledTable shipped(const std::string& name) {
    auto text = al0::tables::builtin(name);
    REQUIRE(text);
    auto parsed = al0::advice::parse(*text, name);
    REQUIRE(parsed.table);
    const bool own_material = !parsed.table->materials.empty();
    auto book = al0::advice::parse(*al0::tables::builtin("lib/krk_book"), "lib/krk_book");
    const al0::advice::ast::Table* prelude = own_material ? nullptr : &*book.table;
    const auto diagnostics =
        al0::advice::check(*parsed.table, al0::advice::chess::vocabulary, name, prelude);
    INFO((diagnostics.empty() ? std::string() : diagnostics.front().message));
    // The shipped tables of their own material check without a warning; krk.al0 leaves
    // definitions of its prelude unused.
    REQUIRE((own_material ? diagnostics.empty() : !al0::advice::has_errors(diagnostics)));
    auto program = al0::search::compile(*parsed.table, al0::advice::chess::vocabulary, prelude);
    REQUIRE(program);
    auto roles = al0::endgame::roles_of(own_material ? parsed.table->materials[0].name : "KRK");
    REQUIRE(roles);
    return {name, *roles, std::move(*program)};
}

// Returns the table set of the shipped tables NAMES, the first one verified.
inline al0::verify::TableSet shipped_set(const std::vector<std::string>& names) {
    al0::verify::TableSet set;
    for (const auto& name : names) set.tables.push_back(al0::verify::set_table(shipped(name)));
    return set;
}
