#pragma once
// One piece of advice satisfied from a root: the AND/OR search of docs/LANGUAGE.md §7 that builds
// its forcing tree (AdviceSearch). The plan over a table's rules, which runs it for each advice
// of the chosen rule, is in core.hpp.

#include "engine/search/evaluator.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/search/fixed_search.hpp"
#include "engine/search/forcing_tree.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/node_shape.hpp"
#include "engine/search/played_ahead.hpp"
#include "engine/search/program.hpp"
#include "engine/search/refutation_lines.hpp"
#include "engine/search/search_result.hpp"
#include "engine/search/success_memo.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace al0::search {

// Satisfies one piece of advice from a root, building its forcing tree (docs/LANGUAGE.md §7).
template <Domain D>
class AdviceSearch {
  public:
    using State = typename D::State;
    using Move = typename D::Move;

    AdviceSearch(const D& domain, const Program& program, const CompiledAdvice& advice,
                 const State& root, ForcingTree<Move>& tree, Statistics& stats,
                 std::uint64_t budget, std::vector<Refutation<Move>>* refutations = nullptr,
                 const std::atomic<bool>* stop = nullptr,
                 const std::vector<Move>* root_only = nullptr)
        : eval_(domain, program), domain_(domain), program_(program), advice_(advice), root_(root),
          tree_(tree), stats_(stats), budget_(budget), refutations_(refutations), stop_(stop),
          root_only_(root_only), holding_(program, advice.holding_goal, advice.holding_steps),
          better_(program, advice.better_goal, advice.better_steps),
          us_moves_(program, advice.us_moves), them_moves_(program, advice.them_moves) {
        next_checkpoint();
        if constexpr (NodeGoalsDomain<D>) {
            native_goals_ = reinterpret_cast<typename D::NodeGoals>(advice.native_goals);
            if (!native_goals_)
                throw std::logic_error("advice " + advice.name + " has no compiled goals");
        }
    }

    // Makes the search read and note the values of the root in VALUES, shared with the other
    // searches from the same root (a value slot depends on the node alone).
    void share_root_values(NodeValues& values) { root_values_ = &values; }

    // Returns whether the advice is satisfiable at the root; the tree then holds its plan, whose
    // root has a move (an advice whose better goal already holds at the root is not satisfiable).
    AdviceAttempt run() {
        AdviceAttempt a;
        bool met; // the better goal holds where the holding goal does
        if constexpr (NodeGoalsDomain<D>) {
            const auto v = GoalVerdict(native_goals_(root_, root_));
            root_holding_ = v != GoalVerdict::fails;
            met = v == GoalVerdict::leaf;
        } else {
            root_holding_ = holds(holding_, root_, *root_values_);
            met = root_holding_ && holds(better_, root_, *root_values_);
        }
        if (met) {
            a.failure = Failure::goal_at_root;
            return a;
        }
        // Why not when explaining: a refutation line would end at the remembered node.
        if constexpr (CodedDomain<D>)
            if (!refutations_) {
                memo_ = &memo_for_search();
                if constexpr (CopyingDomain<D>) wins_ = &SuccessMemo::fresh();
            }
        std::uint64_t before = stats_.nodes;
        bool ok = false;
        if (!run_fixed(ok, a.root_moves))
            ok = advice_.shallowest ? sat_shallowest(&a.root_moves)
                                    : sat(root_, 0, 0, &a.root_moves);
        a.nodes = stats_.nodes - before;
        if (ok && advice_.shallowest) a.tree_plies = cap_;
        if (exceeded_)
            a.failure = too_deep_ ? Failure::depth_exceeded : Failure::budget_exceeded;
        else if (!ok && !root_holding_)
            a.failure = Failure::holding_at_root;
        else if (!ok)
            a.failure = a.root_moves == 0 ? Failure::no_moves : Failure::all_moves_fail;
        return a;
    }

