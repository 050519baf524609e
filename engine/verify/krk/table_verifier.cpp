#include "engine/verify/krk/table_verifier.hpp"

#include "engine/search/elapsed.hpp"
#include "engine/verify/graph/worst_lines.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/krk/state_walk.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace al0::verify {

namespace {

// What one thread learns about its states: their own results, and the edges to new states.
struct KrkEdge {
    std::uint32_t from, to;
    std::uint8_t moves;
};
struct KrkThreadPart {
    std::vector<KrkEdge> edges;
    // Per target node: 1 + the id of the latest state with an edge to it, and that edge's place
    // in `edges`. Why: a linear search of the state's edges per line was a tenth of the walk.
    std::vector<std::uint32_t> edge_from, edge_at;
    std::uint64_t nodes = 0;
    AdviceTally advice;

    // Adds the edge from state ID to node TO, or widens the one it has to MOVES.
    void add_edge(std::uint32_t id, std::uint32_t to, std::uint8_t moves) {
        if (edge_from[to] == id + 1) {
            KrkEdge& same = edges[edge_at[to]];
            same.moves = std::max(same.moves, moves);
            return;
        }
        edge_from[to] = id + 1;
        edge_at[to] = std::uint32_t(edges.size());
        edges.push_back({id, to, moves});
    }
};

// Returns what the first move of the tree found at S loses against the tablebase (moves_lost),
// or -1 when the tablebase does not say White wins after it.
int first_move_loss(const krk::KrkState& s, Move m, const tablebase::KrkTablebase& tablebase) {
    const krk::KrkState after = krk::KrkDomain{}.play(s, m);
    const int d_after = tablebase.entry(BLACK, after.wk, after.bk, after.wr);
    return d_after < 0 ? -1 : moves_lost(tablebase.entry(WHITE, s.wk, s.bk, s.wr), d_after);
}

} // namespace

TableVerification TableVerification::run(const search::Program& program,
                                         const tablebase::KrkTablebase& tablebase,
                                         const VerifyOptions& options) {
    TableVerification v(program, options.search, fifty_move_limit(options.move_limit));
    v.build_graph(options, tablebase);
    const auto start = std::chrono::steady_clock::now();
    v.solution_ = solve(v.graph_, v.limit_);
    v.summarise(tablebase);
    v.summary_.graph_seconds = search::seconds_since(start);
    return v;
}

