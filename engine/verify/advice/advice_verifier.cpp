#include "engine/verify/advice/advice_verifier.hpp"

#include "contract/chess_library.hpp"
#include "engine/endgame/compiled_domain.hpp"
#include "engine/krk/krk_library_domain.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/advice/miss_reason.hpp"
#include "engine/verify/checker/tree_checker.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/shared/budget_retries.hpp"
#include "engine/verify/shared/goal_text.hpp"
#include "engine/verify/shared/material_states.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <stdexcept>

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
        std::sort(g.examples.begin(), g.examples.end(),
                  [](const auto& a, const auto& b) { return a.order < b.order; });
        if (int(g.examples.size()) > keep) g.examples.resize(std::size_t(keep));
        groups.push_back(std::move(g));
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const auto& a, const auto& b) { return a.count > b.count; });
    return groups;
}

// Runs the advice's search at a root into TREE.
template <class D>
search::AdviceAttempt search_once(const D& domain, const search::Program& program,
                                  const search::CompiledAdvice& adv, const typename D::State& root,
                                  search::ForcingTree<Move>& tree, std::uint64_t budget) {
    tree.nodes.clear();
    tree.edges.clear();
    search::Statistics stats;
    return search::AdviceSearch<D>(domain, program, adv, root, tree, stats, budget).run();
}

// Whether the search ATTEMPT ran out of its node budget or went too deep (counted in T): then
// it says nothing of the advice.
bool at_limit(const search::AdviceAttempt& attempt, Tally& t) {
    t.budget_exceeded += attempt.failure == search::Failure::budget_exceeded;
    t.depth_exceeded += attempt.failure == search::Failure::depth_exceeded;
    return attempt.failure == search::Failure::budget_exceeded ||
           attempt.failure == search::Failure::depth_exceeded;
}

constexpr const char* UNSOUND = "the tablebase has no mate within the tree's depth";

// Adds the threads' counts and groups to the report, and the time since START.
void finish(AdviceReport& report, const std::vector<Tally>& tallies, int examples,
            std::chrono::steady_clock::time_point start) {
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
    report.seconds = search::seconds_since(start);
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
    // A KRK table over the chess library (instances) names mate by the library's id.
    report.mating = implies_predicate(program, adv.better_goal,
                                      program.instances ? std::uint8_t(contract::chess::P_MATE)
                                                        : std::uint8_t(krk::P_MATE));
    report.mate_depth = report.mating ? advice_mate_depth(adv) : -1;
    report.threads = thread_count(options.threads);
    const std::vector<std::int32_t> states = legal_white_states();
    report.positions = int(states.size());
    std::vector<Tally> tallies(report.threads);
    parallel_chunks(
        states.size(), options.threads,
        [&](int thread, std::size_t begin, std::size_t end) {
            Tally& t = tallies[thread];
            search::ForcingTree<Move> tree;
            for (std::size_t i = begin; i < end; ++i) {
                const krk::KrkState s = state_at(states[i]);
                const auto order = std::uint32_t(states[i]);
                const auto attempt = krk::on_krk_domain(program, [&](const auto& domain) {
                    return search_once(domain, program, adv, s, tree, options.search.node_budget);
                });
                if (at_limit(attempt, t)) continue;
                const int mate_in = report.mating ? tablebase.entry(WHITE, s.wk, s.bk, s.wr) : -1;
                const bool within =
                    report.mate_depth >= 0 && mate_in >= 0 && mate_in <= report.mate_depth;
                t.within += within;
                if (attempt.failure != search::Failure::none) {
                    if (!within) continue;
                    MissReason why = explain_miss(program, adv, tablebase, s, report.mate_depth);
                    add(t.misses, why.reason, {krk::to_position(s), std::move(why.line), order},
                        examples);
                    continue;
                }
                ++t.satisfiable;
                t.found += within;
                if (auto defect =
                        check_tree(program, adv, tree, krk::to_position(s), report.mating)) {
                    add(t.defects, defect_name(defect->kind),
                        {krk::to_position(s), std::move(defect->line), order}, examples);
                    continue;
                }
                if (!report.mating) continue;
                const int tree_moves = (tree.height() + 1) / 2;
                if (mate_in >= 0 && mate_in <= tree_moves)
                    ++t.sound;
                else
                    add(t.unsound, UNSOUND, {krk::to_position(s), {}, order}, examples);
            }
        },
        options.progress, options.search.stop);
    finish(report, tallies, examples, start);
    return report;
}