  private:
    using Buffer = typename Evaluator<D>::Buffer;
    // A child's state as expand's loops hold it: a copy when it is a word (KRK's four bytes),
    // else PlayedAhead's slot itself. Why: a reference to the slot escapes into the goals' calls,
    // and then every member of PlayedAhead lives in memory (15 instructions a node in KRK).
    using Played =
        std::conditional_t<sizeof(State) <= sizeof(std::uint64_t), const State, const State&>;
    static constexpr int NO_CAP = MAX_SEARCH_DEPTH + 2;
    // A failure under a cap is remembered at this multiple of the plies left to the cap (plus
    // one) above its depth: never the depth of a failure without a cap, which lies in
    // (-MAX_SEARCH_DEPTH, 2 * MAX_SEARCH_DEPTH) (a depth class shifts it).
    static constexpr int CAP_STRIDE = 4 * MAX_SEARCH_DEPTH;

    // Iterative deepening: the first tree whose leaves are all at most cap_ plies deep, for
    // cap_ = 1, 2, ... So the tree is the first, in move order, of the smallest depth. A search
    // that cut no line at its cap is the search without one: its failure is final.
    bool sat_shallowest(int* root_moves) {
        for (cap_ = 1;; ++cap_) {
            cuts_ = 0;
            if (wins_) wins_ = &SuccessMemo::fresh(); // a subtree under another cap may differ
            if (refutations_) refutations_.clear();
            if (sat(root_, 0, 0, root_moves)) return true;
            if (exceeded_ || cuts_ == 0) return false;
        }
    }

    // Runs the search compiled for the advice (FixedSearch) where it has one and nothing asks
    // for more than the plain search from a root with us to move; returns whether it ran, with
    // its verdict in OK and the root's moves in ROOT_MOVES.
    bool run_fixed(bool& ok, int& root_moves) {
        if constexpr (FixedSearchDomain<D>) {
            const auto fixed = reinterpret_cast<typename D::FixedSearch>(advice_.native_search);
            if (!fixed || refutations_ || root_only_ || !domain_.us_to_move(root_)) return false;
            FixedSearchCall<State, Move> call(root_, root_holding_, &tree_, &stats_, checkpoint_,
                                              &fixed_limit_reached, &fixed_generate, this, memo_,
                                              wins_, advice_.depth_shift, budget_);
            ok = fixed(call);
            root_moves = call.root_moves;
            return true;
        }
        return false;
    }
    static void fixed_generate(void* search, const State& s, int depth, void* moves) {
        auto& self = *static_cast<AdviceSearch*>(search);
        self.generate(s, self.domain_.us_to_move(s), depth, *static_cast<Buffer*>(moves));
    }
    static bool fixed_limit_reached(void* search, int depth, std::uint64_t& checkpoint) {
        auto& self = *static_cast<AdviceSearch*>(search);
        const bool exceeded = self.limit_reached(depth);
        checkpoint = self.checkpoint_;
        return exceeded;
    }

    FailureMemo& memo_for_search() const {
        if constexpr (RootBlindDomain<D>) {
            const std::size_t index = advice_.failure_class != NO_FAILURE_CLASS
                                          ? advice_.failure_class
                                          : std::size_t(&advice_ - program_.advice.data());
            // Why at most two root values: they fit the memo's 64-bit key exactly.
            if (program_.serial != 0 && index < NO_FAILURE_CLASS &&
                std::popcount(advice_.root_reads) <= 2) {
                std::uint64_t key = 0;
                for (std::uint64_t bits = advice_.root_reads; bits != 0; bits &= bits - 1)
                    key = key << 32 | std::uint32_t(eval_.root_value(
                                          std::uint16_t(std::countr_zero(bits)), root_));
                return FailureMemo::lasting(program_.serial, std::uint16_t(index), key);
            }
        }
        return FailureMemo::fresh();
    }

    // Why inlined, with the success memo's note only where it may exist: called apart, its
    // saved registers were half its instructions (a tenth of a node failing below a them node).
    [[gnu::always_inline]] std::uint32_t add_node(NodeKind kind) {
        const auto index = std::uint32_t(tree_.nodes.size());
        tree_.nodes.push_back({kind, 0, 0});
        if constexpr (CopyingDomain<D>)
            if (wins_) wins_->born(index);
        return index;
    }

