// The defending lines of TableVerification: re-walks the few states on a line to recover the
// moves, guided by the solved state graph.

#include "engine/verify/krk_states.hpp"
#include "engine/verify/state_walk.hpp"
#include "engine/verify/table_verifier.hpp"

#include <algorithm>
#include <deque>
#include <stdexcept>

namespace al0::verify {

namespace {

constexpr std::uint32_t NO_PARENT = 0xffffffffu;

bool ends_in(StepEnd end, Verdict v) {
    switch (end) {
    case StepEnd::stalemate:
        return v == Verdict::stalemate;
    case StepEnd::rook_lost:
        return v == Verdict::rook_lost;
    case StepEnd::no_advice:
        return v == Verdict::no_advice;
    case StepEnd::budget_exceeded:
        return v == Verdict::budget_exceeded;
    case StepEnd::depth_exceeded:
        return v == Verdict::depth_exceeded;
    case StepEnd::mate:
    case StepEnd::new_state:
        break;
    }
    return false;
}

} // namespace

// Returns the shortest path of states (breadth first over the graph) from `from` to a state
// whose own tree fails with v, or for a cycle, to a state on one, followed by the cycle back to
// it. Only states from which v is reachable are visited.
std::vector<std::uint32_t> TableVerification::path_to(std::uint32_t from, Verdict v) const {
    const std::uint8_t bit = verdict_bit(v);
    auto is_goal = [&](std::uint32_t u) {
        return v == Verdict::cycle ? solution_.cyclic[solution_.component[u]] != 0
                                   : (graph_.own_failures[u] & bit) != 0;
    };
    // One breadth-first search; for a cycle a second one from the cycle's state back to itself.
    auto search = [&](std::uint32_t start, bool leave_start) {
        std::vector<std::uint32_t> parent(graph_.size(), NO_PARENT);
        auto trace = [&](std::uint32_t x) {
            std::vector<std::uint32_t> path;
            for (; x != start; x = parent[x]) path.push_back(x);
            path.push_back(start);
            std::reverse(path.begin(), path.end());
            return path;
        };
        if (!leave_start && is_goal(start)) return trace(start);
        std::deque<std::uint32_t> queue{start};
        parent[start] = start;
        while (!queue.empty()) {
            const std::uint32_t u = queue.front();
            queue.pop_front();
            for (std::uint32_t e = graph_.first[u]; e < graph_.first[u + 1]; ++e) {
                const std::uint32_t w = graph_.target[e];
                if (!(solution_.reachable[w] & bit)) continue;
                if (leave_start && solution_.component[w] != solution_.component[start]) continue;
                if (leave_start && w == start) {
                    std::vector<std::uint32_t> path = trace(u);
                    path.push_back(w);
                    return path;
                }
                if (parent[w] != NO_PARENT) continue;
                parent[w] = u;
                if (!leave_start && is_goal(w)) return trace(w);
                queue.push_back(w);
            }
        }
        throw std::logic_error("verify: the state graph has no path to the verdict");
    };
    std::vector<std::uint32_t> path = search(from, false);
    if (v == Verdict::cycle) {
        const std::vector<std::uint32_t> loop = search(path.back(), true);
        path.insert(path.end(), loop.begin() + 1, loop.end());
    }
    return path;
}

// Appends the moves of the first line of `from`'s tree that leads to the state `to`.
void TableVerification::append_step_to(std::uint32_t from, std::uint32_t to,
                                       DefendingLine& line) const {
    StateWalker walker(program_, options_);
    bool done = false;
    walker.walk(state_at(state_of_id_[from]), [&](const WalkStep& step) {
        if (done || step.end != StepEnd::new_state || state_index(step.state) != state_of_id_[to])
            return;
        line.moves.insert(line.moves.end(), step.line.begin(), step.line.end());
        done = true;
    });
}

// Appends the moves of the first line of the state's own tree that fails with v.
void TableVerification::append_failure(std::uint32_t at, Verdict v, DefendingLine& line) const {
    StateWalker walker(program_, options_);
    bool done = false;
    walker.walk(state_at(state_of_id_[at]), [&](const WalkStep& step) {
        if (done || !ends_in(step.end, v)) return;
        line.moves.insert(line.moves.end(), step.line.begin(), step.line.end());
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
        line.moves.insert(line.moves.end(), best.begin(), best.end());
        mated = next < 0;
        at = std::uint32_t(next);
    }
}

DefendingLine TableVerification::line(const krk::KrkState& s) const {
    const std::uint32_t start = id(s);
    DefendingLine line{s, verdicts_[start], {}, -1};
    if (line.verdict == Verdict::won || line.verdict == Verdict::over_fifty) {
        append_longest(start, line);
        return line;
    }
    const std::vector<std::uint32_t> path = path_to(start, line.verdict);
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        if (line.verdict == Verdict::cycle && path[i] == path.back() && line.repeats_from < 0)
            line.repeats_from = int(line.moves.size());
        append_step_to(path[i], path[i + 1], line);
    }
    if (line.verdict != Verdict::cycle) append_failure(path.back(), line.verdict, line);
    return line;
}

} // namespace al0::verify
