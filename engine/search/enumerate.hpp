#pragma once
// The core's exhaustive modes (README, N-queens): `all` visits every solution line of a table in
// generation order and `count` counts them, without building a tree, on one or several threads.
//
// A solution line is a path of allowed moves from the root to a node where the better goal
// holds, the holding goal holding at every node on it (the same node test as AdviceSearch).
// Every allowed move is followed, at us and them nodes alike: for a one-player domain such as
// N-queens the lines are exactly the solutions; for two-player advice they are the winning
// lines, and the forcing tree is build_tree's business (mode `first`).

#include "engine/search/core.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/search/node_shape.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <span>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace al0::search {

struct EnumerateResult {
    Outcome outcome = Outcome::no_rule; // found: the advice has at least one solution line
    int rule = -1;
    int advice = -1; // the advice whose lines were visited (or that exceeded a limit)
    std::uint64_t solutions = 0;
    Statistics stats;
};

// The visitor of mode `count`: no line is kept or visited.
struct CountOnly {};

// The frontier of a split count: the nodes at the split depth, in generation order, and once
// their subtrees are counted, the number of solution lines below each.
template <class State>
struct Frontier {
    std::vector<State> states;
    std::vector<std::uint64_t> found;
    bool replay = false; // false: collect states; true: read back `found` in the same order
    std::size_t next = 0;
};

// Walks every line of one piece of advice depth-first. Visit is CountOnly or a callable taking
// std::span<const Move> (the line, root first). With Splits, the walk stops at the frontier's
// depth and hands those nodes to (or takes their counts back from) the frontier. Per node: no
// allocation, no name lookup. The walk stops before `stats` would count more than `budget`
// nodes, or, when it draws from a shared pool, more than it could take from the pool. Shape is
// the advice's NodeShape (with_node_shape) or AnyShape.
template <Domain D, class Visit, bool Splits = false, class Shape = AnyShape>
class LineWalker {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    static constexpr bool keeps_line = !std::is_same_v<Visit, CountOnly>;

    LineWalker(const D& domain, const Program& program, const CompiledAdvice& advice,
               const State& root, Visit& visit, Statistics& stats, std::uint64_t budget)
        : eval_(domain, program), domain_(domain), root_(root), visit_(visit), stats_(stats),
          budget_(budget), holding_(program, advice.holding_goal),
          better_(program, advice.better_goal), us_moves_(program, advice.us_moves),
          them_moves_(program, advice.them_moves) {}

    // Sets where a splitting walk stops: the nodes split_depth plies below the root.
    void split_at(int split_depth, Frontier<State>& frontier) {
        split_depth_ = split_depth;
        frontier_ = &frontier;
    }

    // Makes the walk's budget what it takes from `pool` (nodes left for all the walks that share
    // it), in leases; give_back() returns what it took and did not spend.
    void draw_from(std::atomic<std::uint64_t>& pool) {
        pool_ = &pool;
        budget_ = stats_.nodes;
    }
    void give_back() {
        if (pool_ != nullptr && !exceeded_) *pool_ += budget_ - stats_.nodes;
        budget_ = stats_.nodes;
    }

    // Returns the number of solution lines through the node s, depth plies below the root.
    std::uint64_t walk(const State& s, int depth) { return spend(1) ? walk_counted(s, depth) : 0; }

    // The same for a node that is already counted: its parent counts its children.
    std::uint64_t walk_counted(const State& s, int depth) {
        switch (test(s, depth)) {
        case NodeTest::fails:
            fail();
            return 0;
        case NodeTest::leaf:
            return 1;
        case NodeTest::inner: {
            std::uint64_t dead_ends = 0;
            const std::uint64_t found = descend(s, depth, dead_ends);
            stats_.backtracks += dead_ends;
            return found;
        }
        }
        return 0;
    }

    // Whether the budget or the depth bound ended the walk, and which (Outcome::found: neither).
    [[nodiscard]] bool exceeded() const { return exceeded_; }
    [[nodiscard]] Outcome limit() const {
        return !exceeded_  ? Outcome::found
               : too_deep_ ? Outcome::depth_exceeded
                           : Outcome::budget_exceeded;
    }

