// Roles from a material signature.

#include "contract/material.hpp"

#include <array>

namespace al0::advice {
namespace {

// Returns the piece name of a material letter, or "" for another letter.
std::string_view piece_name(char c) {
    switch (c) {
    case 'Q':
        return "queen";
    case 'R':
        return "rook";
    case 'B':
        return "bishop";
    case 'N':
        return "knight";
    case 'P':
        return "pawn";
    default:
        return "";
    }
}

// Appends the roles of one side's pieces (the letters after its king) to ROLES.
bool add_side(std::string_view letters, std::string_view side, std::vector<std::string>& roles) {
    for (char c : letters)
        if (piece_name(c).empty()) return false;
    std::array<int, 128> seen{}, total{};
    for (char c : letters) ++total[std::size_t(c)];
    for (char c : letters) {
        std::string role = std::string(side) + "_" + std::string(piece_name(c));
        if (total[std::size_t(c)] > 1) role += std::to_string(++seen[std::size_t(c)]);
        roles.push_back(std::move(role));
    }
    return true;
}

} // namespace

std::optional<std::vector<std::string>> roles_of(std::string_view material) {
    if (material.size() < 2 || material.size() > std::size_t(max_material_pieces) ||
        material.front() != 'K')
        return std::nullopt;
    std::size_t second = material.find('K', 1);
    if (second == std::string_view::npos) return std::nullopt;
    std::vector<std::string> roles = {"our_king", "their_king"};
    if (!add_side(material.substr(1, second - 1), "our", roles) ||
        !add_side(material.substr(second + 1), "their", roles))
        return std::nullopt;
    return roles;
}

bool looks_like_role(std::string_view name) {
    return name.starts_with("our_") || name.starts_with("their_");
}

} // namespace al0::advice
