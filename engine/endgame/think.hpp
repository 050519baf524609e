#pragma once
// Playing a table on a real position: the position is oriented so that the table's side (the
// strong side of its material) is White, and for a symmetric table (`material ..., symmetric.`)
// mapped to the representative of its symmetry class; searched there, and the moves mapped back.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"
#include "engine/endgame/symmetry.hpp"
#include "engine/search/core.hpp"
#include "engine/search/program.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::endgame {

// A table ready to play one material.
struct CompiledTable {
    std::string name;
    Roles roles;
    search::Program program;
    // Its measures and predicates without roles, to show what they are worth at a position
    // (search::compile_definitions), or why they did not compile.
    Expected<search::Program> definitions = search::Program{};
    // Plays every position as the mirror of its symmetry class's representative (symmetry.hpp),
    // so that a verification need walk one position per class.
    bool symmetric = false;
};

// Returns the colour flip of a move (each square mirrored rank for rank).
constexpr Move flip(Move m) {
    return Move(Square(m.from() ^ 56), Square(m.to() ^ 56), m.promotion());
}

// The state of a position for a table, and that position as the state's board shows it (its
// FEN counters kept): whether the board was colour-flipped to get it, and the board symmetry
// then applied (0 but for a symmetric table).
struct Oriented {
    State state;
    Position pos;
    bool flipped = false;
    int symmetry = 0;

    // Returns a move of the real board as a move of the state's board, and back.
    [[nodiscard]] Move to_state(Move real) const {
        return transform(symmetry, flipped ? flip(real) : real);
    }
    [[nodiscard]] Move to_real(Move m) const {
        const Move unmapped = transform(inverse(symmetry), m);
        return flipped ? flip(unmapped) : unmapped;
    }
};
// Returns the colour flip of a position: colours swapped, ranks mirrored, counters kept.
Position flip(const Position& pos);

// Returns the state of POS for ROLES: the side with our pieces becomes White (when both sides
// have them, the stronger side by material.hpp's rule), and each role takes a piece of its kind
// (doubled pieces in square order). Nothing, with the
// reason in *why, when POS is not the material of ROLES.
std::optional<Oriented> orient(const Roles& roles, const Position& pos, std::string* why = nullptr);
// The same for a table: a symmetric table's state is its class representative's.
std::optional<Oriented> orient(const CompiledTable& table, const Position& pos,
                               std::string* why = nullptr);

// Returns the search for a real position: either colour may be the strong side; every move of
// the returned tree and explanations is a move on the real board. An error when the position is
// not the table's material (the message names both). ROOT_ONLY, when given, restricts the root's
// moves to these (moves on the real board).
Expected<search::SearchResult<Move>> think(const CompiledTable& table, const Position& pos,
                                           const search::Options& options = {},
                                           const std::vector<Move>* root_only = nullptr);
// The same into RESULT, reusing its buffers (for callers that build many trees); returns the
// error, or nothing.
std::optional<std::string> think_into(const CompiledTable& table, const Position& pos,
                                      const search::Options& options,
                                      search::SearchResult<Move>& result,
                                      const std::vector<Move>* root_only = nullptr);

} // namespace al0::endgame