    // Returns whether the node at state s (depth plies below the root) succeeds; on success the
    // subtree is appended to the tree, on failure the tree is left as it was. CODE is the state's
    // code below the root when the memos are on (the parent computed it, see Children), else 0.
    // Why inlined, with the moves apart (expand): most nodes end at their goals (a leaf, or a
    // failed holding goal), and the call of the recursive part per such node was 6 to 9 % of the
    // book trees' instructions.
    [[gnu::always_inline]] bool sat(const State& s, std::uint64_t code, int depth,
                                    int* root_moves = nullptr) {
        // Why no test of exceeded_: no node is entered after a limit (the loops stop at the
        // failure it causes), and limit_reached leaves the checkpoint passed.
        if (++stats_.nodes > checkpoint_ || depth > MAX_SEARCH_DEPTH) [[unlikely]]
            if (limit_reached(depth)) return false;
        // Why the goals before the memo: they cost less than a wait on its memory. The memo
        // notes only inner nodes (holding goal held, better goal not met), and the goals of the
        // same node at the same depth under the same root values say the same again.
        if (depth == 0 && !root_holding_) return fail(depth, true);
        if (depth > 0) { // run() tested the root's goals: its better goal does not hold
            if constexpr (NodeGoalsDomain<D>) {
                const auto v = GoalVerdict(native_goals_(s, root_));
                if (v == GoalVerdict::fails) return fail(depth, true);
                if (v == GoalVerdict::leaf) {
                    add_node(NodeKind::leaf);
                    return true;
                }
            } else {
                NodeValues values;
                if (!holds(holding_, s, values)) return fail(depth, true);
                if (holds(better_, s, values)) {
                    add_node(NodeKind::leaf);
                    return true;
                }
            }
        }
        // Why here: a node whose constraint has no moves at its depth (the book's `nomove`
        // replies) fails as it would after generating none, and most nodes of the book's
        // one-move advice are such. A cap decides first (expand).
        if (depth < cap_ && !(domain_.us_to_move(s) ? us_moves_ : them_moves_).may_move(depth))
            return fail(depth, false);
        // Why the memo's test here, not in expand: most nodes of the endgame domain's searches
        // that get this far failed before, and the call of expand (its frame and setup) cost
        // more than the test. A cap decides first (expand).
        if constexpr (CodedDomain<D>)
            if (memo_ && depth > 0 && depth < cap_ &&
                memo_->failed(code, depth - advice_.depth_shift))
                return backtrack();
        return expand(s, code, depth, root_moves);
    }

