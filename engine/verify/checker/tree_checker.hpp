#pragma once
// An independent check of one forcing tree (per-advice verification): it replays the tree on a
// Position with the chess core's legal move generation, re-evaluates the advice's goals at every
// node, and compares each node's moves with what the move constraints allow. For a table over
// the chess library (it declares its material) the goals and generators run on the slow, plain
// reference library (reference_library.hpp), not on the library that built the tree, so a wrong
// primitive shows as a defect; a table in the native KRK names is evaluated with the native
// library (write it over the prelude lib/krk_book to check it independently).

#include "engine/chess/position.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/search/forcing_tree.hpp"
#include "engine/search/program.hpp"

#include <optional>
#include <vector>

namespace al0::verify {

enum class Defect : std::uint8_t {
    better_fails_at_leaf, // a leaf where the better goal does not hold
    holding_fails,        // a node where the holding goal does not hold
    illegal_move,         // a move the chess rules do not allow
    move_not_allowed,     // a move the node's move constraint does not generate
    reply_missing,        // a legal reply the constraint allows is not in the tree
    reply_repeated,       // a reply that appears twice
    malformed_node,       // an us node without exactly one move, a them node without any
    leaf_not_mate,        // mating advice: a leaf that is not checkmate
    defence_uncovered,    // mating advice: a legal reply not in the tree (mate is not forced)
};

// Returns "a leaf where the better goal fails", ...
const char* defect_name(Defect d);

struct TreeDefect {
    Defect kind;
    std::vector<Move> line; // the moves from the root to the node (and the offending move)
};

// Returns the first defect of the advice's tree from the White-to-move root in depth-first
// order, or nothing. With `mating`, every leaf must be checkmate and every legal reply covered.
std::optional<TreeDefect> check_tree(const search::Program& program,
                                     const search::CompiledAdvice& advice,
                                     const search::ForcingTree<Move>& tree, const Position& root,
                                     bool mating);

} // namespace al0::verify
