#pragma once
// The domain-free AND/OR search of AL0.md §3.1-3.2. A domain is anything that meets the Domain
// concept: it says who is to move, plays a move (copy-make), evaluates a predicate by id and
// generates the moves of a generator by id into a fixed buffer. An InstanceDomain also answers
// primitives applied to arguments (Instance): the value of a measure or predicate, and the moves
// of a generator. No chess here.

#include "engine/search/forcing_tree.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/program.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace al0::search {

// Moves of one node, on the stack. The storage is left uninitialised (zeroing it showed up as
// a sixth of the per-node cost); only pushed moves are ever read.
template <class Move, int N>
class MoveBuffer {
    static_assert(std::is_trivially_copyable_v<Move> && std::is_trivially_destructible_v<Move>);

  public:
    MoveBuffer() {}
    // Why a throw and not a silent drop: a dropped reply would make a "forcing" tree unsound.
    // N must bound the distinct moves of any node (the domain's MAX_MOVES), so this is a
    // domain's bug; Evaluator::generate never repeats a move.
    void push(Move m) {
        if (size_ >= N) [[unlikely]]
            overflow();
        ::new (static_cast<void*>(storage_ + size_++ * sizeof(Move))) Move(m);
    }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] const Move* begin() const {
        return std::launder(reinterpret_cast<const Move*>(storage_));
    }
    [[nodiscard]] const Move* end() const { return begin() + size_; }
    [[nodiscard]] bool contains(Move m) const {
        for (const Move& x : *this)
            if (x == m) return true;
        return false;
    }
    void clear() { size_ = 0; }
    // Keeps, in order, the moves for which keep(move) is true.
    template <class Keep>
    void retain_if(Keep keep) {
        int n = 0;
        for (int i = 0; i < size_; ++i) {
            const Move m = begin()[i];
            if (keep(m)) ::new (static_cast<void*>(storage_ + n++ * sizeof(Move))) Move(m);
        }
        size_ = n;
    }

  private:
    [[noreturn, gnu::cold, gnu::noinline]] static void overflow() {
        throw std::logic_error("a move buffer of " + std::to_string(N) +
                               " moves overflowed: the domain generates more than its MAX_MOVES");
    }

    alignas(Move) unsigned char storage_[N * sizeof(Move)];
    int size_ = 0;
};

template <class D>
concept Domain = requires(const D& d, const typename D::State& s, typename D::Move m,
                          std::uint8_t id, MoveBuffer<typename D::Move, D::MAX_MOVES>& out) {
    { d.us_to_move(s) } -> std::same_as<bool>;
    { d.play(s, m) } -> std::same_as<typename D::State>;
    { d.holds(id, s, s) } -> std::same_as<bool>; // predicate id at node s, given the root
    {d.generate(id, s, out)};                    // appends in the generator's order
    { m == m } -> std::convertible_to<bool>;
};

template <class D>
concept InstanceDomain = Domain<D> &&
    requires(const D& d, const typename D::State& s, const Instance& i,
             MoveBuffer<typename D::Move, D::MAX_MOVES>& out) {
    { d.value(i, s) } -> std::convertible_to<std::int32_t>;
    {d.generate(i, s, out)};
};

// The values of one node: each value slot is computed at most once per node. The values are
// left uninitialised; only the known ones are read.
struct NodeValues {
    NodeValues() {}
    std::array<std::int32_t, MAX_VALUE_SLOTS> values;
    std::array<std::uint64_t, MAX_VALUE_SLOTS / 64> known{};
};

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
    double seconds = 0;
};

enum class Outcome : std::uint8_t { found, no_rule, no_advice, budget_exceeded, depth_exceeded };

// Why a piece of advice was not satisfiable at the root.
enum class Failure : std::uint8_t {
    none,            // satisfied
    holding_at_root, // the holding goal fails at the root
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

// Evaluates compiled goals and move constraints of one program for one domain. Root values
// (root(E)) are computed once per root and kept: an Evaluator serves one root at a time.
template <Domain D>
class Evaluator {
  public:
    using State = typename D::State;
    using Move = typename D::Move;
    using Buffer = MoveBuffer<Move, D::MAX_MOVES>;

