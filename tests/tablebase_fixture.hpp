#pragma once
// One in-memory registry of tablebases for the whole test run (no disk cache), and the entry a
// position must have given its children's entries.

#include "engine/tablebase/registry.hpp"

#include <vector>

inline al0::tablebase::Registry& shared_registry() {
    static al0::tablebase::Registry registry(al0::tablebase::CachePolicy{false, {}});
    return registry;
}

inline const al0::tablebase::Table& table_of(const char* material) {
    return shared_registry().table(*al0::tablebase::Material::parse(material));
}

// Returns what an entry must be given its children's entries (one per legal move): a win one
// ply after the shortest lost child, else a draw if any child draws (or there is no move and no
// check: stalemate), else a loss one ply after the longest won child (0: checkmate).
inline std::uint8_t entry_from_children(const std::vector<std::uint8_t>& children, bool in_check) {
    using namespace al0::tablebase;
    if (children.empty()) return in_check ? 0 : DRAWN;
    int win = MAX_PLY + 1, loss = -1;
    bool draw = false;
    for (std::uint8_t v : children) {
        if (v == DRAWN)
            draw = true;
        else if (is_loss(v))
            win = std::min(win, v + 1);
        else
            loss = std::max(loss, v + 1);
    }
    if (win <= MAX_PLY) return std::uint8_t(win);
    return draw ? DRAWN : std::uint8_t(loss);
}