AdviceReport verify_endgame_advice(const endgame::CompiledTable& table, int advice,
                                   tablebase::Registry& registry, const VerifyOptions& options,
                                   int examples) {
    const auto start = std::chrono::steady_clock::now();
    const search::Program& program = table.program;
    const search::CompiledAdvice& adv = program.advice.at(std::size_t(advice));
    AdviceReport report;
    report.advice = adv.name;
    report.mating = implies_predicate(program, adv.better_goal, contract::chess::P_MATE);
    report.mate_depth = report.mating ? advice_mate_depth(adv) : -1;
    report.threads = thread_count(options.threads);
    const auto material = tablebase::Material::parse(table.roles.material);
    if (!material) throw std::invalid_argument("verify: " + material.error());
    registry.table(*material); // built before the threads only read it
    const MaterialStates space(*material);
    std::vector<std::uint32_t> slots;
    tablebase::Board b;
    for (std::uint32_t i = 0; i < space.size(); ++i)
        if (space.board(i, b) && !tablebase::illegality(b)) slots.push_back(i);
    report.positions = int(slots.size());
    std::vector<Tally> tallies(std::size_t(report.threads));
    BudgetRetries retries(report.threads);
    // Checks the advice at the position of slots[i] on THREAD (its tally).
    const auto check = [&](int thread, std::size_t i, search::ForcingTree<Move>& tree) {
        Tally& t = tallies[std::size_t(thread)];
        const Position pos = space.position(slots[i]);
        const auto oriented = endgame::orient(table.roles, pos);
        const auto attempt = endgame::on_domain(table.roles, program, [&](const auto& domain) {
            return search_once(domain, program, adv, oriented->state, tree,
                               options.search.node_budget);
        });
        const Retried searched{attempt.nodes, attempt.failure != search::Failure::budget_exceeded};
        if (retries.set_aside(thread, std::uint32_t(i), !searched.fitted) || at_limit(attempt, t))
            return searched;
        const std::uint8_t value = registry.value(tablebase::board_of(pos));
        const int mate_in =
            report.mating && tablebase::is_win(value) ? tablebase::moves_to_mate(value) : -1;
        const bool within = report.mate_depth >= 0 && mate_in >= 0 && mate_in <= report.mate_depth;
        t.within += within;
        if (attempt.failure != search::Failure::none) {
            if (within)
                add(t.misses, "not satisfiable, though the tablebase mates within its depth",
                    {pos, {}, slots[i]}, examples);
            return searched;
        }
        ++t.satisfiable;
        t.found += within;
        if (auto defect = check_tree(program, adv, tree, oriented->pos, report.mating)) {
            add(t.defects, defect_name(defect->kind), {pos, std::move(defect->line), slots[i]},
                examples);
            return searched;
        }
        if (!report.mating) return searched;
        if (mate_in >= 0 && mate_in <= (tree.height() + 1) / 2)
            ++t.sound;
        else
            add(t.unsound, UNSOUND, {pos, {}, slots[i]}, examples);
        return searched;
    };
    parallel_chunks(
        slots.size(), options.threads,
        [&](int thread, std::size_t begin, std::size_t end) {
            search::ForcingTree<Move> tree;
            for (std::size_t i = begin; i < end; ++i) check(thread, i, tree);
        },
        options.progress, options.search.stop);
    search::ForcingTree<Move> tree;
    retries.retry([&](std::uint32_t i) { return check(0, i, tree); }, report.retries,
                  options.search.stop);
    finish(report, tallies, examples, start);
    return report;
}

} // namespace al0::verify
