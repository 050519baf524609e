#pragma once
// The roles of a material (contract/material.hpp names them) as pieces, with us as White: role 0
// our king, role 1 their king, then our pieces and their pieces in the material's order.

#include "contract/expected.hpp"
#include "engine/chess/types.hpp"

#include <array>
#include <string>
#include <string_view>

namespace al0::endgame {

inline constexpr int MAX_ROLES = 5;
inline constexpr std::uint8_t OUR_KING = 0, THEIR_KING = 1;

struct Roles {
    std::string material; // the signature, strong side (us) first: "KQK", "KPK", "KBNK"
    int count = 0;
    std::array<Piece, MAX_ROLES> piece{}; // role -> its piece at the start, White = us
    [[nodiscard]] bool ours(std::uint8_t role) const { return color_of(piece[role]) == WHITE; }
};

// Returns the roles of MATERIAL ("KQK", "KPK", "KBNK", ...), or why it is not one.
Expected<Roles> roles_of(std::string_view material);

} // namespace al0::endgame
