#pragma once
// One piece of advice satisfied from a root by a search compiled for that advice alone (the
// machine code of engine/codegen): AdviceSearch's AND/OR search with the advice's goals one
// inline function and its move constraints' generators and depth bounds constants, so that each
// depth's node test, generator and loop is code of its own. AdviceSearch hands a search over to
// it (run) where the advice has one and nothing asks for more than the plain search.

#include "engine/search/domain.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/search/forcing_tree.hpp"
#include "engine/search/played_ahead.hpp"
#include "engine/search/program.hpp"
#include "engine/search/search_result.hpp"
#include "engine/search/success_memo.hpp"

#include <array>
#include <concepts>
#include <cstdint>
#include <type_traits>

namespace al0::search {

// What AdviceSearch hands a search compiled for its advice. Why its limits through a call back:
// the budget, the stop flag and the checkpoints stay AdviceSearch's alone.
template <class State, class Move>
struct FixedSearchCall {
    // AdviceSearch::limit_reached of SEARCH at a node DEPTH plies down, which sets CHECKPOINT.
    using LimitReached = bool (*)(void* search, int depth, std::uint64_t& checkpoint);
    // AdviceSearch::generate of SEARCH at the node S, DEPTH plies down, into MOVES (its Buffer,
    // the rules' Buffer): a depth of FIXED_WALK asks it.
    using Generate = void (*)(void* search, const State& s, int depth, void* moves);

    // Why a constructor, not an aggregate: gcc zeroed the whole aggregate (`rep stos`) before
    // filling it, where its fields left padding between them, in every tree.
    FixedSearchCall(const State& root, bool root_holding, ForcingTree<Move>* tree,
                    Statistics* stats, std::uint64_t checkpoint, LimitReached limit_reached,
                    Generate generate, void* search, FailureMemo* memo, SuccessMemo* wins,
                    int depth_shift, std::uint64_t budget)
        : root(root), root_holding(root_holding), tree(tree), stats(stats), checkpoint(checkpoint),
          limit_reached(limit_reached), generate(generate), search(search), memo(memo), wins(wins),
          depth_shift(depth_shift), budget(budget) {}

    State root;
    bool root_holding; // the holding goal holds at the root (run() tested it)
    ForcingTree<Move>* tree;
    Statistics* stats;
    std::uint64_t checkpoint; // the node count at which limit_reached is asked
    LimitReached limit_reached;
    Generate generate;
    void* search;
    // The memos AdviceSearch chose for the search (run), for rules that code their states
    // (Rules::CODED): the failure memo, never null then, and the success memo, which may be.
    FailureMemo* memo;
    SuccessMemo* wins;
    int depth_shift;      // CompiledAdvice::depth_shift: the failure memo keys depth less it
    std::uint64_t budget; // the node budget, which a copied subtree respects too
    int root_moves = 0;   // set by the search: the root's moves
};

// A depth of a FixedSearch whose nodes have no moves, and one whose moves AdviceSearch's walk
// over the move constraint generates (a constraint that is not one primitive generator there).
inline constexpr int FIXED_NONE = -1;
inline constexpr int FIXED_WALK = -2;

// A search compiled for one advice: returns whether it is satisfiable, its tree appended.
template <class State, class Move>
using FixedSearchFn = bool (*)(FixedSearchCall<State, Move>&);

// The index of the first rule whose condition holds at ROOT, or -1 (applicable_rule), as a
// program's goals compiled to machine code give it (Program::native_rule_choice).
template <class State>
using RuleChoiceFn = int (*)(State root);

// A NodeGoalsDomain whose advice may have its whole search compiled too (FixedSearch):
// D::FixedSearch is the signature of CompiledAdvice::native_search for it.
template <class D>
concept FixedSearchDomain = NodeGoalsDomain<D> &&
    std::same_as<typename D::FixedSearch, FixedSearchFn<typename D::State, typename D::Move>>;

// The search of an advice whose node goals are GOALS (a function of the node and the root that
// returns their GoalVerdict) and whose move constraints generate GENERATORS[d] at depth d (an id
// of RULES's generators, FIXED_NONE or FIXED_WALK), no moves from depth sizeof...(GENERATORS) on.
// For a root with us to move in a domain whose sides alternate, as RULES's play does: nodes at even
// depths are us nodes. Rules whose states have a code (Rules::CODED) keep AdviceSearch's failure
// and success memos too, in the same places; without refutations, root moves given or a cap:
// AdviceSearch hands none of those over. The same trees, node counts and backtracks as
// AdviceSearch's sat and expand, which it follows step by step (tests/engine/codegen checks it).
template <class Rules, auto Goals, int... Generators>
class FixedSearch {
  public:
    using State = typename Rules::State;
    using Move = typename Rules::Move;

    explicit FixedSearch(FixedSearchCall<State, Move>& call)
        : call_(call), tree_(*call.tree), stats_(*call.stats), root_(call.root),
          checkpoint_(call.checkpoint) {}

    bool run() { return sat<0>(root_, 0); }

  private:
    static constexpr bool CODED = Rules::CODED;
    using Children = PlayedAhead<Rules, CODED, Rules::MAX_MOVES>;
    static constexpr Rules RULES{}; // what Children plays by
    // A child as the loops hold it (AdviceSearch's Played says why).
    using Played =
        std::conditional_t<sizeof(State) <= sizeof(std::uint64_t), const State, const State&>;
    // Why: FIXED_WALK's moves come back through AdviceSearch's Buffer, the domain's.
    static_assert(std::is_same_v<typename Rules::Buffer, MoveBuffer<Move, Rules::MAX_MOVES>>);
    static constexpr int DEPTHS = int(sizeof...(Generators));
    static constexpr std::array<int, DEPTHS + 1> GENERATOR = {Generators..., FIXED_NONE};
    static_assert(DEPTHS < 64, "unrolled once per depth: AdviceSearch takes a deeper search");

