#include "engine/play/game.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

#include <stdexcept>

namespace al0::play {

Game::Game(const search::Program& program, const Position& start, search::Options options)
    : program_(program), options_(options), start_(start), referee_(start) {}

Expected<EngineMove> Game::engine_move() {
    if (over()) return Error{std::string("the game is over: ") + ending_name(ending())};
    const Position& pos = position();
    if (pos.side_to_move() != WHITE) return Error{"it is Black's turn"};
    EngineMove em;
    if (!has_tree()) {
        last_search_ = search::build_tree(domain_, program_, *krk::to_state(pos), options_);
        em.rebuilt = true;
        em.stats = last_search_.stats;
        if (last_search_.outcome != search::Outcome::found ||
            last_search_.tree.node(0).kind != search::NodeKind::us) {
            failure_ =
                last_search_.outcome == search::Outcome::budget_exceeded  ? Ending::budget_exceeded
                : last_search_.outcome == search::Outcome::depth_exceeded ? Ending::depth_exceeded
                                                                          : Ending::no_advice;
            return Error{ending_name(failure_)};
        }
        tree_ = last_search_.tree;
        cursor_ = 0;
    }
    const auto edge = tree_.children(cursor_)[0];
    em.move = edge.move;
    em.rule = tree_.rule;
    em.advice = tree_.advice;
    em.san = to_san(pos, em.move);
    std::string comment = program_.rules[em.rule].name + ": " + program_.advice[em.advice].name +
                          (em.rebuilt ? " (new tree)" : " (tree followed)");
    // The tree's move is legal; the adjudicator checks it all the same.
    if (auto why = apply(em.move, comment))
        throw std::logic_error("the engine's move " + to_uci(em.move) + ": " + *why);
    descend(em.move);
    return em;
}

std::optional<std::string> Game::opponent_move(Move m) {
    if (over()) return std::string("the game is over: ") + ending_name(ending());
    if (position().side_to_move() != BLACK) return std::string("it is White's turn");
    if (auto why = apply(m, {})) return why;
    if (has_tree()) descend(m);
    return std::nullopt;
}

// Moves the tree cursor along m; leaving the tree or reaching a leaf empties it.
void Game::descend(Move m) {
    std::uint32_t next = tree_.follow(cursor_, m);
    cursor_ = (next == search::NO_NODE || tree_.node(next).kind == search::NodeKind::leaf)
                  ? search::NO_NODE
                  : next;
}

// Plays M through the adjudicator and records it; returns why it is refused.
std::optional<std::string> Game::apply(Move m, std::string comment) {
    const Position before = position();
    if (auto why = referee_.play(m)) return why;
    history_.push_back({m, to_san(before, m), before.side_to_move(), std::move(comment)});
    return std::nullopt;
}

} // namespace al0::play
