#include "engine/verify/checker/tree_checker.hpp"

#include "contract/chess_library.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/search/core.hpp"
#include "engine/verify/checker/reference_library.hpp"

#include <algorithm>

namespace al0::verify {

const char* defect_name(Defect d) {
    switch (d) {
    case Defect::better_fails_at_leaf:
        return "a leaf where the better goal fails";
    case Defect::holding_fails:
        return "a node where the holding goal fails";
    case Defect::illegal_move:
        return "an illegal move";
    case Defect::move_not_allowed:
        return "a move the constraint does not allow";
    case Defect::reply_missing:
        return "a reply the constraint allows is missing";
    case Defect::reply_repeated:
        return "a reply that appears twice";
    case Defect::malformed_node:
        return "a malformed node";
    case Defect::leaf_not_mate:
        return "a leaf that is not checkmate";
    case Defect::defence_uncovered:
        return "a legal defence the tree does not cover";
    }
    return "?";
}

namespace {

template <search::InstanceDomain D>
class Checker {
  public:
    // ROOT: the domain's state of the tree's root, whence every node's state follows by the
    // domain's own moves (so that a role stays with its piece along a line).
    Checker(const D& domain, const search::Program& program, const search::CompiledAdvice& advice,
            const search::ForcingTree<Move>& tree, const typename D::State& root, bool mating)
        : program_(program), domain_(domain), eval_(domain_, program), advice_(advice), tree_(tree),
          root_(root), mating_(mating) {}

    // Checks NODE, at POS (by the chess core) and S (by the domain), DEPTH plies down.
    std::optional<TreeDefect> check(std::uint32_t node, const Position& pos,
                                    const typename D::State& s, int depth) {
        const search::TreeNode& n = tree_.node(node);
        if (!eval_.holds(advice_.holding_goal, s, root_)) return defect(Defect::holding_fails);
        if (n.kind == search::NodeKind::leaf) {
            if (!eval_.holds(advice_.better_goal, s, root_))
                return defect(Defect::better_fails_at_leaf);
            if (mating_ && !pos.is_checkmate()) return defect(Defect::leaf_not_mate);
            return std::nullopt;
        }
        const bool us = n.kind == search::NodeKind::us;
        if ((us ? n.edge_count != 1 : n.edge_count == 0) || us != (pos.side_to_move() == WHITE))
            return defect(Defect::malformed_node);
        const MoveList legal = generate_legal(pos);
        typename D::Buffer allowed;
        eval_.generate(us ? advice_.us_moves : advice_.them_moves, s, depth, allowed, &root_);
        const auto edges = tree_.children(node);
        for (std::size_t i = 0; i < edges.size(); ++i) {
            const Move m = edges[i].move;
            line_.push_back(m);
            if (!legal.contains(m)) return defect(Defect::illegal_move);
            if (!allowed.contains(m)) return defect(Defect::move_not_allowed);
            auto earlier = [&](const auto& e) { return e.move == m; };
            if (std::any_of(edges.begin(), edges.begin() + std::ptrdiff_t(i), earlier))
                return defect(Defect::reply_repeated);
            if (auto d = check(edges[i].child, pos.after(m), domain_.play(s, m), depth + 1))
                return d;
            line_.pop_back();
        }
        if (us) return std::nullopt;
        const bool all_allowed = allows_every_reply(depth);
        for (Move m : legal) {
            if (tree_.follow(node, m) != search::NO_NODE) continue;
            const bool expected = all_allowed || allowed.contains(m);
            if (expected || mating_) {
                line_.push_back(m);
                return defect(expected ? Defect::reply_missing : Defect::defence_uncovered);
            }
        }
        return std::nullopt;
    }

  private:
    // Returns whether the them constraint has, at this depth, an alternative that is plain
    // `legal`: then every reply the chess rules allow must be in the tree, whatever the domain's
    // own generator says.
    [[nodiscard]] bool allows_every_reply(int depth) const {
        return std::any_of(
            advice_.them_moves.alternatives.begin(), advice_.them_moves.alternatives.end(),
            [&](const search::Conjunction& c) {
                return c.generators.size() == 1 && is_legal(program_.generators[c.generators[0]]) &&
                       std::all_of(c.depth_tests.begin(), c.depth_tests.end(),
                                   [&](const search::DepthTest& t) { return t.accepts(depth); });
            });
    }

    // Returns whether the generator is the domain's `legal`, in the KRK names or the library's.
    static bool is_legal(const search::GeneratorNode& g) {
        if (g.op != search::GeneratorOp::primitive) return false;
        return g.uses_instance ? g.instance.primitive == contract::chess::G_LEGAL
                               : g.id == krk::G_LEGAL;
    }

    std::optional<TreeDefect> defect(Defect kind) const { return TreeDefect{kind, line_}; }

    const search::Program& program_;
    const D& domain_;
    search::Evaluator<D> eval_;
    const search::CompiledAdvice& advice_;
    const search::ForcingTree<Move>& tree_;
    typename D::State root_;
    bool mating_;
    std::vector<Move> line_;
};

} // namespace

std::optional<TreeDefect> check_tree(const search::Program& program,
                                     const search::CompiledAdvice& advice,
                                     const search::ForcingTree<Move>& tree, const Position& root,
                                     bool mating) {
    if (tree.empty()) return TreeDefect{Defect::malformed_node, {}};
    if (program.instances) {
        const ReferenceLibrary reference(root);
        return Checker(reference, program, advice, tree, reference.root(), mating)
            .check(0, root, reference.root(), 0);
    }
    const krk::KrkDomain native;
    const krk::KrkState state = *krk::to_state(root);
    return Checker(native, program, advice, tree, state, mating).check(0, root, state, 0);
}

} // namespace al0::verify
