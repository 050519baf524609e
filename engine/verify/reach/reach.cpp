// The retrograde pass of `al0 reach` (reach.hpp). Per class of roots that agree on every root(E)
// the goals read: the goals are evaluated at every position (from primitive values computed once
// for all classes), then forced positions are found ply by ply, as the tablebase solver finds
// mates: from each position forced in p plies, its predecessors are looked at again. With the
// advice's move constraints, the depths at which a depth test can still change its answer are
// solved one at a time, above the depth from which none can.

#include "engine/verify/reach/reach.hpp"
#include "engine/verify/reach/reach_shared.hpp"
#include "engine/verify/reach/reach_sweep.hpp"
#include "engine/verify/reach/reach_worker.hpp"

#include "engine/search/elapsed.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/shared/material_states.hpp"
#include "engine/verify/shared/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace al0::verify {

namespace {

using namespace reach_detail;

// Computes what every class shares: legality, the cached values, the roots and their classes.
void prepare(Shared& sh, tablebase::Registry& registry, int threads, ReachReport& report) {
    const endgame::CompiledTable& table = sh.table;
    const int main = int(sh.spaces.size() - 1);
    const tablebase::MaterialTable tb =
        registry.material_table(sh.spaces[std::size_t(main)].space.material());
    const std::size_t k = sh.cached.size();
    const std::size_t r = sh.roots.size();
    std::vector<std::uint8_t> status; // main, White to move: 0 not legal, 1 legal, 2 won, 3 root
    std::vector<std::int32_t> keys;
    for (int s = 0; s <= main; ++s) {
        SpaceData& data = sh.spaces[std::size_t(s)];
        const std::uint32_t n = data.space.size();
        data.legal.assign(n, 0);
        data.values.assign(std::size_t(n) * k, 0);
        if (s == main) {
            status.assign(n, 0);
            keys.assign(std::size_t(n) * r, 0);
        }
        const auto work = [&](int, std::size_t begin, std::size_t end) {
            const endgame::Domain domain(table.roles);
            const search::Evaluator<endgame::Domain> eval(domain, table.program);
            for (std::size_t slot = begin; slot < end; ++slot) {
                Board b;
                if (!data.space.decode(std::uint32_t(slot), b) || tablebase::illegality(b))
                    continue;
                bool converts = false;
                tablebase::for_each_move(
                    b, [&](const Board&, tablebase::BoardMove, bool c) { converts |= c; });
                data.legal[slot] = converts ? CONVERTS : 1;
                const endgame::State state = state_of(table.roles, b);
                for (std::size_t j = 0; j < k; ++j)
                    data.values[slot * k + j] =
                        std::int16_t(domain.value(table.program.value_slots[sh.cached[j]], state));
                if (s != main || b.stm != WHITE) continue;
                status[slot] = 1;
                if (!tablebase::is_win(tb.value(b))) continue;
                status[slot] = 2;
                const int rule = search::applicable_rule(domain, table.program, state);
                if (rule < 0) continue;
                const auto& listed = table.program.rules[std::size_t(rule)].advice;
                const auto self = std::uint16_t(&sh.advice - table.program.advice.data());
                if (std::find(listed.begin(), listed.end(), self) == listed.end()) continue;
                status[slot] = 3;
                for (std::size_t i = 0; i < r; ++i) {
                    search::NodeValues values;
                    keys[slot * r + i] =
                        eval.value(table.program.root_values[sh.roots[i]], state, state, values);
                }
            }
        };
        parallel_chunks(n, threads, work, {}, sh.stop);
        check_stop(sh);
    }
    std::map<std::vector<std::int32_t>, int> classes;
    for (std::uint32_t slot = 0; slot < status.size(); ++slot) {
        report.positions += status[slot] >= 1;
        report.won += status[slot] >= 2;
        if (status[slot] != 3) continue;
        const std::vector<std::int32_t> key(keys.begin() + std::ptrdiff_t(slot * r),
                                            keys.begin() + std::ptrdiff_t((slot + 1) * r));
        auto [it, fresh] = classes.emplace(key, int(sh.class_root.size()));
        if (fresh) {
            sh.class_root.push_back(slot);
            if (r == 1) sh.class_value.push_back(key[0]);
        }
        sh.root_slots.push_back(slot);
        sh.root_class.push_back(it->second);
    }
    report.roots = sh.root_slots.size();
    report.root_classes = int(sh.class_root.size());
}

void summarise(ReachResult& result, const Shared& sh) {
    ReachReport& r = result.report;
    std::uint64_t total = 0;
    for (std::uint32_t slot : sh.root_slots) {
        const std::uint8_t v = result.root_plies[slot];
        if (v == ReachResult::NOT_FORCEABLE) continue;
        if (r.by_plies.size() <= v) r.by_plies.resize(std::size_t(v) + 1, 0);
        ++r.by_plies[v];
        ++r.forceable;
        total += v;
        if (v > r.worst) {
            r.worst = v;
            Board b;
            sh.spaces.back().space.decode(slot, b);
            r.worst_root = position_of(b);
        }
    }
    if (r.forceable == 0) return;
    r.mean = double(total) / double(r.forceable);
    std::uint64_t seen = 0;
    for (std::size_t p = 0; p < r.by_plies.size(); ++p) {
        seen += r.by_plies[p];
        if (r.median < 0 && 2 * seen >= r.forceable) r.median = int(p);
        if (r.p99 < 0 && 100 * seen >= 99 * r.forceable) r.p99 = int(p);
    }
}

} // namespace

