#pragma once
// Playing a table on a real position: the position is oriented so that the table's side (the
// strong side of its material) is White, searched, and the moves flipped back.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"
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
};

// The state of a position for a table, and whether the board was colour-flipped to get it.
struct Oriented {
    State state;
    bool flipped = false;
};

// Returns the colour flip of a move (each square mirrored rank for rank).
constexpr Move flip(Move m) {
    return Move(Square(m.from() ^ 56), Square(m.to() ^ 56), m.promotion());
}
// Returns the colour flip of a position: colours swapped, ranks mirrored, counters kept.
Position flip(const Position& pos);

// Returns the state of POS for ROLES: the side with our pieces becomes White (when both sides
// have them, the stronger side by material.hpp's rule), and each role takes a piece of its kind
// (doubled pieces in square order). Nothing, with the
// reason in *why, when POS is not the material of ROLES.
std::optional<Oriented> orient(const Roles& roles, const Position& pos, std::string* why = nullptr);

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