    Evaluator(const D& domain, const Program& program) : domain_(domain), program_(program) {}

    [[nodiscard]] bool holds(GoalId goal, const State& s, const State& root) const {
        NodeValues values;
        return holds(goal, s, root, values);
    }

    // The same, sharing VALUES with the other goals of the node s.
    bool holds(GoalId goal, const State& s, const State& root, NodeValues& values) const {
        // Walks down the right spine of `and`/`or` chains in a loop; only a left operand that is
        // more than a literal costs a recursive call.
        for (;;) {
            const GoalNode& n = program_.goal_nodes[goal];
            switch (n.op) {
            case GoalOp::conjunction:
                if (!operand(n.lhs, s, root, values)) return false;
                break;
            case GoalOp::disjunction:
                if (operand(n.lhs, s, root, values)) return true;
                break;
            default:
                return literal(n, s, root, values);
            }
            goal = n.rhs;
        }
    }

    // Returns the value of expression node E at the node s.
    std::int32_t value(std::uint16_t e, const State& s, const State& root,
                       NodeValues& values) const {
        const ExprNode& n = program_.expr_nodes[e];
        switch (n.op) {
        case ExprOp::number:
            return n.number;
        case ExprOp::value:
            return slot(n.lhs, s, values);
        case ExprOp::root:
            return root_value(n.lhs, root);
        case ExprOp::neg:
            return -value(n.lhs, s, root, values);
        case ExprOp::abs: {
            std::int32_t v = value(n.lhs, s, root, values);
            return v < 0 ? -v : v;
        }
        default:
            break;
        }
        const std::int32_t a = value(n.lhs, s, root, values), b = value(n.rhs, s, root, values);
        switch (n.op) {
        case ExprOp::add:
            return a + b;
        case ExprOp::sub:
            return a - b;
        case ExprOp::mul:
            return a * b;
        case ExprOp::min:
            return a < b ? a : b;
        case ExprOp::max:
            return a < b ? b : a;
        default:
            return 0;
        }
    }

    // Appends the moves the constraint allows at a node of the given depth, in its order, each
    // once: a move that an earlier `then` alternative allowed is not repeated (it would only be
    // searched again), so `out` never holds more than the node's distinct moves.
    void generate(const MoveConstraint& c, const State& s, int depth, Buffer& out,
                  const State* root = nullptr) const {
        for (const Conjunction& alt : c.alternatives) {
            if (alt.generators.empty()) continue;
            bool depth_ok = true;
            for (const DepthTest& t : alt.depth_tests) depth_ok = depth_ok && t.accepts(depth);
            if (!depth_ok) continue;
            if (out.size() == 0 && alt.generators.size() == 1) {
                generator(alt.generators[0], s, depth, root, out);
                continue;
            }
            // The first generator's moves in its order, narrowed by each further generator,
            // which is generated once per node, not once per move.
            Buffer kept, other;
            generator(alt.generators[0], s, depth, root, kept);
            for (std::size_t g = 1; g < alt.generators.size(); ++g) {
                other.clear();
                generator(alt.generators[g], s, depth, root, other);
                kept.retain_if([&](Move m) { return other.contains(m); });
            }
            for (Move m : kept)
                if (!out.contains(m)) out.push(m);
        }
    }

