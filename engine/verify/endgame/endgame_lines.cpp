// The defending lines of EndgameVerification: re-walks the few states on a line to recover the
// moves, guided by the solved state graph.

#include "engine/endgame/symmetry.hpp"
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "engine/verify/endgame/game_walk.hpp"
#include "engine/verify/graph/line_plan.hpp"

namespace al0::verify {

namespace {

// Appends the moves of a walked line, each White move labelled with the advice of its tree
// (and the table's name once another table than the verified one plays).
void append_moves(const TableSet& set, int table, const GameWalker& walker,
                  std::span<const Move> moves, DefendingLine& line) {
    if (moves.empty()) return; // no advice applied: there is no advice to name either
    const SetTable& t = set.tables[std::size_t(table)];
    const std::string& advice = t.advice[std::size_t(walker.last_search().advice)];
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i % 2 == 0) line.advice.push_back(table == 0 ? advice : t.name + ": " + advice);
        line.moves.push_back(moves[i]);
    }
}

} // namespace

// A node's position as the line stands: the image of its representative (a class's) that the
// line's moves reached, so that each step's moves go on from there.
Position EndgameVerification::on_line(std::uint32_t node, const DefendingLine& line) const {
    const Position representative = position(node);
    if (!classes_[node_table_[node]]) return representative;
    const Position reached = end_of(line.start, line.moves);
    return endgame::transform(endgame::inverse(endgame::canonical_symmetry(reached)),
                              representative);
}

// Appends the moves of the first line of `from`'s tree that leads to the state `to`.
void EndgameVerification::append_step_to(std::uint32_t from, std::uint32_t to,
                                         DefendingLine& line) const {
    GameWalker walker(set_, registry_, options_);
    bool done = false;
    walker.walk(node_table_[from], on_line(from, line), [&](const GameStep& step) {
        if (done || step.end != StepEnd::new_state || find(step.table, step.position) != to) return;
        append_moves(set_, node_table_[from], walker, step.line, line);
        done = true;
    });
}

// Appends the moves of the first line of the state's own tree that fails with v.
void EndgameVerification::append_failure(std::uint32_t at, Verdict v, DefendingLine& line) const {
    GameWalker walker(set_, registry_, options_);
    bool done = false;
    walker.walk(node_table_[at], on_line(at, line), [&](const GameStep& step) {
        if (done || !ends_in(step.end, v)) return;
        append_moves(set_, node_table_[at], walker, step.line, line);
        if (step.end == StepEnd::no_table)
            line.note = "no table for " + tablebase::board_of(step.position).material().name();
        done = true;
    });
}

// Appends the longest resistance from a state without failures: at each state the line whose
// moves plus the worst case of where it leads are the state's worst case.
void EndgameVerification::append_longest(std::uint32_t at, DefendingLine& line) const {
    GameWalker walker(set_, registry_, options_);
    for (bool mated = false; !mated;) {
        std::vector<Move> best;
        std::int64_t best_value = -1, next = -1;
        walker.walk(node_table_[at], on_line(at, line), [&](const GameStep& step) {
            std::int64_t value = step.white_moves, to = -1;
            if (step.end == StepEnd::new_state) {
                to = find(step.table, step.position);
                value += solution_.worst[std::size_t(to)];
            }
            if (value <= best_value) return;
            best_value = value;
            next = to;
            best.assign(step.line.begin(), step.line.end());
        });
        append_moves(set_, node_table_[at], walker, best, line);
        mated = next < 0;
        at = std::uint32_t(next);
    }
}

DefendingLine EndgameVerification::line(const Position& p) const {
    const std::uint32_t start = start_id(p);
    const int back = classes_.front() ? endgame::inverse(endgame::canonical_symmetry(p)) : 0;
    DefendingLine line{endgame::transform(back, position(start)), verdicts_[start], {}, {}, -1, {}};
    plan_line(*this, start, line);
    return line;
}

} // namespace al0::verify
