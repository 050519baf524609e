#pragma once
// What a domain offers an advice table, as plain data: predicate names and move generator names
// with the side each one moves. A name's index is its resolved id in compiled tables. The
// checker reads these and engine/compile resolves them; the search core never looks a name up.

#include <cstdint>
#include <span>
#include <string_view>

namespace al0::contract {

// The side a generator moves; `role`: the side of its role argument (moves(our_rook): us).
enum class Side : std::uint8_t { us, them, both, role };

struct GeneratorName {
    std::string_view name;
    Side side;
    std::uint8_t arity = 0; // role arguments
    bool generates = true;  // false for a generator of no moves (nomove): it ends every line
};

// A primitive measure: its name, how many role arguments it takes, the range of its values,
// whether its value is the same on boards that are mirror images or rotations of each other
// (`al0 reach` then solves one board of each class), and whether it reads its role arguments'
// pieces alone (where each stands, which piece it is): then a move that neither moves, takes nor
// promotes one of them keeps its value (the search tests a filter's goal after such moves
// without playing them).
struct MeasureName {
    std::string_view name;
    std::uint8_t arity = 0;
    int min = 0, max = 0;
    bool symmetric = true;
    bool own_pieces = false;
};

struct Vocabulary {
    std::string_view domain;
    std::span<const std::string_view> predicates;
    std::span<const GeneratorName> generators;
    // Domains whose primitives take role arguments, for tables that declare their material:
    std::span<const std::uint8_t> predicate_arity = {}; // by predicate id; empty: all take none
    std::span<const MeasureName> measures = {};
    bool material = false; // primitives are asked as instances (search::Instance), with roles

    [[nodiscard]] int arity_of_predicate(int id) const {
        return predicate_arity.empty() ? 0 : predicate_arity[std::size_t(id)];
    }
    [[nodiscard]] int measure_id(std::string_view name) const {
        for (std::size_t i = 0; i < measures.size(); ++i)
            if (measures[i].name == name) return int(i);
        return -1;
    }
    // The most plies any line of the domain can have, whatever the table (N-queens: one queen a
    // row); 0 when lines may go on forever, as in chess.
    int max_line_plies = 0;
    // By predicate id, whether it reads its role arguments' pieces alone (MeasureName::own_pieces);
    // empty: none does.
    std::span<const bool> predicate_own_pieces = {};

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

} // namespace al0::contract
