#pragma once
// Compiles table text (or a built-in table) for a domain, failing the test on any diagnostic.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/compile/compile.hpp"
#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <string>

inline al0::search::Program compile_table(std::string_view text,
                                          const al0::contract::Vocabulary& vocabulary) {
    auto parsed = al0::advice::parse(text, "test.al0");
    INFO((parsed.diagnostics.empty() ? std::string() : parsed.diagnostics.front().message));
    REQUIRE(parsed.table);
    auto program = al0::search::compile(*parsed.table, vocabulary);
    INFO((program ? std::string() : program.error()));
    REQUIRE(program);
    return *program;
}

inline al0::advice::ast::Table parse_builtin(std::string_view name) {
    auto text = al0::tables::builtin(name);
    REQUIRE(text);
    auto parsed = al0::advice::parse(*text, name);
    REQUIRE(parsed.table);
    return *parsed.table;
}

inline al0::search::Program compile_builtin(std::string_view name,
                                            const al0::contract::Vocabulary& vocabulary) {
    auto text = al0::tables::builtin(name);
    REQUIRE(text);
    return compile_table(*text, vocabulary);
}

// Returns TABLE compiled over the prelude lib/krk_book, after checking both without an error.
inline al0::search::Program over_prelude(std::string_view table) {
    static const al0::advice::ast::Table prelude = parse_builtin("lib/krk_book");
    const auto& vocabulary = al0::contract::chess::vocabulary;
    REQUIRE_FALSE(
        al0::advice::has_errors(al0::advice::check_library(prelude, vocabulary, "krk_book")));
    al0::advice::ast::Table t = parse_builtin(table);
    REQUIRE(al0::advice::check(t, vocabulary, table, &prelude).empty());
    auto program = al0::search::compile(t, vocabulary, &prelude);
    INFO((program ? std::string() : program.error()));
    REQUIRE(program);
    return *program;
}
