#include "engine/verify/table_verifier.hpp"

#include "engine/verify/krk_states.hpp"
#include "engine/verify/state_walk.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace al0::verify {

namespace {

// Returns the failure a line of a state's tree ends in (the verdict `won` for mate).
Verdict failure_of(StepEnd end) {
    switch (end) {
    case StepEnd::stalemate:
        return Verdict::stalemate;
    case StepEnd::rook_lost:
        return Verdict::rook_lost;
    case StepEnd::no_advice:
        return Verdict::no_advice;
    case StepEnd::budget_exceeded:
        return Verdict::budget_exceeded;
    case StepEnd::depth_exceeded:
        return Verdict::depth_exceeded;
    case StepEnd::mate:
    case StepEnd::new_state:
        break;
    }
    return Verdict::won;
}

// What one thread learns about its states: their own results, and the edges to new states.
struct Edge {
    std::uint32_t from, to;
    std::uint8_t moves;
};
struct ThreadPart {
    std::vector<Edge> edges;
    std::uint64_t nodes = 0;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TableVerification TableVerification::run(const search::Program& program,
                                         const tablebase::KrkTablebase& tablebase,
                                         const VerifyOptions& options) {
    TableVerification v(program, options.search, options.move_limit);
    v.build_graph(options);
    const auto start = std::chrono::steady_clock::now();
    v.solution_ = solve(v.graph_);
    v.summarise(tablebase);
    v.summary_.graph_seconds = seconds_since(start);
    return v;
}

// Walks every state's tree on all threads: each state's own failures and mates, and its edges.
void TableVerification::build_graph(const VerifyOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    state_of_id_ = legal_white_states();
    id_of_state_.assign(STATE_INDICES, -1);
    for (std::size_t i = 0; i < state_of_id_.size(); ++i)
        id_of_state_[state_of_id_[i]] = std::int32_t(i);
    const std::size_t n = state_of_id_.size();
    graph_.own_failures.assign(n, 0);
    graph_.own_mate.assign(n, 0);
    summary_.threads = thread_count(options.threads);
    std::vector<ThreadPart> parts(summary_.threads);
    parallel_chunks(
        n, options.threads,
        [&](int thread, std::size_t begin, std::size_t end) {
            ThreadPart& part = parts[thread];
            StateWalker walker(program_, options_);
            for (std::size_t id = begin; id < end; ++id) {
                const std::size_t first_edge = part.edges.size();
                walker.walk(state_at(state_of_id_[id]), [&](const WalkStep& step) {
                    if (step.end == StepEnd::mate) {
                        graph_.own_mate[id] =
                            std::max<std::uint8_t>(graph_.own_mate[id], step.white_moves);
                    } else if (step.end != StepEnd::new_state) {
                        graph_.own_failures[id] |= verdict_bit(failure_of(step.end));
                    } else {
                        const auto to = std::uint32_t(id_of_state_[state_index(step.state)]);
                        auto same = std::find_if(part.edges.begin() + first_edge, part.edges.end(),
                                                 [&](const Edge& e) { return e.to == to; });
                        if (same == part.edges.end())
                            part.edges.push_back(
                                {std::uint32_t(id), to, std::uint8_t(step.white_moves)});
                        else
                            same->moves = std::max<std::uint8_t>(same->moves, step.white_moves);
                    }
                });
                part.nodes += walker.last_search().stats.nodes;
            }
        },
        options.progress);
    graph_.first.assign(n + 1, 0);
    for (const ThreadPart& part : parts)
        for (const Edge& e : part.edges) ++graph_.first[e.from + 1];
    for (std::size_t i = 0; i < n; ++i) graph_.first[i + 1] += graph_.first[i];
    graph_.target.resize(graph_.first[n]);
    graph_.moves.resize(graph_.first[n]);
    std::vector<std::uint32_t> fill(graph_.first.begin(), graph_.first.end() - 1);
    for (const ThreadPart& part : parts) {
        for (const Edge& e : part.edges) {
            graph_.target[fill[e.from]] = e.to;
            graph_.moves[fill[e.from]++] = e.moves;
        }
        summary_.search_nodes += part.nodes;
    }
    summary_.graph_edges = graph_.target.size();
    summary_.tree_seconds = seconds_since(start);
}

void TableVerification::summarise(const tablebase::KrkTablebase& tablebase) {
    TableSummary& s = summary_;
    s.positions = int(state_of_id_.size());
    verdicts_.resize(state_of_id_.size());
    long total = 0, optimal_total = 0, optimal_won = 0, excess_total = 0;
    for (std::size_t id = 0; id < state_of_id_.size(); ++id) {
        const std::uint8_t bits = solution_.reachable[id];
        const int worst = solution_.worst[id];
        Verdict v = worst > move_limit_ ? Verdict::over_fifty : Verdict::won;
        for (Verdict f : ALL_VERDICTS)
            if (bits & verdict_bit(f)) {
                ++s.reachable[std::size_t(f)];
                if (v == Verdict::won || v == Verdict::over_fifty) v = f;
            }
        verdicts_[id] = v;
        ++s.counts[std::size_t(v)];
        const krk::KrkState st = state_at(state_of_id_[id]);
        const int optimal = tablebase.entry(WHITE, st.wk, st.bk, st.wr);
        optimal_total += optimal;
        s.optimal_worst = std::max(s.optimal_worst, optimal);
        if (v != Verdict::won) continue;
        total += worst;
        optimal_won += optimal;
        excess_total += worst - optimal;
        s.worst = std::max(s.worst, worst);
        s.excess_worst = std::max(s.excess_worst, worst - optimal);
        if (int(s.histogram.size()) <= worst) s.histogram.resize(worst + 1, 0);
        ++s.histogram[worst];
    }
    // Why: the move limit is no failure bit of the graph; it is reached exactly where it fails.
    s.reachable[std::size_t(Verdict::over_fifty)] = s.counts[std::size_t(Verdict::over_fifty)];
    const int won = s.counts[std::size_t(Verdict::won)];
    s.optimal_mean = s.positions ? double(optimal_total) / s.positions : 0;
    s.mean = won ? double(total) / won : 0;
    s.optimal_mean_won = won ? double(optimal_won) / won : 0;
    s.excess_mean = won ? double(excess_total) / won : 0;
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

std::vector<krk::KrkState> TableVerification::examples(Verdict v, int n) const {
    std::vector<krk::KrkState> found;
    for (std::size_t id = 0; id < verdicts_.size() && int(found.size()) < n; ++id)
        if (verdicts_[id] == v) found.push_back(state_at(state_of_id_[id]));
    return found;
}

} // namespace al0::verify
