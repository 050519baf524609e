#pragma once
// The N-queens library's names (README, N-queens; docs/LIBRARY.md, N-queens). Enum values are
// the ids compiled tables use.

#include "contract/vocabulary.hpp"

#include <array>

namespace al0::queens {

// The largest board: a row is one 32-bit mask.
inline constexpr int MAX_N = 32;

enum Predicate : std::uint8_t { P_TRUE, P_ALL_PLACED, P_SAFE, PREDICATE_NB };
enum Measure : std::uint8_t { M_SIZE, M_ROW, M_COLUMN, MEASURE_NB };
enum Generator : std::uint8_t { G_PLACE, G_PLACE_SAFE, G_NOMOVE, GENERATOR_NB };

inline constexpr std::array<std::string_view, PREDICATE_NB> predicate_names = {"true", "all_placed",
                                                                               "safe"};

// size: N; row: the queens placed (the row of the last one, 1-based); column: the column of the
// last queen placed, 1-based, 0 before the first.
inline constexpr std::array<contract::MeasureName, MEASURE_NB> measure_names = {{
    {"size", 0, 1, MAX_N},
    {"row", 0, 0, MAX_N},
    {"column", 0, 0, MAX_N},
}};

inline constexpr std::array<contract::GeneratorName, GENERATOR_NB> generator_names = {{
    {"place", contract::Side::us},
    {"place_safe", contract::Side::us},
    {.name = "nomove", .side = contract::Side::both, .generates = false},
}};

// Every generator places a queen on the next row, so a line has at most MAX_N plies.
inline constexpr contract::Vocabulary vocabulary{.domain = "queens",
                                                 .predicates = predicate_names,
                                                 .generators = generator_names,
                                                 .measures = measure_names,
                                                 .max_line_plies = MAX_N};

} // namespace al0::queens
