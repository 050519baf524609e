#pragma once
// Loads table text (or a built-in table) for a domain through the one pipeline (search::load),
// failing the test on any error.

#include "contract/chess_library.hpp"
#include "engine/compile/load.hpp"
#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

// Returns TEXT loaded as NAME against VOCABULARY (the chess library when it declares a material),
// over PRELUDE when given, after requiring that it parsed, checked without errors and compiled.
inline al0::search::LoadedTable
load_table_text(std::string_view name, std::string_view text,
                const al0::contract::Vocabulary& vocabulary,
                const al0::advice::ast::Table* prelude = nullptr,
                al0::search::TextKind kind = al0::search::TextKind::table) {
    const al0::search::TableSource source{std::string(name), std::string(text)};
    auto loaded = al0::search::load(source, vocabulary, prelude, kind);
    INFO((loaded.failed() ? al0::search::load_error(loaded, source) : std::string()));
    REQUIRE_FALSE(loaded.failed());
    return loaded;
}

// Returns the diagnostics of loading TEXT as NAME against VOCABULARY: the parser's, then the
// checker's.
inline std::vector<al0::advice::Diagnostic>
diagnostics_of(std::string_view text, const al0::contract::Vocabulary& vocabulary,
               std::string_view name = "t.al0") {
    return al0::search::load({std::string(name), std::string(text)}, vocabulary).diagnostics;
}

inline al0::search::Program compile_table(std::string_view text,
                                          const al0::contract::Vocabulary& vocabulary) {
    return *load_table_text("test.al0", text, vocabulary).program;
}

inline std::string_view builtin_text(std::string_view name) {
    auto text = al0::tables::builtin(name);
    REQUIRE(text);
    return *text;
}

inline al0::search::Program compile_builtin(std::string_view name,
                                            const al0::contract::Vocabulary& vocabulary) {
    return *load_table_text(name, builtin_text(name), vocabulary).program;
}

// Returns the library lib/krk_book (the book's KRK vocabulary in the chess library), checked.
inline const al0::advice::ast::Table& krk_book_prelude() {
    static const al0::advice::ast::Table prelude =
        *load_table_text("lib/krk_book", builtin_text("lib/krk_book"),
                         al0::contract::chess::vocabulary, nullptr, al0::search::TextKind::library)
             .table;
    return prelude;
}

// Returns TABLE compiled over the prelude lib/krk_book, after checking both without a warning.
inline al0::search::Program over_prelude(std::string_view table) {
    auto loaded = load_table_text(table, builtin_text(table), al0::contract::chess::vocabulary,
                                  &krk_book_prelude());
    REQUIRE(loaded.diagnostics.empty());
    return std::move(*loaded.program);
}