  private:
    using Buffer = typename Evaluator<D>::Buffer;
    enum class NodeTest : std::uint8_t { fails, leaf, inner };

    // FIXED: the goal's predicate id when the walk is compiled for it, else -1.
    template <int Fixed>
    [[gnu::always_inline]] bool holds(const ResolvedGoal& g, const State& s) const {
        if constexpr (Fixed >= 0)
            return domain_.holds(std::uint8_t(Fixed), s, root_);
        else
            return g.predicate >= 0 ? domain_.holds(std::uint8_t(g.predicate), s, root_)
                                    : eval_.holds(g.goal, s, root_);
    }

    // Tests the node s (AdviceSearch's node test); the caller counts a failing node as a
    // backtrack. Why apart from the walk: a child is tested in its parent's loop, so the many dead
    // ends cost no call of their own.
    [[gnu::always_inline]] NodeTest test(const State& s, int depth) {
        if (!holds<Shape::holding>(holding_, s)) return NodeTest::fails;
        if (holds<Shape::better>(better_, s)) {
            if constexpr (keeps_line) visit_(std::span<const Move>(line_.data(), depth));
            return NodeTest::leaf;
        }
        return NodeTest::inner;
    }

    // Returns the solution lines below the inner node s, or, when it has no moves, counts it in
    // DEAD_ENDS. A domain whose moves are a mask (MaskDomain) gives the walk the mask.
    [[gnu::always_inline]] std::uint64_t descend(const State& s, int depth,
                                                 std::uint64_t& dead_ends) {
        if constexpr (Shape::us >= 0)
            if (domain_.us_to_move(s)) {
                if constexpr (MaskDomain<D>) {
                    return walk_moves(s, depth, domain_.move_mask(std::uint8_t(Shape::us), s),
                                      dead_ends);
                } else {
                    Buffer moves;
                    domain_.generate(std::uint8_t(Shape::us), s, moves);
                    return walk_moves(s, depth, moves, dead_ends);
                }
            }
        Buffer moves;
        const ResolvedConstraint& c = domain_.us_to_move(s) ? us_moves_ : them_moves_;
        if (c.generator >= 0)
            domain_.generate(std::uint8_t(c.generator), s, moves);
        else
            eval_.generate(*c.constraint, s, depth, moves, &root_);
        return walk_moves(s, depth, moves, dead_ends);
    }
    template <class Moves>
    [[gnu::always_inline]] std::uint64_t walk_moves(const State& s, int depth, const Moves& moves,
                                                    std::uint64_t& dead_ends) {
        if (moves.empty()) {
            ++dead_ends;
            return 0;
        }
        return walk_below(s, depth, moves);
    }

    // Returns the solution lines below the inner node s, whose moves (a MoveBuffer or MoveMask)
    // are given.
    template <class Moves>
    std::uint64_t walk_below(const State& s, int depth, const Moves& moves) {
        if constexpr (keeps_line)
            if (line_.size() <= std::size_t(depth)) line_.resize(depth + 1);
        if (depth >= MAX_SEARCH_DEPTH) [[unlikely]] { // its children would be too deep
            stop(true);
            return 0;
        }
        if (!spend(moves.size())) return 0;
        // Why the dead ends are counted here and added once: a count in memory per child would
        // chain every dead end's increment on the one before it.
        std::uint64_t found = 0, dead_ends = 0;
        for (Move m : moves) {
            if constexpr (keeps_line) line_[depth] = m;
            const State child = domain_.play(s, m);
            if constexpr (Splits)
                if (depth + 1 == split_depth_) {
                    found += frontier_node(child);
                    continue;
                }
            switch (test(child, depth + 1)) {
            case NodeTest::fails:
                ++dead_ends;
                break;
            case NodeTest::leaf:
                ++found;
                break;
            case NodeTest::inner:
                found += descend(child, depth + 1, dead_ends);
                break;
            }
        }
        stats_.backtracks += dead_ends;
        if (found == 0) fail();
        return found;
    }

