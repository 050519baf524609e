#pragma once
// Printers of a chess forcing tree (any material): indented text with SAN moves, Graphviz DOT,
// and JSON.

#include "engine/chess/position.hpp"
#include "engine/search/forcing_tree.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace al0::print {

using Tree = search::ForcingTree<Move>;

// One line per move, indented by depth, numbered from the root position's fullmove number.
std::string tree_text(const Tree& tree, const Position& root, std::uint32_t node = 0);
std::string tree_dot(const Tree& tree, const Position& root, const std::string& title);
// {"kind": "us", "move": "e6e3", "san": "Re3", "next": {...}} / {"kind": "them", "replies":
// [{"move", "san", "next"}...]} / {"kind": "leaf"}.
nlohmann::json tree_json(const Tree& tree, const Position& root, std::uint32_t node = 0);

} // namespace al0::print