    // The rest of sat() at a node whose goals let it move: its moves and their subtrees.
    bool expand(const State& s, std::uint64_t code, int depth, int* root_moves) {
        const bool remembered = memo_ && depth > 0; // the root is not: its attempt counts its moves
        const int memo_depth = depth - advice_.depth_shift;
        // A failure that met the cap is one under that cap only: remembered apart (below).
        const int capped_depth = memo_depth + CAP_STRIDE * (cap_ - depth + 1);
        const bool capped = cap_ != NO_CAP;
        if (depth >= cap_) [[unlikely]] {
            // Why the test: a node the advice would not let move fails without the cap too.
            if (allows_moves(constraint_to_move(s), depth)) ++cuts_;
            return fail(depth, false);
        }
        // (sat tested the failure without the cap.)
        if constexpr (CodedDomain<D>)
            if (remembered && capped && memo_->failed(code, capped_depth)) {
                ++cuts_;
                return backtrack();
            }
        const std::uint64_t cuts_before = cuts_;
        // Why only here: a node that fails its holding goal or meets its better goal costs less
        // than the lookup, and only inner nodes are remembered.
        if constexpr (CopyingDomain<D>)
            if (wins_ && depth > 0)
                if (const SubtreeRange* won = wins_->find(code, depth, tree_.nodes.size()))
                    if (copy_subtree(tree_, *won, budget_, *wins_)) return true;
        Buffer moves;
        const bool us = domain_.us_to_move(s);
        generate(s, us, depth, moves);
        if (root_moves && root_only_)
            moves.retain_if([this](Move m) {
                return std::find(root_only_->begin(), root_only_->end(), m) != root_only_->end();
            });
        if (root_moves) *root_moves = moves.size();
        if (moves.size() == 0) return fail(depth, false);
        const std::size_t node_mark = tree_.nodes.size(), edge_mark = tree_.edges.size();
        const std::uint32_t self = add_node(us ? NodeKind::us : NodeKind::them);
        PlayedAhead<D> children(domain_, memo_, s, moves, depth + 1 - advice_.depth_shift);
        if (us) {
            // A failed child leaves the tree as it was: each child's subtree begins after SELF,
            // and after the loop SELF is the tree's last node and has no edges.
            for (int k = 0; k < moves.size(); ++k) {
                const Move m = moves.begin()[k];
                Played played = children.next(k); // played first: code(k) reads its slot
                if (enter(depth, m) && sat(played, children.code(k), depth + 1)) {
                    tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                    tree_.nodes[self].edge_count = 1;
                    tree_.edges.push_back({m, self + 1});
                    return succeed(code, depth, node_mark, edge_mark);
                }
                if (exceeded_) break;
            }
            tree_.nodes.pop_back();
        } else {
            // Every reply must succeed; their edges are contiguous, after the subtrees. Why after:
            // most such nodes fail at a reply, and then no edges were reserved and cut back.
            std::array<std::uint32_t, D::traits.max_moves> child;
            int k = 0;
            for (; k < moves.size(); ++k) {
                child[std::size_t(k)] = std::uint32_t(tree_.nodes.size());
                Played played = children.next(k); // played first: code(k) reads its slot
                if (!enter(depth, moves.begin()[k]) || !sat(played, children.code(k), depth + 1))
                    break;
            }
            if (k == moves.size()) {
                tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                tree_.nodes[self].edge_count = std::uint32_t(moves.size());
                for (k = 0; k < moves.size(); ++k)
                    tree_.edges.push_back({moves.begin()[k], child[std::size_t(k)]});
                return succeed(code, depth, node_mark, edge_mark);
            }
            if (k == 0) { // as after the loop of an us node
                tree_.nodes.pop_back();
            } else {
                cut_back(tree_.nodes, node_mark);
                cut_back(tree_.edges, edge_mark);
            }
        }
        if constexpr (CodedDomain<D>)
            if (remembered && !exceeded_) // a limit's failure is no result
                memo_->note_failure(code, cuts_ != cuts_before ? capped_depth : memo_depth);
        return backtrack();
    }

    // Cuts the tree's array V back to its first N elements. Why not resize: its call (it may
    // also grow) cost as much as the node test of a failing reply.
    template <class T>
    static void cut_back(std::vector<T>& v, std::size_t n) {
        v.erase(v.begin() + std::ptrdiff_t(n), v.end());
    }

    // Why the predicates apart: a goal that is one predicate or its negation (most holding
    // goals of the book's table) costs the domain's test alone, one of predicates alone (the
    // book's better goals) the domain's tests and a branch each.
    [[gnu::always_inline]] bool holds(const ResolvedGoal& g, const State& s,
                                      NodeValues& values) const {
        if (g.predicate >= 0) return domain_.holds(std::uint8_t(g.predicate), s, root_);
        if (g.negated >= 0) return !domain_.holds(std::uint8_t(g.negated), s, root_);
        if (g.steps.count == 0) return eval_.holds(g.goal, s, root_, values);
        if constexpr (StepsDomain<D>)
            return domain_.holds_steps(g.steps, s, root_);
        else
            return g.steps.run([&](std::uint8_t p) { return domain_.holds(p, s, root_); });
    }

    // Appends the moves the advice allows at the node s, whose side is US (Evaluator::generate).
    // Why apart: a constraint that is one generator under depth tests (the book's) skips the
    // Evaluator's walk over alternatives, about a tenth of the instructions of a book tree; so
    // do two such generators at depths that never meet (ResolvedConstraint::second). Inlined:
    // with the second, gcc made it a call, 6 % more instructions at the book's fifth position.
    [[gnu::always_inline]] void generate(const State& s, bool us, int depth, Buffer& moves) const {
        const ResolvedConstraint& c = us ? us_moves_ : them_moves_;
        if (!c.primitive || (c.second && depth >= 64))
            return eval_.generate(*c.constraint, s, depth, moves, &root_);
        if (const GeneratorNode* g = c.primitive_at(depth)) eval_.primitive(*g, s, moves);
    }