  private:
    // Returns the value of a literal: a predicate, a negation, a test or a comparison.
    bool literal(const GoalNode& n, const State& s, const State& root, NodeValues& values) const {
        switch (n.op) {
        case GoalOp::predicate:
            return domain_.holds(n.predicate, s, root);
        case GoalOp::negation: {
            const GoalNode& c = program_.goal_nodes[n.lhs];
            if (c.op == GoalOp::predicate) return !domain_.holds(c.predicate, s, root);
            if (c.op == GoalOp::test) return slot(c.lhs, s, values) == 0;
            return !holds(n.lhs, s, root, values);
        }
        case GoalOp::test:
            return slot(n.lhs, s, values) != 0;
        case GoalOp::compare:
            return compare(CompareOp(n.predicate), value(n.lhs, s, root, values),
                           value(n.rhs, s, root, values));
        default: // and/or: holds() walks them
            return false;
        }
    }
    bool operand(GoalId goal, const State& s, const State& root, NodeValues& values) const {
        const GoalNode& n = program_.goal_nodes[goal];
        return n.op == GoalOp::conjunction || n.op == GoalOp::disjunction
                   ? holds(goal, s, root, values)
                   : literal(n, s, root, values);
    }

    static bool compare(CompareOp op, std::int32_t a, std::int32_t b) {
        switch (op) {
        case CompareOp::eq:
            return a == b;
        case CompareOp::ne:
            return a != b;
        case CompareOp::lt:
            return a < b;
        case CompareOp::le:
            return a <= b;
        case CompareOp::gt:
            return a > b;
        case CompareOp::ge:
            return a >= b;
        }
        return false;
    }

    [[gnu::always_inline]] std::int32_t slot(std::uint16_t id, const State& s,
                                             NodeValues& values) const {
        std::uint64_t& word = values.known[id >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (id & 63);
        if (!(word & bit)) {
            word |= bit;
            if constexpr (InstanceDomain<D>)
                values.values[id] = domain_.value(program_.value_slots[id], s);
            else
                values.values[id] = 0;
        }
        return values.values[id];
    }

    std::int32_t root_value(std::uint16_t index, const State& root) const {
        if (root_of_values_ != &root) {
            root_of_values_ = &root;
            root_known_ = 0;
        }
        if (!(root_known_ >> index & 1)) {
            NodeValues values;
            root_values_[index] = value(program_.root_values[index], root, root, values);
            root_known_ |= std::uint64_t{1} << index;
        }
        return root_values_[index];
    }

    // Appends the moves of generator node G. ROOT is needed by filters and orders only; without
    // it the node itself stands for the root.
    void generator(std::uint16_t g, const State& s, int depth, const State* root,
                   Buffer& out) const {
        const GeneratorNode& n = program_.generators[g];
        if (n.op == GeneratorOp::primitive) {
            if constexpr (InstanceDomain<D>) {
                if (n.uses_instance) return domain_.generate(n.instance, s, out);
            }
            return domain_.generate(n.id, s, out);
        }
        const State& r = root ? *root : s;
        Buffer inner;
        generate(program_.constraints[n.inner], s, depth, inner, &r);
        if (n.op == GeneratorOp::filter) {
            for (Move m : inner) {
                NodeValues values;
                if (holds(n.goal, domain_.play(s, m), r, values)) out.push(m);
            }
            return;
        }
        // Order: a stable insertion sort by the measure after each move, smallest first.
        std::array<std::int32_t, D::MAX_MOVES> keys;
        std::array<Move, D::MAX_MOVES> sorted;
        int count = 0;
        for (Move m : inner) {
            NodeValues values;
            const std::int32_t key = value(n.measure, domain_.play(s, m), r, values);
            int i = count++;
            for (; i > 0 && keys[std::size_t(i - 1)] > key; --i) {
                keys[std::size_t(i)] = keys[std::size_t(i - 1)];
                sorted[std::size_t(i)] = sorted[std::size_t(i - 1)];
            }
            keys[std::size_t(i)] = key;
            sorted[std::size_t(i)] = m;
        }
        for (int i = 0; i < count; ++i) out.push(sorted[std::size_t(i)]);
    }

    const D& domain_;
    const Program& program_;
    mutable const State* root_of_values_ = nullptr;
    mutable std::uint64_t root_known_ = 0;
    mutable std::array<std::int32_t, MAX_ROOT_VALUES> root_values_{};
};

// Satisfies one piece of advice from a root, building its forcing tree (AL0.md §3.2).
template <Domain D>
class AdviceSearch {
  public:
    using State = typename D::State;
    using Move = typename D::Move;