std::optional<int> ReachResult::plies(const Position& root) const {
    if (!space) return std::nullopt;
    const Board b = tablebase::board_of(root);
    if (b.count != space->material().men() || !(b.material() == space->material()) ||
        tablebase::illegality(b))
        return std::nullopt;
    const std::uint8_t v = root_plies[space->index(b)];
    if (v == NOT_ROOT) return std::nullopt;
    return v == NOT_FORCEABLE ? -1 : int(v);
}

namespace {

Expected<ReachResult> reach_until_stopped(const endgame::CompiledTable& table,
                                          tablebase::Registry& registry,
                                          const ReachOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const Program& program = table.program;
    if (!program.instances)
        return Error{"reach needs a table that declares its material (material KBNK.)"};
    const auto material = Material::parse(table.roles.material);
    if (!material) return Error{material.error()};
    if (material->men() > tablebase::Board::MAX_MEN)
        return Error{"reach needs the tablebase, which has at most four men; " + material->name() +
                     " has " + std::to_string(material->men())};
    if (material->count(WHITE) == 0 || material->insufficient())
        return Error{"reach needs a material the table's side can win: " + material->name()};
    // Why: reach's retrograde pass (like the tablebase's before it took en passant in) values a
    // double step's child without the capture en passant it allows, which only a pawn on each
    // side makes possible.
    const auto pawns = [&](Color c) {
        for (int i = 0; i < material->count(c); ++i)
            if (material->extra(c, i) == tablebase::K_PAWN) return true;
        return false;
    };
    if (pawns(WHITE) && pawns(BLACK))
        return Error{"reach does not model captures en passant, so not a material with a pawn on "
                     "each side: " +
                     material->name()};
    const int n = int(program.advice.size());
    if (options.advice < 0 || options.advice >= n || options.goal_of >= n)
        return Error{"reach: no such advice"};
    const search::CompiledAdvice& advice = program.advice[std::size_t(options.advice)];
    const search::CompiledAdvice& goal_advice =
        program.advice[std::size_t(options.goal_of < 0 ? options.advice : options.goal_of)];

    Shared sh(table, advice);
    sh.better = goal_advice.better_goal;
    sh.holding = advice.holding_goal;
    sh.constraints = options.constraints;
    sh.stop = options.stop;
    ReachResult result;
    ReachReport& rep = result.report;
    rep.advice = advice.name;
    rep.goal_of = goal_advice.name;
    rep.material = material->name();
    rep.constraints = options.constraints;
    int last_rule = -1;
    for (std::size_t i = 0; i < program.rules.size(); ++i) {
        const auto& listed = program.rules[i].advice;
        if (std::find(listed.begin(), listed.end(), std::uint16_t(options.advice)) !=
            listed.end()) {
            rep.rules.push_back(program.rules[i].name);
            last_rule = int(i);
        }
    }

    Reads reads;
    reads.goal(program, sh.better, true);
    reads.goal(program, sh.holding, true);
    Reads conditions; // they decide the roots: their symmetry and roles matter too
    for (int i = 0; i <= last_rule; ++i)
        conditions.goal(program, program.rules[std::size_t(i)].condition, false);
    Reads moves;
    if (options.constraints) {
        moves.constraint(program, advice.us_moves);
        moves.constraint(program, advice.them_moves);
        reads.constraint(program, advice.us_moves);
        reads.constraint(program, advice.them_moves);
    }
    sh.cached.assign(reads.slots.begin(), reads.slots.end());
    sh.roots.assign(reads.roots.begin(), reads.roots.end());
    sh.levels = reads.deepest_test + 1;
    Reads all = reads;
    all.instances.insert(all.instances.end(), conditions.instances.begin(),
                         conditions.instances.end());

    const std::vector<Material> materials = materials_from(*material);
    if (auto why = ambiguous_roles(table.roles, materials, all)) return Error{"reach: " + *why};
    rep.symmetric = !asymmetric(all);
    for (const Material& m : materials) sh.spaces.push_back({ReachSpace(m, rep.symmetric), {}, {}});
    const int threads = thread_count(options.threads);
    rep.threads = threads;
    rep.depth_levels = sh.levels;

    prepare(sh, registry, threads, rep);

    const ReachSpace& main = sh.spaces.back().space;
    result.space.emplace(main);
    result.root_plies.assign(main.size(), ReachResult::NOT_ROOT);
    // Roots of each class, in slot order.
    std::vector<std::vector<std::uint32_t>> members(sh.class_root.size());
    for (std::size_t i = 0; i < sh.root_slots.size(); ++i)
        members[std::size_t(sh.root_class[i])].push_back(sh.root_slots[i]);

    // The sweep (reach_sweep.hpp): one root value, both goals moving with it the same way, no
    // move filter reading it.
    const reach_reads::Trend trend = reach_reads::combined(
        reach_reads::goal_trend(program, sh.better), reach_reads::goal_trend(program, sh.holding));
    rep.swept = options.sweep && sh.class_value.size() > 1 && sh.class_value.size() < 0xffff &&
                moves.roots.empty() &&
                (trend == reach_reads::Trend::rising || trend == reach_reads::Trend::falling);

    std::vector<std::pair<std::uint32_t, ReachLine>> lines;
    std::mutex lines_mutex;
    std::exception_ptr error;
    // The roots of class C, once its entries stand.
    std::size_t classes_done = 0;
    const auto record = [&](Worker& worker, std::size_t c) {
        if (options.progress) {
            std::lock_guard lock(lines_mutex);
            options.progress(++classes_done, members.size());
        }
        int shown = 0;
        for (std::uint32_t slot : members[c]) {
            const std::uint8_t v = worker.root_entry(slot);
            result.root_plies[slot] = forced(v) ? v : ReachResult::NOT_FORCEABLE;
            if (v == HOLD_FAILS) {
                std::lock_guard lock(lines_mutex);
                ++rep.holding_fails;
            }
            if (forced(v) || shown >= options.examples) continue;
            ++shown;
            ReachLine line = worker.line(slot);
            std::lock_guard lock(lines_mutex);
            lines.emplace_back(slot, std::move(line));
        }
    };
    const int runs = std::min<int>(threads, int(members.size()));
    std::atomic<std::size_t> next{0};
    std::function<void(int)> run;
    std::vector<int> order(members.size());
    std::optional<Thresholds> limits;
    std::optional<ConversionParents> parents;
    if (rep.swept) {
        // Each thread sweeps a run of the classes in order: the first by a full pass.
        for (std::size_t c = 0; c < order.size(); ++c) order[c] = int(c);
        const bool rising = trend == reach_reads::Trend::rising;
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            return rising ? sh.class_value[std::size_t(a)] < sh.class_value[std::size_t(b)]
                          : sh.class_value[std::size_t(a)] > sh.class_value[std::size_t(b)];
        });
        limits.emplace(thresholds(sh, order, threads));
        parents.emplace(conversion_parents(sh));
        run = [&](int t) {
            SweepWorker worker(sh, *limits, *parents);
            worker.sweep(order, order.size() * std::size_t(t) / std::size_t(runs),
                         order.size() * std::size_t(t + 1) / std::size_t(runs),
                         [&](int c) { record(worker, std::size_t(c)); });
        };
    } else {
        run = [&](int) {
            Worker worker(sh);
            for (std::size_t c; (c = next.fetch_add(1)) < members.size();) {
                worker.solve(int(c));
                record(worker, c);
            }
        };
    }
    const auto guarded = [&](int t) {
        try {
            run(t);
        } catch (...) {
            std::lock_guard lock(lines_mutex);
            // The first error is the one to report: the others' are the Cancelled it causes.
            if (!error) error = std::current_exception();
            sh.abandoned = true;
            next = members.size();
        }
    };
    {
        std::vector<std::jthread> pool;
        for (int t = 1; t < runs; ++t) pool.emplace_back(guarded, t);
        guarded(0);
    }
    if (error) {
        try {
            std::rethrow_exception(error);
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            return Error{e.what()};
        }
    }
    std::sort(lines.begin(), lines.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < lines.size() && int(i) < options.examples; ++i)
        rep.unforceable.push_back(std::move(lines[i].second));
    summarise(result, sh);
    rep.seconds = search::seconds_since(start);
    return result;
}

} // namespace

Expected<ReachResult> reach(const endgame::CompiledTable& table, tablebase::Registry& registry,
                            const ReachOptions& options) {
    try {
        return reach_until_stopped(table, registry, options);
    } catch (const Cancelled&) {
        return Error{"reach stopped"};
    }
}

} // namespace al0::verify
