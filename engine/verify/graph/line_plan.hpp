#pragma once
// The shape of a defending line, shared by the KRK and the generic verifier: for a win (or a
// win too slow), the longest resistance; for a failure, the shortest path of states to it in the
// solved graph, each step's moves appended by the verifier's own walker.

#include "engine/verify/graph/state_graph.hpp"
#include "engine/verify/shared/defending_line.hpp"

namespace al0::verify {

// Fills LINE (its start and verdict set) from node START of the verifier V (TableVerification or
// EndgameVerification, which befriend this), whose append_longest, append_step_to and
// append_failure append the moves their walkers find.
template <class V>
void plan_line(const V& v, std::uint32_t start, DefendingLine& line) {
    if (line.verdict == Verdict::won || line.verdict == Verdict::over_fifty) {
        v.append_longest(start, line);
        return;
    }
    const std::vector<std::uint32_t> path =
        path_to_failure(v.graph_, v.solution_, start, verdict_bit(line.verdict));
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        if (line.verdict == Verdict::cycle && path[i] == path.back() && line.repeats_from < 0)
            line.repeats_from = int(line.moves.size());
        v.append_step_to(path[i], path[i + 1], line);
    }
    if (line.verdict == Verdict::unexplored)
        line.note = "the cap on trees left this position unwalked";
    else if (line.verdict != Verdict::cycle)
        v.append_failure(path.back(), line.verdict, line);
}

} // namespace al0::verify