    AdviceSearch(const D& domain, const Program& program, const CompiledAdvice& advice,
                 const State& root, ForcingTree<Move>& tree, Statistics& stats,
                 std::uint64_t budget, std::vector<Refutation<Move>>* refutations = nullptr,
                 const std::atomic<bool>* stop = nullptr)
        : eval_(domain, program), domain_(domain), advice_(advice), root_(root), tree_(tree),
          stats_(stats), budget_(budget), refutations_(refutations), stop_(stop) {
        next_checkpoint();
    }

    // Returns whether the advice is satisfiable at the root; the tree then holds its plan.
    AdviceAttempt run() {
        AdviceAttempt a;
        std::uint64_t before = stats_.nodes;
        bool ok = sat(root_, 0, &a.root_moves);
        a.nodes = stats_.nodes - before;
        if (exceeded_)
            a.failure = too_deep_ ? Failure::depth_exceeded : Failure::budget_exceeded;
        else if (!ok && !eval_.holds(advice_.holding_goal, root_, root_))
            a.failure = Failure::holding_at_root;
        else if (!ok)
            a.failure = a.root_moves == 0 ? Failure::no_moves : Failure::all_moves_fail;
        return a;
    }

  private:
    using Buffer = typename Evaluator<D>::Buffer;

    std::uint32_t add_node(NodeKind kind) {
        tree_.nodes.push_back({kind, 0, 0});
        return std::uint32_t(tree_.nodes.size() - 1);
    }

    // Returns whether the node at state s (depth plies below the root) succeeds; on success the
    // subtree is appended to the tree, on failure the tree is left as it was.
    bool sat(const State& s, int depth, int* root_moves = nullptr) {
        if (exceeded_ || ++stats_.nodes > checkpoint_ || depth > MAX_SEARCH_DEPTH) [[unlikely]]
            if (limit_reached(depth)) return false;
        NodeValues values;
        if (!eval_.holds(advice_.holding_goal, s, root_, values)) return fail(depth, true);
        if (eval_.holds(advice_.better_goal, s, root_, values)) {
            add_node(NodeKind::leaf);
            return true;
        }
        Buffer moves;
        const bool us = domain_.us_to_move(s);
        eval_.generate(us ? advice_.us_moves : advice_.them_moves, s, depth, moves, &root_);
        if (root_moves) *root_moves = moves.size();
        if (moves.size() == 0) return fail(depth, false);
        const std::size_t node_mark = tree_.nodes.size(), edge_mark = tree_.edges.size();
        const std::uint32_t self = add_node(us ? NodeKind::us : NodeKind::them);
        if (us) {
            for (Move m : moves) {
                std::uint32_t child = std::uint32_t(tree_.nodes.size());
                if (enter(depth, m) && sat(domain_.play(s, m), depth + 1)) {
                    tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                    tree_.nodes[self].edge_count = 1;
                    tree_.edges.push_back({m, child});
                    return true;
                }
                if (exceeded_) break;
            }
        } else {
            // Every reply must succeed; their edges are contiguous, reserved before the subtrees.
            const std::uint32_t first = std::uint32_t(tree_.edges.size());
            tree_.nodes[self].first_edge = first;
            tree_.nodes[self].edge_count = std::uint32_t(moves.size());
            tree_.edges.resize(first + moves.size());
            int i = 0;
            for (Move m : moves) {
                std::uint32_t child = std::uint32_t(tree_.nodes.size());
                if (!enter(depth, m) || !sat(domain_.play(s, m), depth + 1)) {
                    i = -1;
                    break;
                }
                tree_.edges[first + i++] = {m, child};
            }
            if (i >= 0) return true;
        }
        tree_.nodes.resize(node_mark);
        tree_.edges.resize(edge_mark);
        return backtrack();
    }

