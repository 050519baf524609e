#include "contract/material.hpp"

#include <algorithm>
#include <cctype>

namespace al0::contract {

char kind_letter(Kind k) { return "KQRBNP"[k]; }

std::string_view kind_name(Kind k) {
    static constexpr std::array<std::string_view, KIND_NB> names = {"king",   "queen",  "rook",
                                                                    "bishop", "knight", "pawn"};
    return names[k];
}

Material::Material(std::vector<Kind> white, std::vector<Kind> black) {
    const std::array<std::vector<Kind>*, 2> sides{&white, &black};
    for (std::size_t c = 0; c < 2; ++c) {
        std::sort(sides[c]->begin(), sides[c]->end());
        n_[c] = std::uint8_t(sides[c]->size());
        std::copy(sides[c]->begin(), sides[c]->end(), extras_[c].begin());
    }
}

void Material::add(int side, Kind k) {
    auto& extras = extras_[std::size_t(side)];
    int i = n_[std::size_t(side)]++;
    for (; i > 0 && extras[std::size_t(i - 1)] > k; --i)
        extras[std::size_t(i)] = extras[std::size_t(i - 1)];
    extras[std::size_t(i)] = k;
}

Expected<Material> Material::parse(std::string_view text) {
    std::array<std::vector<Kind>, 2> sides;
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
        sides[std::size_t(kings - 1)].push_back(Kind(k));
    }
    if (kings != 2) return Error{quoted + " does not have exactly two kings"};
    if (sides[0].size() + sides[1].size() > std::size_t(MAX_EXTRAS))
        return Error{quoted + " has more than five men"};
    return Material(sides[0], sides[1]);
}

std::string Material::name() const {
    std::string s;
    for (int c = 0; c < 2; ++c) {
        s += 'K';
        for (int i = 0; i < count(c); ++i) s += kind_letter(extra(c, i));
    }
    return s;
}

bool Material::has_pawns() const {
    for (int c = 0; c < 2; ++c)
        for (int i = 0; i < count(c); ++i)
            if (extra(c, i) == K_PAWN) return true;
    return false;
}

bool Material::black_is_strong() const {
    static constexpr std::array<int, KIND_NB> values = {0, 9, 5, 3, 3, 1};
    std::array<std::array<int, KIND_NB>, 2> counts{};
    std::array<int, 2> sum{};
    for (int c = 0; c < 2; ++c)
        for (int i = 0; i < count(c); ++i) {
            ++counts[std::size_t(c)][extra(c, i)];
            sum[std::size_t(c)] += values[extra(c, i)];
        }
    if (sum[0] != sum[1]) return sum[1] > sum[0];
    for (int k = K_QUEEN; k < KIND_NB; ++k)
        if (counts[0][std::size_t(k)] != counts[1][std::size_t(k)])
            return counts[1][std::size_t(k)] > counts[0][std::size_t(k)];
    return false;
}

Material Material::flipped() const {
    Material m = *this;
    std::swap(m.extras_[0], m.extras_[1]);
    std::swap(m.n_[0], m.n_[1]);
    return m;
}

bool Material::insufficient() const {
    if (n_[0] + n_[1] == 0) return true;
    if (n_[0] + n_[1] > 1) return false;
    const Kind k = n_[0] ? extras_[0][0] : extras_[1][0];
    return k == K_BISHOP || k == K_KNIGHT;
}

std::vector<Role> Material::roles() const {
    std::vector<Role> roles = {{"our_king", 0, K_KING}, {"their_king", 1, K_KING}};
    for (int c = 0; c < 2; ++c)
        for (int i = 0; i < count(c); ++i) {
            const Kind k = extra(c, i);
            std::string name = std::string(c == 0 ? "our_" : "their_") + std::string(kind_name(k));
            int total = 0, before = 0;
            for (int j = 0; j < count(c); ++j)
                if (extra(c, j) == k) {
                    ++total;
                    before += j < i;
                }
            if (total > 1) name += std::to_string(before + 1);
            roles.push_back({std::move(name), c, k});
        }
    return roles;
}

std::uint32_t Material::key() const {
    std::uint32_t key = 0;
    for (std::size_t c = 0; c < 2; ++c) {
        key = key * 4 + n_[c];
        for (std::size_t i = 0; i < std::size_t(MAX_EXTRAS); ++i)
            key = key * 8 + (i < n_[c] ? extras_[c][i] : 7);
    }
    return key;
}

bool looks_like_role(std::string_view name) {
    return name.starts_with("our_") || name.starts_with("their_");
}

} // namespace al0::contract
