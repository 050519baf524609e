#pragma once
// Materials and roles: `material KRK.` names the pieces, strong side (us) first, and the roles
// follow: our_king, their_king, then our pieces and their pieces in the order written
// (our_rook, their_knight, ...), numbered from 1 when a piece type is doubled (our_bishop1).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al0::advice {

// At most this many pieces, kings included.
inline constexpr int max_material_pieces = 5;

// Returns the roles of MATERIAL in role-number order, or nothing when it is not a material
// ("K", then Q R B N P letters, "K", then letters; at most max_material_pieces in all).
[[nodiscard]] std::optional<std::vector<std::string>> roles_of(std::string_view material);

// Returns whether NAME has the shape of a role of some material (our_..., their_...).
[[nodiscard]] bool looks_like_role(std::string_view name);

} // namespace al0::advice