    // Counts n nodes about to be tested, or returns false when they would pass the budget; from
    // then on every batch is refused, so the walk unwinds without a check per move. Why per
    // batch of siblings: a check per node would cost more than many a node test.
    bool spend(int n) {
        if (stats_.nodes + std::uint64_t(n) > budget_ && !lease(std::uint64_t(n)))
            return stop(false);
        stats_.nodes += std::uint64_t(n);
        return true;
    }

    // Takes at least the nodes the next batch lacks from the shared pool, or returns false when
    // the pool has too few. Why leases: an atomic per batch would cost the threads more than the
    // nodes; why at most an eighth of what is left: the other threads may still need some.
    [[gnu::noinline]] bool lease(std::uint64_t n) {
        if (pool_ == nullptr || exceeded_) return false;
        constexpr std::uint64_t LEASE = 4096;
        const std::uint64_t need = stats_.nodes + n - budget_;
        std::uint64_t left = pool_->load();
        std::uint64_t take = 0;
        do {
            if (left < need) return false;
            take = std::max(need, std::min(LEASE, left / 8));
        } while (!pool_->compare_exchange_weak(left, left - take));
        budget_ += take;
        return true;
    }

    // Ends the walk (the budget, or the depth bound when TOO_DEEP): every later batch is refused.
    bool stop(bool too_deep) {
        if (!exceeded_) too_deep_ = too_deep;
        exceeded_ = true;
        budget_ = stats_.nodes;
        return false;
    }

    NodeTest fail() {
        ++stats_.backtracks;
        return NodeTest::fails;
    }

    std::uint64_t frontier_node(const State& s) {
        if (!frontier_->replay) {
            frontier_->states.push_back(s);
            return 0;
        }
        return frontier_->found[frontier_->next++];
    }

    Evaluator<D> eval_;
    const D& domain_;
    const State& root_;
    Visit& visit_;
    Statistics& stats_;
    std::uint64_t budget_;
    std::atomic<std::uint64_t>* pool_ = nullptr;
    bool exceeded_ = false, too_deep_ = false;
    ResolvedGoal holding_, better_;
    ResolvedConstraint us_moves_, them_moves_;
    int split_depth_ = -1;
    Frontier<State>* frontier_ = nullptr;
    std::vector<Move> line_;
};

