#pragma once
// The tables `play`, `uci` and `match` play: the shipped table of each material (the table
// registry), or a person's table (--table) for its own material and the shipped ones for the
// materials a game converts to.

#include "contract/expected.hpp"
#include "engine/play/game.hpp"

#include <string>

namespace al0::tools {

struct PlayTables {
    play::Table chosen;       // the --table table; null: the shipped ones only
    play::TableLookup source; // the table of a material (each compiled once)
    std::string name;         // "the shipped tables" or the chosen table's name
};

// Returns the tables for a --table SPEC: "" or play::SHIPPED_TABLES for the shipped ones, else
// a file or built-in name, which must load.
Expected<PlayTables> play_tables(const std::string& spec);
// Returns the tables with TABLE for its material and the shipped ones for the others.
PlayTables tables_with(endgame::CompiledTable table);

// Returns the shipped table of a material, compiled once per process; or one message naming the
// materials that have one.
Expected<play::Table> shipped(const std::string& material);

// Returns the position of a FEN, or why not: a bad FEN, no table for its material, or a
// --table for another material.
Expected<Position> read_start(const PlayTables& tables, const std::string& fen);

} // namespace al0::tools
