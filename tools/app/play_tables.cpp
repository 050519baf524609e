#include "tools/app/play_tables.hpp"

#include "engine/chess/material.hpp"
#include "engine/play/uci_session.hpp"
#include "tools/app/table_registry.hpp"

#include <map>
#include <memory>
#include <mutex>

namespace al0::tools {

Expected<play::Table> shipped(const std::string& material) {
    // Why a cache: a game converts (KPK -> KQK) and uci starts many games; each table compiles
    // once.
    static std::mutex mutex;
    static std::map<std::string, play::Table> compiled;
    std::lock_guard lock(mutex);
    if (auto at = compiled.find(material); at != compiled.end()) return at->second;
    auto table = shipped_table(material);
    if (!table) return Error{table.error()};
    auto shared = std::make_shared<const endgame::CompiledTable>(std::move(table.value()));
    compiled.emplace(material, shared);
    return shared;
}

Expected<PlayTables> play_tables(const std::string& spec) {
    PlayTables tables;
    tables.name = "the shipped tables";
    tables.source = [](const std::string& material) { return shipped(material); };
    if (spec.empty() || spec == play::SHIPPED_TABLES) return tables;
    auto table = load_table(spec);
    if (!table) return Error{table.error()};
    return tables_with(std::move(table.value()));
}

PlayTables tables_with(endgame::CompiledTable table) {
    PlayTables tables;
    tables.chosen = std::make_shared<const endgame::CompiledTable>(std::move(table));
    tables.name = tables.chosen->name;
    tables.source = [chosen = tables.chosen](const std::string& material) -> Expected<play::Table> {
        if (material == chosen->roles.material) return chosen;
        return shipped(material);
    };
    return tables;
}

Expected<Position> read_start(const PlayTables& tables, const std::string& fen) {
    auto pos = Position::from_fen(fen);
    if (!pos) return Error{"bad FEN: " + pos.error()};
    std::string why; // a table given for another material is a mistake, not a hint to switch
    if (tables.chosen && !endgame::orient(tables.chosen->roles, *pos, &why))
        return Error{"table " + tables.chosen->name + ": " + why};
    auto game = play::Game::start(tables.source, *pos);
    if (!game) return Error{game.error()};
    return pos;
}

} // namespace al0::tools
