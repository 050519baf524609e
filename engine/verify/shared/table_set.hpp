#pragma once
// The tables a verification plays: the one verified and those that take over when a capture or
// promotion changes the material (KPK -> KQK after promotion), as `al0 play` switches tables.

#include "engine/chess/position.hpp"
#include "engine/search/core.hpp"
#include "engine/search/goals_path.hpp"
#include "engine/tablebase/material.hpp"

#include <functional>
#include <string>
#include <vector>

namespace al0::verify {

// Builds a table's forcing tree at a position of its material with the table's side (White) to
// move into a result whose buffers it reuses; the tree's moves are moves of that position.
// Called from several threads at once.
using TreeBuilder =
    std::function<void(const Position&, const search::Options&, search::SearchResult<Move>&)>;

struct SetTable {
    tablebase::Material material; // as played: White is the table's side
    std::string name;
    std::vector<std::string> advice; // the names of the table's advice, by index
    TreeBuilder build;
    // Plays each position as the mirror of its symmetry class's representative (a table's
    // `material ..., symmetric.`): the verifier walks one position per class.
    bool symmetric = false;
    search::GoalsPath goals{}; // how its goals run (compiled or interpreted), for the report
};

struct TableSet {
    std::vector<SetTable> tables; // tables.front() is the table verified

    // Returns the index of the table for a material, or -1.
    [[nodiscard]] int find(const tablebase::Material& m) const {
        for (std::size_t i = 0; i < tables.size(); ++i)
            if (tables[i].material == m) return int(i);
        return -1;
    }
};

} // namespace al0::verify