    // CODE: the state's code when the rules code states (the parent computed it), else 0.
    template <int Depth>
    [[gnu::always_inline]] bool sat(Played s, std::uint64_t code) {
        if (++stats_.nodes > checkpoint_) [[unlikely]]
            if (limit_reached(Depth)) return false;
        if constexpr (Depth == 0) {
            if (!call_.root_holding) return backtrack();
        } else {
            const auto v = GoalVerdict(Goals(s, root_));
            if (v == GoalVerdict::fails) return backtrack();
            if (v == GoalVerdict::leaf) {
                add_node(NodeKind::leaf);
                return true;
            }
        }
        if constexpr (GENERATOR[Depth] == FIXED_NONE) {
            return backtrack();
        } else {
            if constexpr (CODED && Depth > 0)
                if (call_.memo->failed(code, Depth - call_.depth_shift)) return backtrack();
            return expand<Depth>(s, code);
        }
    }

    template <int Depth>
    bool expand(Played s, std::uint64_t code) {
        constexpr bool us = Depth % 2 == 0;
        if constexpr (CODED && Depth > 0)
            if (call_.wins)
                if (const SubtreeRange* won = call_.wins->find(code, Depth, tree_.nodes.size()))
                    if (copy_subtree(tree_, *won, call_.budget, *call_.wins)) return true;
        typename Rules::Buffer moves;
        if constexpr (GENERATOR[Depth] == FIXED_WALK)
            call_.generate(call_.search, s, Depth, &moves);
        else
            Rules::template generate<us>(std::uint8_t(GENERATOR[Depth]), s, moves);
        if constexpr (Depth == 0) call_.root_moves = moves.size();
        if (moves.size() == 0) return backtrack();
        const std::uint32_t self = add_node(us ? NodeKind::us : NodeKind::them);
        const std::size_t node_mark = self, edge_mark = tree_.edges.size();
        Children children(RULES, call_.memo, s, moves, Depth + 1 - call_.depth_shift);
        if constexpr (us) {
            for (int k = 0; k < moves.size(); ++k) {
                const Move m = moves.begin()[k];
                if (sat_child<Depth>(children, s, m, k)) {
                    tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                    tree_.nodes[self].edge_count = 1;
                    tree_.edges.push_back({m, self + 1});
                    if constexpr (CODED) note_success(code, Depth, node_mark, edge_mark);
                    return true;
                }
                if (exceeded_) break;
            }
            tree_.nodes.pop_back();
        } else {
            std::array<std::uint32_t, Rules::MAX_MOVES> child;
            int k = 0;
            for (; k < moves.size(); ++k) {
                child[std::size_t(k)] = std::uint32_t(tree_.nodes.size());
                if (!sat_child<Depth>(children, s, moves.begin()[k], k)) break;
            }
            if (k == moves.size()) {
                tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                tree_.nodes[self].edge_count = std::uint32_t(moves.size());
                for (k = 0; k < moves.size(); ++k)
                    tree_.edges.push_back({moves.begin()[k], child[std::size_t(k)]});
                if constexpr (CODED) note_success(code, Depth, node_mark, edge_mark);
                return true;
            }
            if (k == 0) {
                tree_.nodes.pop_back();
            } else {
                tree_.nodes.erase(tree_.nodes.begin() + std::ptrdiff_t(node_mark),
                                  tree_.nodes.end());
                tree_.edges.erase(tree_.edges.begin() + std::ptrdiff_t(edge_mark),
                                  tree_.edges.end());
            }
        }
        if constexpr (CODED && Depth > 0)
            if (!exceeded_) // a limit's failure is no result
                call_.memo->note_failure(code, Depth - call_.depth_shift);
        return backtrack();
    }

    // Whether the child of S by M, its K-th move, succeeds: played ahead by CHILDREN where the
    // rules code states (played first: code(k) reads its slot), else played when due. Why not
    // through CHILDREN always: the native KRK path's small trees took 8-9% longer that way.
    template <int Depth>
    [[gnu::always_inline]] bool sat_child(Children& children, Played s, Move m, int k) {
        if constexpr (CODED) {
            Played played = children.next(k);
            return sat<Depth + 1>(played, children.code(k));
        } else {
            return sat<Depth + 1>(Rules::play(s, m), 0);
        }
    }

    // Remembers the inner node's subtree, which begins at the marks (where the rules code states:
    // why only there, a call that did nothing changed gcc's code for the native KRK path).
    void note_success(std::uint64_t code, int depth, std::size_t node_mark, std::size_t edge_mark) {
        if (call_.wins && depth > 0)
            call_.wins->note_success(code, depth,
                                     {std::uint32_t(node_mark), std::uint32_t(tree_.nodes.size()),
                                      std::uint32_t(edge_mark), std::uint32_t(tree_.edges.size())});
    }

    [[gnu::always_inline]] std::uint32_t add_node(NodeKind kind) {
        const auto index = std::uint32_t(tree_.nodes.size());
        tree_.nodes.push_back({kind, 0, 0});
        if constexpr (CODED)
            if (call_.wins) call_.wins->born(index);
        return index;
    }
    [[gnu::cold, gnu::noinline]] bool limit_reached(int depth) {
        exceeded_ = call_.limit_reached(call_.search, depth, checkpoint_);
        return exceeded_;
    }
    bool backtrack() {
        ++stats_.backtracks;
        return false;
    }

    FixedSearchCall<State, Move>& call_;
    ForcingTree<Move>& tree_;
    Statistics& stats_;
    const State root_;
    std::uint64_t checkpoint_;
    bool exceeded_ = false;
};

} // namespace al0::search
