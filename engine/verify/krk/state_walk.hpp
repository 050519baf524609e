#pragma once
// One verification state: a White-to-move position where the play loop (docs/LANGUAGE.md §7) has no
// forcing tree, so it builds one. Walking that tree against every Black reply, exactly as
// play::Game follows it, ends each line in one of the steps below: a mate, a failure, or a
// new state (the tree ended, or Black left it).

#include "engine/krk/krk_library_domain.hpp"
#include "engine/search/core.hpp"
#include "engine/verify/shared/step_end.hpp"

#include <span>
#include <vector>

namespace al0::verify {

struct WalkStep {
    StepEnd end;
    krk::KrkState state;        // the new state, for new_state
    int white_moves;            // White moves played in this state's tree along the line
    std::span<const Move> line; // the moves from the state's position, both sides
};

// Builds the forcing tree at a state and plays it out against all defences, reporting each end
// of a line to a visitor. Reusable: one walker per thread.
class StateWalker {
  public:
    StateWalker(const search::Program& program, search::Options options)
        : program_(program), options_(options) {}

    // Calls visit(const WalkStep&) for every line from the White-to-move state s.
    template <class Visit>
    void walk(const krk::KrkState& s, Visit&& visit) {
        line_.clear();
        krk::build_krk_tree_into(program_, s, options_, result_); // reuses its buffers
        if (result_.outcome == search::Outcome::budget_exceeded)
            visit(WalkStep{StepEnd::budget_exceeded, s, 0, line_});
        else if (result_.outcome == search::Outcome::depth_exceeded)
            visit(WalkStep{StepEnd::depth_exceeded, s, 0, line_});
        else if (result_.outcome != search::Outcome::found ||
                 result_.tree.node(0).kind != search::NodeKind::us)
            visit(WalkStep{StepEnd::no_advice, s, 0, line_});
        else
            walk_us(0, s, 0, visit);
    }

    [[nodiscard]] const search::Program& program() const { return program_; }
    // The forcing tree of the latest walk.
    [[nodiscard]] const search::SearchResult<Move>& last_search() const { return result_; }

  private:
    using Tree = search::ForcingTree<Move>;

    // White plays the tree's move at us node `node`; then every Black reply follows the tree or
    // ends the line.
    template <class Visit>
    void walk_us(std::uint32_t node, const krk::KrkState& s, int moves, Visit& visit) {
        const Tree& tree = result_.tree;
        const auto edge = tree.children(node)[0];
        const krk::KrkState after = domain_.play(s, edge.move);
        line_.push_back(edge.move);
        ++moves;
        krk::KrkDomain::Buffer replies;
        krk::black_moves(after, replies);
        if (replies.size() == 0) {
            visit(WalkStep{krk::in_check(after) ? StepEnd::mate : StepEnd::stalemate, after, moves,
                           line_});
        } else {
            const bool them = tree.node(edge.child).kind == search::NodeKind::them;
            // The them node's edges follow the replies' order when its advice generates them
            // all (`legal`): each is then found at the cursor, without a search of the edges.
            const std::span<const search::TreeEdge<Move>> edges =
                them ? tree.children(edge.child) : std::span<const search::TreeEdge<Move>>{};
            std::size_t cursor = 0;
            for (Move r : replies) {
                const krk::KrkState next = domain_.play(after, r);
                line_.push_back(r);
                std::uint32_t child = search::NO_NODE;
                if (cursor < edges.size() && edges[cursor].move == r)
                    child = edges[cursor++].child;
                else if (them)
                    child = tree.follow(edge.child, r);
                if (next.rook_captured())
                    visit(WalkStep{StepEnd::win_lost, next, moves, line_});
                else if (child != search::NO_NODE && tree.node(child).kind == search::NodeKind::us)
                    walk_us(child, next, moves, visit);
                else
                    visit(WalkStep{StepEnd::new_state, next, moves, line_});
                line_.pop_back();
            }
        }
        line_.pop_back();
    }

    const search::Program& program_;
    search::Options options_;
    krk::KrkDomain domain_;
    search::SearchResult<Move> result_;
    std::vector<Move> line_;
};

} // namespace al0::verify
