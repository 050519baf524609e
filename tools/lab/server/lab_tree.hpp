#pragma once
// The lab's view of a forcing tree and of the advice tried: JSON of the tree's nodes (FEN, kind,
// which goals of the chosen advice hold there) and of every attempt with `explain`'s
// refutations, for a table of any material.

#include "engine/endgame/think.hpp"

#include <nlohmann/json.hpp>

namespace al0::tools::lab {

// Returns {rule, advice, goal_text: {better, holding}, root: node} of TREE, built by TABLE at
// ROOT (a real board: either colour may be the table's side), or null for an empty tree.
nlohmann::json tree_json(const endgame::CompiledTable& table, const search::ForcingTree<Move>& tree,
                         const Position& root);

// Returns [{advice, satisfied, reason, root_moves, nodes, refutations}] of TABLE's search at
// ROOT (a real board).
nlohmann::json attempts_json(const endgame::CompiledTable& table,
                             const search::SearchResult<Move>& r, const Position& root);

} // namespace al0::tools::lab
