#pragma once
// The N-queens library's names (AL0.md §6). Enum values are the ids compiled tables use.

#include "advice/vocabulary.hpp"

#include <array>

namespace al0::queens {

enum Predicate : std::uint8_t { P_TRUE, P_ALL_PLACED, P_SAFE, PREDICATE_NB };
enum Generator : std::uint8_t { G_PLACE, G_PLACE_SAFE, G_PLACE_DIAGFIRST, G_NOMOVE, GENERATOR_NB };

inline constexpr std::array<std::string_view, PREDICATE_NB> predicate_names = {"true", "all_placed",
                                                                               "safe"};

inline constexpr std::array<advice::GeneratorName, GENERATOR_NB> generator_names = {{
    {"place", advice::Side::us},
    {"place_safe", advice::Side::us},
    {"place_diagfirst", advice::Side::us},
    {"nomove", advice::Side::both},
}};

inline constexpr advice::Vocabulary vocabulary{"queens", predicate_names, generator_names};

} // namespace al0::queens