// Walks every state's tree on all threads: each state's own failures and mates, its edges, and
// what its tree's first move loses.
void TableVerification::build_graph(const VerifyOptions& options,
                                    const tablebase::KrkTablebase& tablebase) {
    const auto start = std::chrono::steady_clock::now();
    state_of_id_ = legal_white_states();
    id_of_state_.assign(STATE_INDICES, -1);
    for (std::size_t i = 0; i < state_of_id_.size(); ++i)
        id_of_state_[state_of_id_[i]] = std::int32_t(i);
    const std::size_t n = state_of_id_.size();
    graph_.own_failures.assign(n, 0);
    graph_.own_mate.assign(n, 0);
    advice_of_.assign(n, -1);
    summary_.threads = thread_count(options.threads);
    std::vector<KrkThreadPart> parts(summary_.threads);
    parallel_chunks(
        n, options.threads,
        [&](int thread, std::size_t begin, std::size_t end) {
            KrkThreadPart& part = parts[thread];
            part.edge_from.resize(n, 0);
            part.edge_at.resize(n);
            StateWalker walker(program_, options_);
            for (std::size_t id = begin; id < end; ++id) {
                walker.walk(state_at(state_of_id_[id]), [&](const WalkStep& step) {
                    if (step.end == StepEnd::mate) {
                        graph_.own_mate[id] =
                            std::max<std::uint8_t>(graph_.own_mate[id], step.white_moves);
                    } else if (step.end != StepEnd::new_state) {
                        graph_.own_failures[id] |= verdict_bit(failure_of(step.end));
                    } else {
                        part.add_edge(std::uint32_t(id),
                                      std::uint32_t(id_of_state_[state_index(step.state)]),
                                      std::uint8_t(step.white_moves));
                    }
                });
                const search::SearchResult<Move>& result = walker.last_search();
                advice_of_[id] = result.advice;
                part.nodes += result.stats.nodes;
                part.advice.add(result, program_.advice.size());
                const auto first = first_move(result);
                if (!first) continue;
                const int loss = first_move_loss(state_at(state_of_id_[id]), *first, tablebase);
                if (loss >= 0)
                    part.advice.add_loss(std::size_t(result.advice), std::uint32_t(id), *first,
                                         loss);
            }
        },
        options.progress, options.search.stop);
    graph_.first.assign(n + 1, 0);
    for (const KrkThreadPart& part : parts)
        for (const KrkEdge& e : part.edges) ++graph_.first[e.from + 1];
    for (std::size_t i = 0; i < n; ++i) graph_.first[i + 1] += graph_.first[i];
    graph_.target.resize(graph_.first[n]);
    graph_.moves.resize(graph_.first[n]);
    std::vector<std::uint32_t> fill(graph_.first.begin(), graph_.first.end() - 1);
    for (const KrkThreadPart& part : parts) {
        for (const KrkEdge& e : part.edges) {
            graph_.target[fill[e.from]] = e.to;
            graph_.moves[fill[e.from]++] = e.moves;
        }
        summary_.search_nodes += part.nodes;
    }
    AdviceTally tally;
    for (const KrkThreadPart& part : parts) tally.add(part.advice);
    for (std::size_t a = 0; a < program_.advice.size(); ++a)
        summary_.advice_use.push_back(tally.use_of(
            a, "", program_.advice[a].name,
            [&](std::uint32_t id) { return krk::to_position(state_at(state_of_id_[id])); },
            [&](const Position& p) { return tablebase.probe(p).best.front(); }));
    summary_.states = n;
    summary_.graph_edges = graph_.target.size();
    summary_.tree_seconds = search::seconds_since(start);
}

void TableVerification::summarise(const tablebase::KrkTablebase& tablebase) {
    const std::size_t n = state_of_id_.size();
    verdicts_.resize(n);
    std::vector<std::int32_t> optimal(n);
    std::vector<std::uint8_t> won(n);
    SummaryTally tally(summary_, limit_);
    for (std::size_t id = 0; id < n; ++id) {
        const krk::KrkState st = state_at(state_of_id_[id]);
        optimal[id] = tablebase.entry(WHITE, st.wk, st.bk, st.wr);
        verdicts_[id] =
            tally.add(solution_.reachable[id], solution_.worst[id], solution_.run[id], optimal[id]);
        won[id] = verdicts_[id] == Verdict::won;
    }
    tally.finish();
    count_failing_states(summary_, graph_.own_failures);
    const WorstLineSplit split = split_worst_lines(
        graph_, solution_, advice_of_, [&](std::uint32_t id) { return optimal[id]; }, won,
        summary_.advice_use.size());
    add_worst_lines(summary_, split.excess, split.visits);
}

std::uint32_t TableVerification::id(const krk::KrkState& s) const {
    const std::int32_t i = is_legal_white_state(s) ? id_of_state_[state_index(s)] : -1;
    if (i < 0) throw std::invalid_argument("not a legal KRK position with White to move");
    return std::uint32_t(i);
}

Verdict TableVerification::verdict(const krk::KrkState& s) const { return verdicts_[id(s)]; }

int TableVerification::worst(const krk::KrkState& s) const {
    const std::uint32_t i = id(s);
    return solution_.reachable[i] ? -1 : solution_.worst[i];
}

krk::KrkState TableVerification::worst_position() const {
    for (std::size_t id = 0; id < verdicts_.size(); ++id)
        if (verdicts_[id] == Verdict::won && solution_.worst[id] == summary_.worst)
            return state_at(state_of_id_[id]);
    throw std::logic_error("verify: no position is won");
}

std::vector<krk::KrkState> TableVerification::examples(Verdict v, int n) const {
    std::vector<krk::KrkState> found;
    for (std::size_t id = 0; id < verdicts_.size() && int(found.size()) < n; ++id)
        if (verdicts_[id] == v) found.push_back(state_at(state_of_id_[id]));
    return found;
}

} // namespace al0::verify
