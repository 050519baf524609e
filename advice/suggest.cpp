// Edit distance (optimal string alignment) and the suggestions built on it.

#include "advice/suggest.hpp"

#include <algorithm>
#include <vector>

namespace al0::advice {
namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

} // namespace

std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates) {
    constexpr std::size_t max_shown = 3;
    // Why a third of the length: short names are too easily "close" to each other.
    std::size_t best = std::max<std::size_t>(1, name.size() / 3);
    std::vector<std::string_view> closest;
    for (std::string_view c : candidates) {
        std::size_t d = edit_distance(name, c);
        if (d > best) continue;
        if (d < best) closest.clear();
        best = d;
        if (closest.size() < max_shown &&
            std::find(closest.begin(), closest.end(), c) == closest.end())
            closest.push_back(c);
    }
    if (closest.empty()) return "";
    std::string out = " (did you mean ";
    for (std::size_t i = 0; i < closest.size(); ++i) {
        if (i > 0) out += i + 1 == closest.size() ? " or " : ", ";
        out.append(1, '\'').append(closest[i]).append(1, '\'');
    }
    return out + "?)";
}

} // namespace al0::advice
