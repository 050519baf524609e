#pragma once
// The KRK library's names (docs/KRK_LIBRARY.md). The enum order and the name arrays must agree: an
// enum value is the id the compiled table uses.

#include "contract/vocabulary.hpp"

#include <array>

namespace al0::krk {

enum Predicate : std::uint8_t {
    P_TRUE,
    P_THEMTOMOVE,
    P_MATE,
    P_STALEMATE,
    P_CHECK,
    P_NEWROOMSMALLER,
    P_ROOMGT2,
    P_OKAPPROACHEDCSQUARE,
    P_ROOKEXPOSED,
    P_ROOKDIVIDES,
    P_LPATT,
    P_OKORNDLE,
    P_OUR_KING_EDGE,
    P_THEIR_KING_EDGE,
    P_KINGS_CLOSE,
    P_ROOKLOST,
    P_NEWROOMHALVED,
    PREDICATE_NB
};

enum Generator : std::uint8_t {
    G_LEGAL,
    G_KINGDIAGFIRST,
    G_ROOKMOVE,
    G_CHECKMOVE,
    G_NOMOVE,
    G_KINGTOWARD,
    G_ROOKBYROOM,
    GENERATOR_NB
};

inline constexpr std::array<std::string_view, PREDICATE_NB> predicate_names = {
    "true",          "themtomove",      "mate",        "stalemate",
    "check",         "newroomsmaller",  "roomgt2",     "okapproachedcsquare",
    "rookexposed",   "rookdivides",     "lpatt",       "okorndle",
    "our_king_edge", "their_king_edge", "kings_close", "rooklost",
    "newroomhalved"};

inline constexpr std::array<contract::GeneratorName, GENERATOR_NB> generator_names = {{
    {"legal", contract::Side::both},
    {"kingdiagfirst", contract::Side::us},
    {"rookmove", contract::Side::us},
    {"checkmove", contract::Side::us},
    {.name = "nomove", .side = contract::Side::both, .generates = false},
    {"kingtoward", contract::Side::us},
    {"rookbyroom", contract::Side::us},
}};

inline constexpr contract::Vocabulary vocabulary{"krk", predicate_names, generator_names};

} // namespace al0::krk