    // Returns whether a limit ends the search at a node `depth` plies down (then it ends the
    // whole search, as the budget does); else only a checkpoint for polling `stop` was passed.
    bool limit_reached(int depth) {
        if (!exceeded_) {
            too_deep_ = depth > MAX_SEARCH_DEPTH;
            exceeded_ = too_deep_ || stats_.nodes > budget_ ||
                        (stop_ && stop_->load(std::memory_order_relaxed));
        }
        if (!exceeded_) next_checkpoint();
        return exceeded_;
    }
    // Why checkpoints: the node count is compared once per node anyway, so polling `stop` costs
    // nothing between them.
    void next_checkpoint() {
        checkpoint_ = stop_ && stats_.nodes < budget_ && budget_ - stats_.nodes > STOP_POLL_NODES
                          ? stats_.nodes + STOP_POLL_NODES
                          : budget_;
    }

    bool fail(int depth, bool holding_failed) {
        if (refutations_ && depth > 0 && !refutations_->empty() && !recorded_) {
            recorded_ = true;
            auto& r = refutations_->back();
            r.line.assign(line_.begin(), line_.begin() + std::min(depth, MAX_LINE));
            r.holding_failed = holding_failed;
        }
        return backtrack();
    }
    bool backtrack() {
        ++stats_.backtracks;
        return false;
    }

    // Notes the move on the current line (only when explaining); always returns true.
    bool enter(int depth, Move m) {
        if (!refutations_) return true;
        if (depth == 0) {
            refutations_->push_back({m, {}, false});
            recorded_ = false;
        }
        if (depth < MAX_LINE) line_[depth] = m;
        return true;
    }

    static constexpr int MAX_LINE = 64;

    Evaluator<D> eval_;
    const D& domain_;
    const CompiledAdvice& advice_;
    const State& root_;
    ForcingTree<Move>& tree_;
    Statistics& stats_;
    std::uint64_t budget_;
    std::vector<Refutation<Move>>* refutations_;
    const std::atomic<bool>* stop_;
    std::uint64_t checkpoint_ = 0; // the node count at which limits are looked at next
    std::array<Move, MAX_LINE> line_{};
    bool recorded_ = false;
    bool exceeded_ = false; // the budget or the depth bound (too_deep_) ended the search
    bool too_deep_ = false;
};

// Returns the index of the first rule whose condition holds at the root, or -1 (AL0.md §3.1).
template <Domain D>
int applicable_rule(const D& domain, const Program& program, const typename D::State& root) {
    Evaluator<D> eval(domain, program);
    for (std::size_t r = 0; r < program.rules.size(); ++r)
        if (eval.holds(program.rules[r].condition, root, root)) return int(r);
    return -1;
}

// Chooses a plan (AL0.md §3.1) into `result`, reusing its buffers: commits to the first rule
// whose condition holds and keeps the forcing tree of its first satisfiable piece of advice, with
// every attempt and the statistics.
template <Domain D>
void build_tree_into(const D& domain, const Program& program, const typename D::State& root,
                     const Options& options, SearchResult<typename D::Move>& result) {
    const auto start = std::chrono::steady_clock::now();
    result.outcome = Outcome::no_rule;
    result.advice = -1;
    result.tree.nodes.clear();
    result.tree.edges.clear();
    result.tree.rule = result.tree.advice = -1;
    result.attempts.clear();
    result.refutations.clear();
    result.stats = {};
    result.rule = applicable_rule(domain, program, root);
    if (result.rule >= 0) {
        result.outcome = Outcome::no_advice;
        for (std::uint16_t a : program.rules[result.rule].advice) {
            if (options.explain) result.refutations.emplace_back();
            AdviceSearch<D> search(domain, program, program.advice[a], root, result.tree,
                                   result.stats, options.node_budget,
                                   options.explain ? &result.refutations.back() : nullptr,
                                   options.stop);
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
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Returns the plan of AL0.md §3.1 for a root (see build_tree_into).
template <Domain D>
SearchResult<typename D::Move> build_tree(const D& domain, const Program& program,
                                          const typename D::State& root,
                                          const Options& options = {}) {
    SearchResult<typename D::Move> result;
    build_tree_into(domain, program, root, options, result);
    return result;
}

} // namespace al0::search
