#include "engine/tablebase/material.hpp"

#include "engine/chess/material.hpp"

#include <algorithm>
#include <cctype>

namespace al0::tablebase {

char kind_letter(Kind k) { return "KQRBNP"[k]; }

Material::Material(std::vector<Kind> white, std::vector<Kind> black) {
    const std::array<std::vector<Kind>*, COLOR_NB> sides{&white, &black};
    for (int c = 0; c < COLOR_NB; ++c) {
        std::sort(sides[c]->begin(), sides[c]->end());
        n_[c] = std::uint8_t(sides[c]->size());
        std::copy(sides[c]->begin(), sides[c]->end(), extras_[c].begin());
    }
}

void Material::add(Color c, Kind k) {
    int i = n_[c]++;
    for (; i > 0 && extras_[c][i - 1] > k; --i) extras_[c][i] = extras_[c][i - 1];
    extras_[c][i] = k;
}

Expected<Material> Material::parse(std::string_view text) {
    std::array<std::vector<Kind>, COLOR_NB> sides;
    std::string quoted(1, '\'');
    quoted.append(text).push_back('\''); // (not "'" + ...: GCC 12 -Wrestrict false positive)
    int kings = 0;
    for (char ch : text) {
        const char up = char(std::toupper(static_cast<unsigned char>(ch)));
        const std::string_view letters = "KQRBNP";
        const auto k = letters.find(up);
        if (k == std::string_view::npos)
            return Error{quoted + " is not a material: '" + ch + "' is none of K, Q, R, B, N, P"};
        if (k == K_KING) {
            if (++kings > 2) break;
            continue;
        }
        if (kings == 0) return Error{"a material starts with the strong side's king: K..."};
        sides[kings - 1].push_back(Kind(k));
    }
    if (kings != 2) return Error{quoted + " does not have exactly two kings"};
    if (sides[WHITE].size() + sides[BLACK].size() > std::size_t(MAX_EXTRAS))
        return Error{quoted + " has more than five men"};
    return Material(sides[WHITE], sides[BLACK]);
}

std::string Material::name() const {
    std::string s;
    for (int c = 0; c < COLOR_NB; ++c) {
        s += 'K';
        for (int i = 0; i < n_[c]; ++i) s += kind_letter(extras_[c][i]);
    }
    return s;
}

bool Material::has_pawns() const {
    for (int c = 0; c < COLOR_NB; ++c)
        for (int i = 0; i < n_[c]; ++i)
            if (extras_[c][i] == K_PAWN) return true;
    return false;
}

bool Material::black_is_strong() const {
    PieceCounts counts{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int i = 0; i < n_[c]; ++i) ++counts[c][piece_type_of(extras_[c][i])];
    return stronger_side(counts) == BLACK;
}

Material Material::flipped() const {
    Material m = *this;
    std::swap(m.extras_[WHITE], m.extras_[BLACK]);
    std::swap(m.n_[WHITE], m.n_[BLACK]);
    return m;
}

bool Material::insufficient() const {
    if (n_[WHITE] + n_[BLACK] == 0) return true;
    if (n_[WHITE] + n_[BLACK] > 1) return false;
    const Kind k = n_[WHITE] ? extras_[WHITE][0] : extras_[BLACK][0];
    return k == K_BISHOP || k == K_KNIGHT;
}

std::uint32_t Material::key() const {
    std::uint32_t key = 0;
    for (int c = 0; c < COLOR_NB; ++c) {
        key = key * 4 + n_[c];
        for (int i = 0; i < MAX_EXTRAS; ++i) key = key * 8 + (i < n_[c] ? extras_[c][i] : 7);
    }
    return key;
}

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
