#pragma once
// What a search is asked (Options) and what it answers (SearchResult): the outcome, the advice
// tried and why each failed, the forcing tree, the statistics. The one result vocabulary of
// build_tree and the exhaustive modes.

#include "engine/search/forcing_tree.hpp"

#include <atomic>
#include <cstdint>
#include <vector>

namespace al0::search {

struct Options {
    std::uint64_t node_budget = 10'000'000;
    bool explain = false; // record a refutation of every root move of each failed advice
    // When given, build_tree polls it every STOP_POLL_NODES nodes; once it is true the search
    // ends as if its budget were spent (for a UCI `stop` or `quit` during a search).
    const std::atomic<bool>* stop = nullptr;
};

inline constexpr std::uint64_t STOP_POLL_NODES = 4096;

struct Statistics {
    std::uint64_t nodes = 0;
    std::uint64_t backtracks = 0; // nodes that failed
    double seconds = 0;           // set by a caller that times the search (build_tree leaves it 0)
};

enum class Outcome : std::uint8_t { found, no_rule, no_advice, budget_exceeded, depth_exceeded };

// Why a piece of advice was not satisfiable at the root.
enum class Failure : std::uint8_t {
    none,            // satisfied
    holding_at_root, // the holding goal fails at the root
    goal_at_root,    // the better goal already holds at the root: a plan must make a move
    no_moves,        // the root is not a leaf and its side has no allowed move
    all_moves_fail,  // every allowed root move fails somewhere below
    budget_exceeded,
    depth_exceeded, // a line went deeper than MAX_SEARCH_DEPTH
};

struct AdviceAttempt {
    int advice = -1;
    Failure failure = Failure::none;
    int root_moves = 0; // allowed moves at the root
    std::uint64_t nodes = 0;
    int tree_plies = 0; // advice with `shallowest`, satisfied: its tree's depth (else 0)
};

// Why one root move failed, for explanations: the first line below it that ended in a failing
// node, and what failed there.
template <class Move>
struct Refutation {
    Move root_move{};
    std::vector<Move> line;      // from the root move on, up to the failing node
    bool holding_failed = false; // else: the better goal did not hold and no move was allowed
};

template <class Move>
struct SearchResult {
    Outcome outcome = Outcome::no_rule;
    int rule = -1;
    int advice = -1;
    ForcingTree<Move> tree;
    std::vector<AdviceAttempt> attempts;
    std::vector<std::vector<Refutation<Move>>> refutations; // per attempt, with Options::explain
    Statistics stats;
};

} // namespace al0::search
