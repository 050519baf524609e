#include "engine/tablebase/material.hpp"

#include <array>

namespace al0::tablebase {

std::vector<Material> all_materials_up_to_four() {
    std::vector<Material> out;
    const std::array<Kind, 5> kinds{K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT, K_PAWN};
    for (Kind a : kinds) out.push_back(Material({a}, {}));
    for (std::size_t i = 0; i < kinds.size(); ++i)
        for (std::size_t j = i; j < kinds.size(); ++j)
            out.push_back(Material({kinds[i], kinds[j]}, {}));
    for (std::size_t i = 0; i < kinds.size(); ++i)
        for (std::size_t j = i; j < kinds.size(); ++j)
            out.push_back(Material({kinds[i]}, {kinds[j]}));
    return out;
}

} // namespace al0::tablebase