    const MoveConstraint& constraint_to_move(const State& s) const {
        return domain_.us_to_move(s) ? advice_.us_moves : advice_.them_moves;
    }

    // Returns whether a limit ends the search at a node `depth` plies down (then it ends the
    // whole search, as the budget does); else only a checkpoint for polling `stop` was passed.
    bool limit_reached(int depth) {
        if (!exceeded_) {
            too_deep_ = depth > MAX_SEARCH_DEPTH;
            exceeded_ = too_deep_ || stats_.nodes > budget_ ||
                        (stop_ && stop_->load(std::memory_order_relaxed));
        }
        if (!exceeded_)
            next_checkpoint();
        else
            checkpoint_ = 0;
        return exceeded_;
    }
    // Why checkpoints: the node count is compared once per node anyway, so polling `stop` costs
    // nothing between them.
    void next_checkpoint() {
        checkpoint_ = stop_ && stats_.nodes < budget_ && budget_ - stats_.nodes > STOP_POLL_NODES
                          ? stats_.nodes + STOP_POLL_NODES
                          : budget_;
    }

    // Remembers the inner node's subtree, which begins at the marks, and returns true.
    bool succeed(std::uint64_t code, int depth, std::size_t node_mark, std::size_t edge_mark) {
        if constexpr (CopyingDomain<D>)
            if (wins_ && depth > 0)
                wins_->note_success(code, depth,
                                    {std::uint32_t(node_mark), std::uint32_t(tree_.nodes.size()),
                                     std::uint32_t(edge_mark), std::uint32_t(tree_.edges.size())});
        return true;
    }

    bool fail(int depth, bool holding_failed) {
        if (refutations_) [[unlikely]]
            refutations_.refute(depth, holding_failed);
        return backtrack();
    }
    bool backtrack() {
        ++stats_.backtracks;
        return false;
    }

    // Notes the move on the current line (only when explaining); always returns true.
    bool enter(int depth, Move m) {
        if (refutations_) [[unlikely]]
            refutations_.enter(depth, m);
        return true;
    }

    Evaluator<D> eval_;
    const D& domain_;
    const Program& program_;
    const CompiledAdvice& advice_;
    const State& root_;
    ForcingTree<Move>& tree_;
    Statistics& stats_;
    std::uint64_t budget_;
    RefutationLines<Move> refutations_;
    NodeValues own_root_values_;
    NodeValues* root_values_ = &own_root_values_; // the values of the root (share_root_values)
    const std::atomic<bool>* stop_;
    const std::vector<Move>* root_only_; // when given, the root's moves are only these
    // The goals as the walk asks them; a domain of compiled goals asks its function instead
    // (native_goals). Why not resolved there: once per tree, it cost 35 instructions a tree.
    struct Unresolved {
        Unresolved(const Program&, GoalId, const PredicateSteps&) {}
    };
    using Goal = std::conditional_t<NodeGoalsDomain<D>, Unresolved, ResolvedGoal>;
    [[no_unique_address]] Goal holding_, better_;
    ResolvedConstraint us_moves_, them_moves_;
    typename NodeGoalsOf<D>::type native_goals_ = nullptr; // NodeGoalsDomain: never null
    FailureMemo* memo_ = nullptr;  // with a CodedDomain, when not explaining
    SuccessMemo* wins_ = nullptr;  // likewise
    std::uint64_t checkpoint_ = 0; // the node count at which limits are looked at next
    bool exceeded_ = false;        // the budget or the depth bound (too_deep_) ended the search
    bool too_deep_ = false;
    bool root_holding_ = false; // the holding goal holds at the root (run() tests it first)
    int cap_ = NO_CAP;          // with `shallowest`: no node this deep or deeper moves
    std::uint64_t cuts_ = 0;    // inner nodes the cap kept from moving (or remembered to)
};

} // namespace al0::search
