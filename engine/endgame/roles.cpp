#include "engine/endgame/roles.hpp"

#include "contract/material.hpp"
#include "engine/chess/material.hpp"

namespace al0::endgame {

Expected<Roles> roles_of(std::string_view material) {
    // The contract is the one judge of what a material is; its role order is the one here.
    const auto m = contract::Material::parse(material);
    if (!m) return Error{m.error()};
    Roles r;
    r.material = m->name();
    for (const contract::Role& role : m->roles())
        r.piece[std::size_t(r.count++)] =
            make_piece(role.side == 0 ? WHITE : BLACK, piece_type_of(role.kind));
    return r;
}

} // namespace al0::endgame
