#pragma once
// Why a mating piece of advice misses a position that the tablebase mates within the advice's
// depth: the first point where every line that mates in time breaks the advice.

#include "engine/krk/krk_domain.hpp"
#include "engine/search/program.hpp"
#include "engine/tablebase/krk_tablebase.hpp"

#include <string>
#include <vector>

namespace al0::verify {

struct MissReason {
    std::string reason;     // e.g. "depth 0: the holding goal fails (their_king_edge)"
    std::vector<Move> line; // from the root to the node where it fails
};

// Returns the reason a mating advice is not satisfiable at a White-to-move root with a mate in at
// most `mate_depth` White moves. It searches the advice's own tree space (holding goal, better
// goal, move constraints), but only through White moves that still mate in time by the
// tablebase — the only moves a mating tree can use. The reason is "unexplained" if that search
// succeeds: the advice search and this check then disagree.
MissReason explain_miss(const search::Program& program, const search::CompiledAdvice& advice,
                        const tablebase::KrkTablebase& tablebase, const krk::KrkState& root,
                        int mate_depth);

// Returns the most White moves a tree of the advice can hold (from the depths at which its us
// moves are allowed; 0 when it allows none), or -1 when no depth test bounds them.
int advice_mate_depth(const search::CompiledAdvice& advice);

} // namespace al0::verify
