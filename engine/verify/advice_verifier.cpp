#include "engine/verify/advice_verifier.hpp"

#include "engine/krk/krk_domain.hpp"
#include "engine/verify/goal_text.hpp"
#include "engine/verify/krk_states.hpp"
#include "engine/verify/miss_reason.hpp"
#include "engine/verify/tree_checker.hpp"

#include <algorithm>
#include <chrono>
#include <map>

namespace al0::verify {

namespace {

using Groups = std::map<std::string, ReasonGroup>;

// What one thread counts; its examples are the first it met, so merging keeps the first overall.
struct Tally {
    int satisfiable = 0, budget_exceeded = 0, depth_exceeded = 0, sound = 0, within = 0, found = 0;
    Groups defects, unsound, misses;
};

void add(Groups& groups, const std::string& reason, AdviceExample example, int keep) {
    ReasonGroup& g = groups[reason];
    g.reason = reason;
    if (int(g.examples.size()) < keep) g.examples.push_back(std::move(example));
    ++g.count;
}

// Returns the groups of all threads merged, most frequent first, each with its first examples.
std::vector<ReasonGroup> merge(const std::vector<Tally>& tallies, Groups Tally::*member, int keep) {
    Groups all;
    for (const Tally& t : tallies)
        for (const auto& [reason, g] : t.*member) {
            ReasonGroup& into = all[reason];
            into.reason = reason;
            into.count += g.count;
            into.examples.insert(into.examples.end(), g.examples.begin(), g.examples.end());
        }
    std::vector<ReasonGroup> groups;
    for (auto& [reason, g] : all) {
        std::sort(g.examples.begin(), g.examples.end(), [](const auto& a, const auto& b) {
            return state_index(a.position) < state_index(b.position);
        });
        if (int(g.examples.size()) > keep) g.examples.resize(std::size_t(keep));
        groups.push_back(std::move(g));
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto& a, const auto& b) { return a.count > b.count; });
    return groups;
}

int total(const std::vector<ReasonGroup>& groups) {
    int n = 0;
    for (const ReasonGroup& g : groups) n += g.count;
    return n;
}

} // namespace

int AdviceReport::defective() const { return total(defects); }
int AdviceReport::missed() const { return total(misses); }
bool AdviceReport::passed() const {
    return budget_exceeded == 0 && depth_exceeded == 0 && defects.empty() && unsound.empty();
}

AdviceReport verify_advice(const search::Program& program, int advice,
                           const tablebase::KrkTablebase& tablebase, const VerifyOptions& options,
                           int examples) {
    const auto start = std::chrono::steady_clock::now();
    const search::CompiledAdvice& adv = program.advice.at(std::size_t(advice));
    AdviceReport report;
    report.advice = adv.name;
    report.mating = implies_predicate(program, adv.better_goal, krk::P_MATE);
    report.mate_depth = report.mating ? advice_mate_depth(adv) : -1;
    report.threads = thread_count(options.threads);
    const std::vector<std::int32_t> states = legal_white_states();
    report.positions = int(states.size());
    std::vector<Tally> tallies(report.threads);
    parallel_chunks(
        states.size(), options.threads,
        [&](int thread, std::size_t begin, std::size_t end) {
            Tally& t = tallies[thread];
            const krk::KrkDomain domain;
            search::ForcingTree<Move> tree;
            for (std::size_t i = begin; i < end; ++i) {
                const krk::KrkState s = state_at(states[i]);
                tree.nodes.clear();
                tree.edges.clear();
                search::Statistics stats;
                const auto attempt =
                    search::AdviceSearch<krk::KrkDomain>(domain, program, adv, s, tree, stats,
                                                         options.search.node_budget)
                        .run();
                if (attempt.failure == search::Failure::budget_exceeded ||
                    attempt.failure == search::Failure::depth_exceeded) {
                    ++(attempt.failure == search::Failure::budget_exceeded ? t.budget_exceeded
                                                                           : t.depth_exceeded);
                    continue;
                }
                const int mate_in = report.mating ? tablebase.entry(WHITE, s.wk, s.bk, s.wr) : -1;
                const bool within =
                    report.mate_depth >= 0 && mate_in >= 0 && mate_in <= report.mate_depth;
                t.within += within;
                if (attempt.failure != search::Failure::none) {
                    if (!within) continue;
                    MissReason why = explain_miss(program, adv, tablebase, s, report.mate_depth);
                    add(t.misses, why.reason, {s, std::move(why.line)}, examples);
                    continue;
                }
                ++t.satisfiable;
                t.found += within;
                if (auto defect =
                        check_tree(program, adv, tree, krk::to_position(s), report.mating)) {
                    add(t.defects, defect_name(defect->kind), {s, std::move(defect->line)},
                        examples);
                    continue;
                }
                if (!report.mating) continue;
                const int tree_moves = (tree.height() + 1) / 2;
                if (mate_in >= 0 && mate_in <= tree_moves)
                    ++t.sound;
                else
                    add(t.unsound, "the tablebase has no mate within the tree's depth", {s, {}},
                        examples);
            }
        },
        options.progress);
    for (const Tally& t : tallies) {
        report.satisfiable += t.satisfiable;
        report.budget_exceeded += t.budget_exceeded;
        report.depth_exceeded += t.depth_exceeded;
        report.sound += t.sound;
        report.mate_within_depth += t.within;
        report.found += t.found;
    }
    report.defects = merge(tallies, &Tally::defects, examples);
    report.unsound = merge(tallies, &Tally::unsound, examples);
    report.misses = merge(tallies, &Tally::misses, examples);
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

} // namespace al0::verify
