// One state's walk in a verification round (EndgameVerification::build_graph): its tree's lines
// become the state's mate, failures and edges; a search over the budget is set aside for the
// round's retries (budget_retries.hpp).
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "engine/verify/endgame/found_edges.hpp"
#include "engine/verify/endgame/game_walk.hpp"
#include "engine/verify/shared/budget_retries.hpp"

#include <algorithm>

namespace al0::verify {

namespace {

// Returns what move M loses at P against the tablebase (moves_lost), or -1 when the tablebase
// does not say White wins after it.
int first_move_loss(GameWalker& walker, const Position& p, Move m) {
    const std::uint8_t before = walker.value(p), after = walker.value(p.after(m));
    if (!tablebase::is_win(before) || !tablebase::is_loss(after)) return -1;
    return moves_lost(tablebase::moves_to_mate(before), tablebase::moves_to_mate(after));
}

} // namespace

const search::SearchResult<Move>&
EndgameVerification::walk_state(ThreadPart& part, GameWalker& walker, std::uint32_t id,
                                BudgetRetries& retries, int thread,
                                const std::vector<std::int32_t>& advice_offset) {
    part.targets.start(part.edges.size());
    const Position here = position(id);
    walker.walk(
        node_table_[id], here,
        [&](const GameStep& step) {
            if (step.end == StepEnd::mate) {
                auto& mate = graph_.own_mate[id];
                mate = std::max(mate, narrow(step.white_moves));
                auto& run = graph_.own_run[id];
                run = std::max(run, narrow_count(step.before_reset));
                if (step.after_reset >= limit_)
                    graph_.own_failures[id] |= verdict_bit(Verdict::over_fifty);
                return;
            }
            if (step.end != StepEnd::new_state) {
                graph_.own_failures[id] |= verdict_bit(failure_of(step.end));
                return;
            }
            const FoundEdge e{id,
                              slot(step.table, step.position),
                              std::uint8_t(step.table),
                              narrow(step.white_moves),
                              narrow_count(step.before_reset),
                              std::int16_t(step.after_reset)};
            FoundEdge* same = part.targets.find_or_add(part.edges, e);
            if (!same) return;
            same->moves = std::max(same->moves, e.moves);
            same->before = std::max(same->before, e.before);
            same->after = std::max(same->after, e.after);
        },
        Lines::distinct);
    const auto& result = walker.last_search();
    part.nodes += result.stats.nodes;
    AdviceTally& tally = part.advice[node_table_[id]];
    const std::size_t advice_count = set_.tables[node_table_[id]].advice.size();
    if (retries.set_aside(thread, id, result.outcome == search::Outcome::budget_exceeded)) {
        graph_.own_failures[id] = 0; // its only line: over the budget, not yet the verdict
        tally.add_nodes(result, advice_count);
        return result;
    }
    tally.add(result, advice_count);
    if (result.outcome != search::Outcome::found) return result;
    advice_of_[id] = advice_offset[node_table_[id]] + result.advice;
    const auto first = first_move(result);
    if (!first) return result;
    const int loss = first_move_loss(walker, here, *first);
    if (loss >= 0) tally.add_loss(std::size_t(result.advice), id, *first, loss);
    return result;
}

} // namespace al0::verify
