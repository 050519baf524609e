#include "engine/verify/endgame/endgame_tables.hpp"

#include <memory>
#include <stdexcept>

namespace al0::verify {

SetTable set_table(endgame::CompiledTable table) {
    auto material = tablebase::Material::parse(table.roles.material);
    if (!material) throw std::invalid_argument("verify: " + material.error());
    auto shared = std::make_shared<const endgame::CompiledTable>(std::move(table));
    SetTable t{*material, shared->name,      {},
               {},        shared->symmetric, search::goals_path(shared->program)};
    for (const auto& a : shared->program.advice) t.advice.push_back(a.name);
    t.build = [shared](const Position& p, const search::Options& o,
                       search::SearchResult<Move>& result) {
        if (auto why = endgame::think_into(*shared, p, o, result))
            throw std::logic_error("verify: " + *why);
    };
    return t;
}

} // namespace al0::verify
