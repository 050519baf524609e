#pragma once
// The N-queens library's names (README, N-queens). Enum values are the ids compiled tables use.

#include "advice/vocabulary.hpp"

#include <array>

namespace al0::queens {

// The largest board: a row is one 32-bit mask.
inline constexpr int MAX_N = 32;

enum Predicate : std::uint8_t { P_TRUE, P_ALL_PLACED, P_SAFE, PREDICATE_NB };
enum Generator : std::uint8_t { G_PLACE, G_PLACE_SAFE, G_PLACE_DIAGFIRST, G_NOMOVE, GENERATOR_NB };

inline constexpr std::array<std::string_view, PREDICATE_NB> predicate_names = {"true", "all_placed",
                                                                               "safe"};

inline constexpr std::array<advice::GeneratorName, GENERATOR_NB> generator_names = {{
    {"place", advice::Side::us},
    {"place_safe", advice::Side::us},
    {"place_diagfirst", advice::Side::us},
    {.name = "nomove", .side = advice::Side::both, .generates = false},
}};

// Every generator places a queen on the next row, so a line has at most MAX_N plies.
inline constexpr advice::Vocabulary vocabulary{.domain = "queens",
                                               .predicates = predicate_names,
                                               .generators = generator_names,
                                               .max_line_plies = MAX_N};

} // namespace al0::queens
