#pragma once
// Tables for the play loop in tests: a KRK table in the book's vocabulary (a built-in one or
// text) compiled over lib/krk_book for the endgame domain, as the table registry does, and a
// table source that knows that one table.

#include "engine/play/game.hpp"
#include "fuzz/properties/krk_program.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

inline al0::play::Table krk_table_text(std::string_view text, const std::string& name = "test") {
    auto table = al0::fuzz::krk_table_from_text(name, text);
    INFO((table ? std::string() : table.error()));
    REQUIRE(table);
    return *table;
}

// Returns the built-in KRK table NAME ("krk_bratko", "krk"), compiled once.
inline al0::play::Table krk_table(const std::string& name) {
    static std::map<std::string, al0::play::Table> compiled;
    auto& table = compiled[name];
    if (!table) {
        auto loaded = al0::fuzz::builtin_krk_table(name);
        INFO((loaded ? std::string() : loaded.error()));
        REQUIRE(loaded);
        table = *loaded;
    }
    return table;
}

// Returns a table source that has TABLE for its material and nothing else.
inline al0::play::TableLookup only(al0::play::Table table) {
    return [table](const std::string& material) -> al0::Expected<al0::play::Table> {
        if (material == table->roles.material) return table;
        return al0::Error{"no table for " + material + " in this test"};
    };
}

// Returns a game of TABLE from START.
inline al0::play::Game game_of(const al0::play::Table& table, const al0::Position& start,
                               al0::search::Options options = {}) {
    return al0::play::Game(table, only(table), start, options);
}