namespace detail {

inline constexpr std::uint64_t NO_BUDGET = ~std::uint64_t{0};

// The rows (plies) a parallel count expands before it hands subtrees to the threads.
inline constexpr int SPLIT_DEPTH = 2;

// Returns the solution lines of one advice counted on `threads` threads: the nodes SPLIT_DEPTH
// plies down are collected in order, counted by the threads (each takes the next uncounted
// one), then the top of the tree is walked again with their counts, so the statistics are the
// single-thread ones. The threads draw their nodes from one pool (the budget: nodes left for
// this advice), so together they never count more than the budget.
template <Domain D, class Shape>
std::uint64_t count_split(const D& domain, const Program& program, const CompiledAdvice& advice,
                          const typename D::State& root, Statistics& stats, std::uint64_t budget,
                          int threads, Outcome& limit) {
    using State = typename D::State;
    CountOnly none;
    Frontier<State> frontier;
    Statistics scratch; // the collecting walk's statistics: the replay counts these nodes
    LineWalker<D, CountOnly, true, Shape> collect(domain, program, advice, root, none, scratch,
                                                  budget);
    collect.split_at(SPLIT_DEPTH, frontier);
    collect.walk(root, 0);
    if (collect.exceeded()) {
        stats.nodes += scratch.nodes;
        limit = collect.limit();
        return 0;
    }

    frontier.found.assign(frontier.states.size(), 0);
    std::atomic<std::size_t> next_task{0};
    std::atomic<std::uint64_t> nodes_left{budget - scratch.nodes};
    std::atomic<bool> stop{false}, too_deep{false};
    std::vector<Statistics> worker_stats(threads);
    auto work = [&](int w) {
        while (!stop) {
            const std::size_t i = next_task++;
            if (i >= frontier.states.size()) break;
            Statistics task;
            LineWalker<D, CountOnly, false, Shape> walker(domain, program, advice, root, none, task,
                                                          0);
            walker.draw_from(nodes_left);
            frontier.found[i] = walker.walk_counted(frontier.states[i], SPLIT_DEPTH);
            walker.give_back();
            worker_stats[w].nodes += task.nodes;
            worker_stats[w].backtracks += task.backtracks;
            if (walker.exceeded()) {
                if (walker.limit() == Outcome::depth_exceeded) too_deep = true;
                stop = true;
            }
        }
    };
    std::vector<std::jthread> pool;
    for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
    work(0);
    pool.clear(); // joins

    for (const Statistics& w : worker_stats) {
        stats.nodes += w.nodes;
        stats.backtracks += w.backtracks;
    }
    if (stop) {
        stats.nodes += scratch.nodes;
        limit = too_deep ? Outcome::depth_exceeded : Outcome::budget_exceeded;
        return 0;
    }
    // The replay counts the nodes above the frontier, which the collecting walk tested within
    // the budget; it needs no budget of its own.
    frontier.replay = true;
    LineWalker<D, CountOnly, true, Shape> replay(domain, program, advice, root, none, stats,
                                                 NO_BUDGET);
    replay.split_at(SPLIT_DEPTH, frontier);
    return replay.walk(root, 0);
}

// Runs one mode over the rule that applies at the root (docs/LANGUAGE.md §7): its advice in order,
// the first with a solution line is the result. `walk_advice` returns the lines of one advice.
template <Domain D, class WalkAdvice>
EnumerateResult choose_advice(const D& domain, const Program& program,
                              const typename D::State& root, WalkAdvice walk_advice) {
    EnumerateResult result;
    const auto start = std::chrono::steady_clock::now();
    result.rule = applicable_rule(domain, program, root);
    if (result.rule >= 0) {
        result.outcome = Outcome::no_advice;
        for (std::uint16_t a : program.rules[result.rule].advice) {
            Outcome limit = Outcome::found; // or the limit that ended the walk
            result.solutions = walk_advice(program.advice[a], result.stats, limit);
            if (limit != Outcome::found || result.solutions > 0) {
                result.outcome = limit;
                result.advice = a;
                break;
            }
        }
    }
    result.stats.seconds = seconds_since(start);
    return result;
}

} // namespace detail

// Mode `all`: calls visit(std::span<const Move> line) for every solution line, in generation
// order, as it is found (nothing is kept), and returns how many there were.
template <Domain D, class Visit>
EnumerateResult visit_all(const D& domain, const Program& program, const typename D::State& root,
                          Visit&& visit, const Options& options = {}) {
    return detail::choose_advice(
        domain, program, root,
        [&](const CompiledAdvice& advice, Statistics& stats, Outcome& limit) {
            LineWalker<D, std::remove_reference_t<Visit>> walker(domain, program, advice, root,
                                                                 visit, stats, options.node_budget);
            std::uint64_t found = walker.walk(root, 0);
            limit = walker.limit();
            return found;
        });
}

// Mode `count`: the number of solution lines, on `threads` threads (1: a plain depth-first walk).
template <Domain D>
EnumerateResult count_all(const D& domain, const Program& program, const typename D::State& root,
                          const Options& options = {}, int threads = 1) {
    return detail::choose_advice(
        domain, program, root,
        [&](const CompiledAdvice& advice, Statistics& stats, Outcome& limit) {
            return with_node_shape<D>(program, advice, [&]<class Shape>(Shape) {
                if (threads > 1) {
                    const std::uint64_t left =
                        options.node_budget - std::min(options.node_budget, stats.nodes);
                    return detail::count_split<D, Shape>(domain, program, advice, root, stats, left,
                                                         threads, limit);
                }
                CountOnly none;
                LineWalker<D, CountOnly, false, Shape> walker(domain, program, advice, root, none,
                                                              stats, options.node_budget);
                std::uint64_t found = walker.walk(root, 0);
                limit = walker.limit();
                return found;
            });
        });
}

} // namespace al0::search
