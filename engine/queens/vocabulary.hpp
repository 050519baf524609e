#pragma once
// The N-queens library's names (AL0.md §6). Enum values are the ids compiled tables use.

#include "engine/search/vocabulary.hpp"

#include <array>

namespace al0::queens {

enum Predicate : std::uint8_t { P_TRUE, P_ALL_PLACED, P_SAFE, PREDICATE_NB };
enum Generator : std::uint8_t { G_PLACE, G_PLACE_SAFE, G_PLACE_DIAGFIRST, G_NOMOVE, GENERATOR_NB };

inline constexpr std::array<std::string_view, PREDICATE_NB> predicate_names = {"true", "all_placed", "safe"};

inline constexpr std::array<search::GeneratorName, GENERATOR_NB> generator_names = {{
    {"place", search::Side::us},
    {"place_safe", search::Side::us},
    {"place_diagfirst", search::Side::us},
    {"nomove", search::Side::both},
}};

inline constexpr search::Vocabulary vocabulary{"queens", predicate_names, generator_names};

} // namespace al0::queens
