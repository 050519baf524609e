#pragma once
// The domain-free AND/OR search of docs/LANGUAGE.md §7. A domain is anything that meets the Domain
// concept: it says who is to move, plays a move (copy-make), evaluates a predicate by id and
// generates the moves of a generator by id into a fixed buffer. An InstanceDomain also answers
// primitives applied to arguments (Instance): the value of a measure or predicate, and the moves
// of a generator. No chess here.

#include "engine/search/advice_search.hpp"
#include "engine/search/rule_choice.hpp"
#include "engine/search/search_result.hpp"

#include <vector>

namespace al0::search {

// Chooses a plan (docs/LANGUAGE.md §7) into `result`, reusing its buffers: commits to the first
// rule whose condition holds and keeps the forcing tree of its first satisfiable piece of advice,
// with every attempt and the statistics. ROOT_ONLY, when given, restricts the root's moves to
// those of it that the advice allows (UCI `go searchmoves`).
template <Domain D>
void build_tree_into(const D& domain, const Program& program, const typename D::State& root,
                     const Options& options, SearchResult<typename D::Move>& result,
                     const std::vector<typename D::Move>* root_only = nullptr) {
    result.outcome = Outcome::no_rule;
    result.advice = -1;
    result.tree.nodes.clear();
    result.tree.edges.clear();
    result.tree.rule = result.tree.advice = -1;
    result.attempts.clear();
    result.refutations.clear();
    result.stats = {};
    NodeValues root_values; // shared by the rule's condition and every advice tried
    result.rule = applicable_rule(domain, program, root, root_values);
    if (result.rule >= 0) {
        result.outcome = Outcome::no_advice;
        for (std::uint16_t a : program.rules[result.rule].advice) {
            if (options.explain) result.refutations.emplace_back();
            AdviceSearch<D> search(domain, program, program.advice[a], root, result.tree,
                                   result.stats, options.node_budget,
                                   options.explain ? &result.refutations.back() : nullptr,
                                   options.stop, root_only);
            search.share_root_values(root_values);
            AdviceAttempt attempt = search.run();
            attempt.advice = a;
            result.attempts.push_back(attempt);
            if (attempt.failure == Failure::none) {
                result.outcome = Outcome::found;
                result.advice = result.tree.advice = a;
                result.tree.rule = result.rule;
                break;
            }
            result.tree.nodes.clear(); // a failed search leaves no nodes, but a budget stop may
            result.tree.edges.clear();
            if (attempt.failure == Failure::budget_exceeded ||
                attempt.failure == Failure::depth_exceeded) {
                result.outcome = attempt.failure == Failure::budget_exceeded
                                     ? Outcome::budget_exceeded
                                     : Outcome::depth_exceeded;
                result.advice = a;
                break;
            }
        }
    }
}

// Returns the plan of docs/LANGUAGE.md §7 for a root (see build_tree_into).
template <Domain D>
SearchResult<typename D::Move> build_tree(const D& domain, const Program& program,
                                          const typename D::State& root,
                                          const Options& options = {}) {
    SearchResult<typename D::Move> result;
    build_tree_into(domain, program, root, options, result);
    return result;
}

} // namespace al0::search
