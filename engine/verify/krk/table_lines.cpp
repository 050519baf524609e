// The defending lines of TableVerification: re-walks the few states on a line to recover the
// moves, guided by the solved state graph.

#include "engine/verify/graph/line_plan.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/krk/state_walk.hpp"
#include "engine/verify/krk/table_verifier.hpp"

#include <algorithm>

namespace al0::verify {

namespace {

// Appends moves of a walked tree, each White move labelled with the tree's advice.
void append_moves(const StateWalker& walker, std::span<const Move> moves, DefendingLine& line) {
    const int a = walker.last_search().advice;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i % 2 == 0) line.advice.push_back(walker.program().advice[std::size_t(a)].name);
        line.moves.push_back(moves[i]);
    }
}

} // namespace

// Appends the moves of the first line of `from`'s tree that leads to the state `to`.
void TableVerification::append_step_to(std::uint32_t from, std::uint32_t to,
                                       DefendingLine& line) const {
    StateWalker walker(program_, options_);
    bool done = false;
    walker.walk(state_at(state_of_id_[from]), [&](const WalkStep& step) {
        if (done || step.end != StepEnd::new_state || state_index(step.state) != state_of_id_[to])
            return;
        append_moves(walker, step.line, line);
        done = true;
    });
}

// Appends the moves of the first line of the state's own tree that fails with v.
void TableVerification::append_failure(std::uint32_t at, Verdict v, DefendingLine& line) const {
    StateWalker walker(program_, options_);
    bool done = false;
    walker.walk(state_at(state_of_id_[at]), [&](const WalkStep& step) {
        if (done || !ends_in(step.end, v)) return;
        append_moves(walker, step.line, line);
        done = true;
    });
}

// Appends the longest resistance from a state without failures: at each state the line whose
// moves plus the worst case of where it leads are the state's worst case.
void TableVerification::append_longest(std::uint32_t at, DefendingLine& line) const {
    StateWalker walker(program_, options_);
    for (bool mated = false; !mated;) {
        std::vector<Move> best;
        std::int32_t best_value = -1, next = -1;
        walker.walk(state_at(state_of_id_[at]), [&](const WalkStep& step) {
            std::int32_t value = step.white_moves, to = -1;
            if (step.end == StepEnd::new_state) {
                to = id_of_state_[state_index(step.state)];
                value += solution_.worst[to];
            }
            if (value <= best_value) return;
            best_value = value;
            next = to;
            best.assign(step.line.begin(), step.line.end());
        });
        append_moves(walker, best, line);
        mated = next < 0;
        at = std::uint32_t(next);
    }
}

DefendingLine TableVerification::line(const krk::KrkState& s) const {
    const std::uint32_t start = id(s);
    DefendingLine line{krk::to_position(s), verdicts_[start], {}, {}, -1, {}};
    plan_line(*this, start, line);
    return line;
}

} // namespace al0::verify
