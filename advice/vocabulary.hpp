#pragma once
// What a domain offers an advice table, as plain data: predicate names and move generator names
// with the side each one moves. A name's index is its resolved id in compiled tables. The
// checker reads these and engine/compile resolves them; the search core never looks a name up.

#include <cstdint>
#include <span>
#include <string_view>

namespace al0::advice {

enum class Side : std::uint8_t { us, them, both };

struct GeneratorName {
    std::string_view name;
    Side side;
};

struct Vocabulary {
    std::string_view domain;
    std::span<const std::string_view> predicates;
    std::span<const GeneratorName> generators;

    [[nodiscard]] int predicate_id(std::string_view name) const {
        for (std::size_t i = 0; i < predicates.size(); ++i)
            if (predicates[i] == name) return int(i);
        return -1;
    }
    [[nodiscard]] int generator_id(std::string_view name) const {
        for (std::size_t i = 0; i < generators.size(); ++i)
            if (generators[i].name == name) return int(i);
        return -1;
    }
};

} // namespace al0::advice
