// Lookup of the built-in tables by name.

#include "tables/builtin.hpp"

#include "tables/embedded.hpp"

#include <algorithm>
#include <vector>

namespace al0::tables {

std::optional<std::string_view> builtin(std::string_view name) {
    for (const EmbeddedTable& t : embedded_tables())
        if (t.name == name) return t.text;
    return std::nullopt;
}

std::span<const std::string_view> builtin_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> v;
        for (const EmbeddedTable& t : embedded_tables()) v.push_back(t.name);
        return v;
    }();
    return names;
}

} // namespace al0::tables
