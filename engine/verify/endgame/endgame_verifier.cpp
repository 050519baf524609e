#include "engine/verify/endgame/endgame_verifier.hpp"

#include "engine/endgame/symmetry.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/verify/endgame/found_edges.hpp"
#include "engine/verify/endgame/game_walk.hpp"
#include "engine/verify/graph/worst_lines.hpp"
#include "engine/verify/shared/advice_tally.hpp"
#include "engine/verify/shared/budget_retries.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <stdexcept>

namespace al0::verify {

namespace {

struct Edge {
    std::uint32_t from, to;
    std::uint8_t moves;
    std::uint16_t before;
    std::int16_t after;
};

constexpr std::uint64_t SAMPLE_SEED = 20261201;

// Returns whether a position of material FROM can become one of TO (either colour strong) by
// captures and promotions: TO is among the materials FROM converts into, step by step.
bool can_become(const tablebase::Material& from, const tablebase::Material& to) {
    std::vector<tablebase::Material> reached{from.canonical()};
    for (std::size_t i = 0; i < reached.size(); ++i) {
        if (reached[i] == to.canonical()) return true;
        for (const tablebase::Material& next : tablebase::conversions_of(reached[i]))
            if (std::find(reached.begin(), reached.end(), next) == reached.end())
                reached.push_back(next);
    }
    return false;
}

// Returns per table of SET whether its states are symmetry classes: when it plays
// symmetrically and so does every table its positions can turn into (a class's positions all
// count as its representative only if every line they play is the mirror of its lines).
std::vector<std::uint8_t> class_tables(const TableSet& set, bool by_class) {
    std::vector<std::uint8_t> classes;
    for (const SetTable& t : set.tables) {
        bool all = by_class && t.symmetric;
        for (const SetTable& u : set.tables)
            all = all && (u.symmetric || !can_become(t.material, u.material));
        classes.push_back(all);
    }
    return classes;
}

} // namespace

EndgameVerification::EndgameVerification(const TableSet& set, tablebase::Registry& registry,
                                         const VerifyOptions& options)
    : set_(set), registry_(registry), options_(options.search),
      limit_(fifty_move_limit(options.move_limit)) {
    if (set.tables.empty()) throw std::invalid_argument("verify: no table to verify");
    for (const SetTable& t : set.tables) {
        spaces_.emplace_back(t.material);
        registry_.table(t.material); // and every material it converts into
    }
    id_of_.resize(set.tables.size());
    classes_ = class_tables(set, options.by_class);
}

EndgameVerification EndgameVerification::run(const TableSet& set, tablebase::Registry& registry,
                                             const VerifyOptions& options) {
    if (options.status) options.status("loading the tablebases, finding the won starts");
    EndgameVerification v(set, registry, options);
    v.add_starts(options.sample, options.starts_where);
    v.build_graph(options);
    if (options.status) options.status("solving the graph");
    const auto start = std::chrono::steady_clock::now();
    v.solution_ = solve(v.graph_, v.limit_);
    v.summarise();
    v.summary_.graph_seconds = search::seconds_since(start);
    return v;
}

std::uint32_t EndgameVerification::add_node(int t, std::uint32_t index) {
    std::vector<std::int32_t>& ids = id_of_[std::size_t(t)];
    if (ids.empty()) ids.assign(spaces_[std::size_t(t)].size(), -1);
    if (ids[index] < 0) {
        ids[index] = std::int32_t(node_table_.size());
        node_table_.push_back(std::uint8_t(t));
        node_index_.push_back(index);
    }
    return std::uint32_t(ids[index]);
}

// Every legal White-to-move slot of the verified material that the tablebase marks won (when
// its states are classes, those that represent their class), or a sample of them drawn with a
// fixed seed (the same sample every run), in index order; only those that KEEP accepts, when
// given.
void EndgameVerification::add_starts(std::uint32_t sample, const StartFilter& keep) {
    const MaterialStates& space = spaces_.front();
    const tablebase::MaterialTable table = registry_.material_table(space.material());
    tablebase::Board b;
    struct Start {
        std::uint32_t index;
        std::uint8_t weight; // the positions it counts for: its class's, or 1
        bool operator<(const Start& o) const { return index < o.index; }
    };
    std::vector<Start> won;
    summary_.population = 0;
    for (std::uint32_t i = 0; i < space.size(); ++i) {
        if (!space.board(i, b) || tablebase::illegality(b) || !tablebase::is_win(table.value(b)))
            continue;
        std::uint8_t weight = 1;
        if (classes_.front() || keep) {
            const Position p = position_of(b);
            if (classes_.front() && endgame::canonical_symmetry(p) != 0) continue;
            if (keep && !keep(p)) continue;
            if (classes_.front()) weight = std::uint8_t(endgame::class_size(p));
        }
        won.push_back({i, weight});
        summary_.population += weight;
    }
    if (sample > 0 && sample < won.size()) {
        std::mt19937_64 random(SAMPLE_SEED);
        for (std::size_t k = 0; k < sample; ++k) {
            std::uniform_int_distribution<std::size_t> pick(k, won.size() - 1);
            std::swap(won[k], won[pick(random)]);
        }
        won.resize(sample);
        std::sort(won.begin(), won.end());
    }
    for (const Start& s : won) add_node(0, s.index), weight_.push_back(s.weight);
    starts_ = std::uint32_t(node_table_.size());
}

// Walks the states' trees on all threads, round by round: the first round the start positions,
// each later one the states of other materials that the previous round's lines converted into.
// A state whose search ran out of its budget is walked again at the round's end, alone
// (budget_retries.hpp), so that its lines, if it then finds its tree, join the round's.
void EndgameVerification::build_graph(const VerifyOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    summary_.threads = thread_count(options.threads);
    std::vector<ThreadPart> parts(std::size_t(summary_.threads));
    for (ThreadPart& part : parts) part.advice.resize(set_.tables.size());
    std::vector<Edge> edges;
    const std::size_t cap = options.max_trees ? options.max_trees : SIZE_MAX;
    std::vector<FoundEdge> found;
    BudgetRetries retries(summary_.threads);
    std::vector<std::int32_t> advice_offset(set_.tables.size(), 0); // its first in advice_use
    for (std::size_t t = 1; t < set_.tables.size(); ++t)
        advice_offset[t] = advice_offset[t - 1] + std::int32_t(set_.tables[t - 1].advice.size());
    for (std::size_t begin = 0, end; begin < std::min(node_table_.size(), cap); begin = end) {
        end = std::min(node_table_.size(), cap);
        // Progress over every state walked so far, of all rounds: the later rounds (the states a
        // sample's lines reach, or another material's) grow the total, so that a long tail
        // shows as work, not as a silence after 100%. Counted state by state, not by the
        // chunks of parallel_chunks: a chunk of 512 KBNK states can take minutes.
        std::atomic<std::size_t> walked{0};
        Progress progress;
        if (options.progress)
            progress = [&options, &walked, begin, end](std::size_t, std::size_t) {
                options.progress(begin + walked.load(std::memory_order_relaxed), end);
            };
        graph_.own_failures.resize(end, 0);
        graph_.own_mate.resize(end, 0);
        graph_.own_run.resize(end, 0);
        advice_of_.resize(end, -1);
        parallel_chunks(
            end - begin, options.threads,
            [&](int thread, std::size_t from, std::size_t to) {
                GameWalker walker(set_, registry_, options_);
                for (std::size_t id = begin + from; id < begin + to; ++id) {
                    walk_state(parts[std::size_t(thread)], walker, std::uint32_t(id), retries,
                               thread, advice_offset);
                    walked.fetch_add(1, std::memory_order_relaxed);
                }
            },
            progress, options.search.stop);
        if (options.status && retries.waiting())
            options.status("searching again, alone, where the budget ran out");
        GameWalker alone(set_, registry_, options_);
        retries.retry(
            [&](std::uint32_t id) {
                const auto& result = walk_state(parts[0], alone, id, retries, 0, advice_offset);
                return Retried{result.stats.nodes,
                               result.outcome != search::Outcome::budget_exceeded};
            },
            summary_.retries, options.search.stop);
        // Between rounds, on one thread: targets become nodes (new ones walk next round), in
        // the order of the states that found them, so that the nodes are numbered alike
        // whichever thread walked what (a cap on the trees then walks the same states).
        // A counting sort by state: a state's edges are contiguous, in one thread's part.
        std::vector<std::uint32_t> place(end - begin + 1, 0);
        for (const ThreadPart& part : parts)
            for (const FoundEdge& e : part.edges) ++place[e.from - begin + 1];
        for (std::size_t i = 1; i < place.size(); ++i) place[i] += place[i - 1];
        found.resize(place.back());
        for (ThreadPart& part : parts) {
            for (const FoundEdge& e : part.edges) found[place[e.from - begin]++] = e;
            part.edges.clear();
        }
        for (const FoundEdge& e : found)
            edges.push_back({e.from, add_node(e.table, e.index), e.moves, e.before, e.after});
    }
    const std::size_t n = node_table_.size();
    // States beyond the cap were found but never walked.
    graph_.own_failures.resize(n, verdict_bit(Verdict::unexplored));
    graph_.own_mate.resize(n, 0);
    graph_.own_run.resize(n, 0);
    advice_of_.resize(n, -1);
    graph_.first.assign(n + 1, 0);
    for (const Edge& e : edges) ++graph_.first[e.from + 1];
    for (std::size_t i = 0; i < n; ++i) graph_.first[i + 1] += graph_.first[i];
    const std::size_t m = edges.size();
    graph_.target.resize(m);
    graph_.moves.resize(m);
    graph_.before.resize(m);
    graph_.after.resize(m);
    std::vector<std::uint32_t> fill(graph_.first.begin(), graph_.first.end() - 1);
    for (const Edge& e : edges) {
        const std::uint32_t at = fill[e.from]++;
        graph_.target[at] = e.to;
        graph_.moves[at] = e.moves;
        graph_.before[at] = e.before;
        graph_.after[at] = e.after;
    }
    for (std::size_t t = 0; t < set_.tables.size(); ++t) {
        AdviceTally tally;
        for (const ThreadPart& part : parts) tally.add(part.advice[t]);
        for (std::size_t a = 0; a < set_.tables[t].advice.size(); ++a)
            summary_.advice_use.push_back(tally.use_of(
                a, set_.tables[t].name, set_.tables[t].advice[a],
                [&](std::uint32_t id) { return position(id); },
                [&](const Position& p) { return tablebase::best_move(registry_, p); }));
    }
    for (const ThreadPart& part : parts) summary_.search_nodes += part.nodes;
    summary_.states = std::min(n, cap);
    summary_.unwalked = n - summary_.states;
    summary_.graph_edges = m;
    summary_.tree_seconds = search::seconds_since(start);
}

void EndgameVerification::summarise() {
    verdicts_.resize(starts_);
    const std::size_t n = graph_.size();
    std::vector<std::int32_t> optimal(starts_, 0);
    std::vector<std::uint8_t> won(n, 0);
    SummaryTally tally(summary_, limit_);
    const tablebase::MaterialTable table = registry_.material_table(spaces_.front().material());
    tablebase::Board b;
    for (std::uint32_t id = 0; id < starts_; ++id) {
        spaces_.front().board(node_index_[id], b);
        optimal[id] = tablebase::moves_to_mate(table.value(b));
        verdicts_[id] = tally.add(solution_.reachable[id], solution_.worst[id], solution_.run[id],
                                  optimal[id], weight_[id]);
        won[id] = verdicts_[id] == Verdict::won ? weight_[id] : 0; // its worst lines, counted
    }
    tally.finish();
    count_failing_states(summary_, graph_.own_failures);
    const WorstLineSplit split = split_worst_lines(
        graph_, solution_, advice_of_,
        [&](std::uint32_t id) {
            return id < starts_
                       ? optimal[id]
                       : tablebase::moves_to_mate(tablebase::value(registry_, position(id)));
        },
        won, summary_.advice_use.size());
    add_worst_lines(summary_, split.excess, split.visits);
}

std::int64_t EndgameVerification::find(int t, const Position& p) const {
    const std::vector<std::int32_t>& ids = id_of_[std::size_t(t)];
    return ids.empty() ? -1 : ids[slot(t, p)];
}

std::uint32_t EndgameVerification::slot(int t, const Position& p) const {
    const MaterialStates& space = spaces_[std::size_t(t)];
    if (!classes_[std::size_t(t)]) return space.index(p);
    const int symmetry = endgame::canonical_symmetry(p);
    return space.index(symmetry == 0 ? p : endgame::transform(symmetry, p));
}

std::uint32_t EndgameVerification::start_id(const Position& p) const {
    const bool ours = p.side_to_move() == WHITE && p.validate().empty() &&
                      tablebase::board_of(p).material() == spaces_.front().material();
    const std::int64_t id = ours ? find(0, p) : -1;
    if (id < 0 || id >= std::int64_t(starts_))
        throw std::invalid_argument("not a won " + spaces_.front().material().name() +
                                    " position with White to move");
    return std::uint32_t(id);
}

Position EndgameVerification::position(std::uint32_t id) const {
    return spaces_[node_table_[id]].position(node_index_[id]);
}

Verdict EndgameVerification::verdict(const Position& p) const { return verdicts_[start_id(p)]; }

int EndgameVerification::worst(const Position& p) const {
    const std::uint32_t i = start_id(p);
    const Verdict v = verdicts_[i];
    return v == Verdict::won || v == Verdict::over_fifty ? solution_.worst[i] : -1;
}

std::vector<Position> EndgameVerification::examples(Verdict v, int n) const {
    std::vector<Position> found;
    for (std::uint32_t id = 0; id < starts_ && int(found.size()) < n; ++id)
        if (verdicts_[id] == v) found.push_back(position(id));
    return found;
}

Position EndgameVerification::worst_position() const {
    for (std::uint32_t id = 0; id < starts_; ++id)
        if (verdicts_[id] == Verdict::won && solution_.worst[id] == summary_.worst)
            return position(id);
    throw std::logic_error("verify: no position is won");
}

} // namespace al0::verify
