#pragma once
// One piece of advice satisfied from a root by a search compiled for that advice alone (the
// machine code of engine/codegen): AdviceSearch's AND/OR search with the advice's goals one
// inline function and its move constraints' generators and depth bounds constants, so that each
// depth's node test, generator and loop is code of its own. AdviceSearch hands a search over to
// it (run) where the advice has one and nothing asks for more than the plain search.

#include "engine/search/domain.hpp"
#include "engine/search/forcing_tree.hpp"
#include "engine/search/program.hpp"
#include "engine/search/search_result.hpp"

#include <array>
#include <concepts>
#include <cstdint>

namespace al0::search {

// What AdviceSearch hands a search compiled for its advice. Why its limits through a call back:
// the budget, the stop flag and the checkpoints stay AdviceSearch's alone.
template <class State, class Move>
struct FixedSearchCall {
    State root;
    bool root_holding = false; // the holding goal holds at the root (run() tested it)
    ForcingTree<Move>* tree = nullptr;
    Statistics* stats = nullptr;
    std::uint64_t checkpoint = 0; // the node count at which limit_reached is asked
    // AdviceSearch::limit_reached of SEARCH at a node DEPTH plies down, which sets CHECKPOINT.
    bool (*limit_reached)(void* search, int depth, std::uint64_t& checkpoint) = nullptr;
    void* search = nullptr;
    int root_moves = 0; // set by the search: the root's moves
};

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
// of RULES's generators), no moves from depth sizeof...(GENERATORS) on. For a root with us to
// move in a domain whose sides alternate, as RULES's play does: nodes at even depths are us
// nodes. Without failure or success memo, refutations, root moves given or a cap: AdviceSearch
// hands none of those over. The same trees, node counts and backtracks as AdviceSearch's sat and
// expand, which it follows step by step (tests/engine/codegen checks it).
template <class Rules, auto Goals, int... Generators>
class FixedSearch {
  public:
    using State = typename Rules::State;
    using Move = typename Rules::Move;

    explicit FixedSearch(FixedSearchCall<State, Move>& call)
        : call_(call), tree_(*call.tree), stats_(*call.stats), root_(call.root),
          checkpoint_(call.checkpoint) {}

    bool run() { return sat<0>(root_); }

  private:
    static constexpr int DEPTHS = int(sizeof...(Generators));
    static constexpr std::array<int, DEPTHS + 1> GENERATOR = {Generators..., -1};
    static_assert(DEPTHS < 64, "unrolled once per depth: AdviceSearch takes a deeper search");

    template <int Depth>
    [[gnu::always_inline]] bool sat(const State s) {
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
        if constexpr (GENERATOR[Depth] < 0)
            return backtrack();
        else
            return expand<Depth>(s);
    }

    template <int Depth>
    bool expand(const State s) {
        constexpr bool us = Depth % 2 == 0;
        typename Rules::Buffer moves;
        Rules::template generate<us>(std::uint8_t(GENERATOR[Depth]), s, moves);
        if constexpr (Depth == 0) call_.root_moves = moves.size();
        if (moves.size() == 0) return backtrack();
        const std::uint32_t self = add_node(us ? NodeKind::us : NodeKind::them);
        if constexpr (us) {
            for (int k = 0; k < moves.size(); ++k) {
                const Move m = moves.begin()[k];
                if (sat<Depth + 1>(Rules::play(s, m))) {
                    tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                    tree_.nodes[self].edge_count = 1;
                    tree_.edges.push_back({m, self + 1});
                    return true;
                }
                if (exceeded_) break;
            }
            tree_.nodes.pop_back();
        } else {
            const std::size_t node_mark = self, edge_mark = tree_.edges.size();
            std::array<std::uint32_t, Rules::MAX_MOVES> child;
            int k = 0;
            for (; k < moves.size(); ++k) {
                child[std::size_t(k)] = std::uint32_t(tree_.nodes.size());
                if (!sat<Depth + 1>(Rules::play(s, moves.begin()[k]))) break;
            }
            if (k == moves.size()) {
                tree_.nodes[self].first_edge = std::uint32_t(tree_.edges.size());
                tree_.nodes[self].edge_count = std::uint32_t(moves.size());
                for (k = 0; k < moves.size(); ++k)
                    tree_.edges.push_back({moves.begin()[k], child[std::size_t(k)]});
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
        return backtrack();
    }

    [[gnu::always_inline]] std::uint32_t add_node(NodeKind kind) {
        const auto index = std::uint32_t(tree_.nodes.size());
        tree_.nodes.push_back({kind, 0, 0});
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
