#pragma once
// The chess primitive library that tables declaring a material (`material KRK.`) may use: names,
// role arguments, sides and ranges, as plain data. The enum order and the arrays must agree: an
// enum value is the primitive's id in compiled tables (search::Instance). docs/LIBRARY.md gives
// every primitive's exact meaning.

#include "contract/vocabulary.hpp"

#include <array>

namespace al0::contract::chess {

enum Predicate : std::uint8_t {
    P_TRUE,
    P_THEM_TO_MOVE,
    P_CHECK,
    P_MATE,
    P_STALEMATE,
    P_OPPOSITION,
    P_PROMOTED,
    P_CAPTURED,
    P_ATTACKED,
    P_DEFENDED,
    P_LOST,
    P_IN_SQUARE,
    P_SAME_COLOUR,
    PREDICATE_NB
};

enum Measure : std::uint8_t {
    M_DISTANCE,
    M_MANHATTAN,
    M_FILE,
    M_RANK,
    M_EDGE_DISTANCE,
    M_CORNER_DISTANCE,
    M_COLOUR_CORNER_DISTANCE,
    M_COLOUR_CORNER_MANHATTAN,
    M_BOX,
    M_REGION,
    M_MOBILITY,
    M_PROMOTION_DISTANCE,
    M_VALUE,
    M_HELD_REGION,
    M_CORNER_DIAGONAL,
    M_KING_AREA,
    MEASURE_NB
};

enum Generator : std::uint8_t {
    G_LEGAL,
    G_NOMOVE,
    G_MOVES,
    G_CHECKS,
    G_CAPTURES,
    G_PROMOTIONS,
    GENERATOR_NB
};

inline constexpr std::array<std::string_view, PREDICATE_NB> predicate_names = {
    "true",     "them_to_move", "check",    "mate", "stalemate", "opposition", "promoted",
    "captured", "attacked",     "defended", "lost", "in_square", "same_colour"};
inline constexpr std::array<std::uint8_t, PREDICATE_NB> predicate_arity = {0, 0, 0, 0, 0, 0, 0,
                                                                           1, 1, 1, 1, 1, 2};
// true reads nothing, captured and same_colour their roles' squares; the others read the board or
// the side to move.
inline constexpr std::array<bool, PREDICATE_NB> predicate_own_pieces = {
    true, false, false, false, false, false, false, true, false, false, false, false, true};

inline constexpr std::array<contract::MeasureName, MEASURE_NB> measure_names = {{
    {"distance", 2, 0, 7, true, true},
    {"manhattan", 2, 0, 14, true, true},
    {"file", 1, 0, 8, false, true},
    {"rank", 1, 0, 8, false, true},
    {"edge_distance", 1, 0, 3, true, true},
    {"corner_distance", 1, 0, 7, true, true},
    {"colour_corner_distance", 2, 0, 7, true, true},
    {"colour_corner_manhattan", 2, 0, 7, true, true},
    {"box", 2, 0, 64, true, true},
    {"region", 1, 0, 64},
    {"mobility", 1, 0, 27},
    {"promotion_distance", 2, 0, 7, true, true},
    {"value", 1, 0, 9, true, true},
    {"held_region", 1, 0, 64},
    {"corner_diagonal", 2, 0, 14},
    {"king_area", 2, 0, 120},
}};

inline constexpr std::array<contract::GeneratorName, GENERATOR_NB> generator_names = {{
    {"legal", contract::Side::both},
    {.name = "nomove", .side = contract::Side::both, .generates = false},
    {"moves", contract::Side::role, 1},
    {"checks", contract::Side::both},
    {"captures", contract::Side::both},
    {"promotions", contract::Side::both},
}};

inline constexpr contract::Vocabulary vocabulary{.domain = "chess",
                                                 .predicates = predicate_names,
                                                 .generators = generator_names,
                                                 .predicate_arity = predicate_arity,
                                                 .measures = measure_names,
                                                 .material = true,
                                                 .predicate_own_pieces = predicate_own_pieces};

} // namespace al0::contract::chess
