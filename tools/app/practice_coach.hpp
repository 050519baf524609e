#pragma once
// What the coach of a practice game says: `hint` (what the shipped table of the material plays
// here, its rule, its advice, the advice's goals in words and its forcing tree's first moves) and
// `why` (the best moves where a graded move was played, and what that move allowed).

#include "engine/chess/position.hpp"
#include "engine/endgame/think.hpp"
#include "engine/tablebase/move_grade.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::tools {

struct Hint {
    std::string table, rule, advice;
    Move move = MOVE_NONE;
    std::string san;
    std::string better, holding;                            // the advice's goals in AL0 syntax
    std::vector<std::string> words;                         // the table's comment over the advice
    search::ForcingTree<Move> tree;                         // its forcing tree from the position
    std::shared_ptr<const endgame::CompiledTable> compiled; // the table that built it
};

// Returns the shipped table's advice for the side to move in POS, or why there is none (no
// table for the material, no advice applies, the search budget).
Expected<Hint> table_hint(const Position& pos);

// Returns the hint as lines for the screen: the move, rule and advice, the goals, the comment
// and the forcing tree's first three plies.
std::string hint_text(const Hint& hint, const Position& pos);

// Returns why the move graded G (played in its position BEFORE) is graded so: the best moves
// with their distance, and what the move allowed.
std::string why_text(const Position& before, Move move, const tablebase::MoveGrade& g);

// Returns the comment lines ("% ...") written just above `advice( NAME` in a table's text,
// without the '%'; none when there are none.
std::vector<std::string> advice_comment(const std::string& table_text, const std::string& name);

} // namespace al0::tools
