#include "engine/verify/endgame_tables.hpp"

#include <memory>
#include <stdexcept>

namespace al0::verify {

SetTable set_table(endgame::CompiledTable table) {
    auto material = tablebase::Material::parse(table.roles.material);
    if (!material) throw std::invalid_argument("verify: " + material.error());
    auto shared = std::make_shared<const endgame::CompiledTable>(std::move(table));
    SetTable t{*material, shared->name, {}, {}};
    for (const auto& a : shared->program.advice) t.advice.push_back(a.name);
    t.build = [shared](const Position& p, const search::Options& o) {
        auto result = endgame::think(*shared, p, o);
        if (!result) throw std::logic_error("verify: " + result.error());
        return std::move(*result);
    };
    return t;
}

} // namespace al0::verify
