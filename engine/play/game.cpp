#include "engine/play/game.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

#include <algorithm>

namespace al0::play {

const char* ending_name(Ending e) {
    switch (e) {
    case Ending::none:
        return "game in progress";
    case Ending::mate:
        return "mate";
    case Ending::stalemate:
        return "stalemate";
    case Ending::rook_captured:
        return "rook captured";
    case Ending::fifty_moves:
        return "fifty-move rule";
    case Ending::threefold_repetition:
        return "threefold repetition";
    case Ending::no_advice:
        return "no advice applies";
    case Ending::budget_exceeded:
        return "search budget exceeded";
    case Ending::depth_exceeded:
        return "search depth limit exceeded";
    }
    return "?";
}

const char* ending_result(Ending e) {
    switch (e) {
    case Ending::mate:
        return "1-0";
    case Ending::stalemate:
    case Ending::rook_captured:
    case Ending::fifty_moves:
    case Ending::threefold_repetition:
        return "1/2-1/2";
    default:
        return "*";
    }
}

Game::Game(const search::Program& program, const Position& start, search::Options options)
    : program_(program), options_(options), start_(start), pos_(start) {
    keys_.push_back(pos_.key());
    update_ending();
}

Expected<EngineMove> Game::engine_move() {
    if (over()) return Error{std::string("the game is over: ") + ending_name(ending_)};
    if (pos_.side_to_move() != WHITE) return Error{"it is Black's turn"};
    EngineMove em;
    if (!has_tree()) {
        last_search_ = search::build_tree(domain_, program_, *krk::to_state(pos_), options_);
        em.rebuilt = true;
        em.stats = last_search_.stats;
        if (last_search_.outcome != search::Outcome::found ||
            last_search_.tree.node(0).kind != search::NodeKind::us) {
            ending_ =
                last_search_.outcome == search::Outcome::budget_exceeded  ? Ending::budget_exceeded
                : last_search_.outcome == search::Outcome::depth_exceeded ? Ending::depth_exceeded
                                                                          : Ending::no_advice;
            return Error{ending_name(ending_)};
        }
        tree_ = last_search_.tree;
        cursor_ = 0;
    }
    const auto edge = tree_.children(cursor_)[0];
    em.move = edge.move;
    em.rule = tree_.rule;
    em.advice = tree_.advice;
    em.san = to_san(pos_, em.move);
    std::string comment = program_.rules[em.rule].name + ": " + program_.advice[em.advice].name +
                          (em.rebuilt ? " (new tree)" : " (tree followed)");
    descend(em.move);
    apply(em.move, comment);
    return em;
}

std::optional<std::string> Game::opponent_move(Move m) {
    if (over()) return std::string("the game is over: ") + ending_name(ending_);
    if (pos_.side_to_move() != BLACK) return std::string("it is White's turn");
    if (!generate_legal(pos_).contains(m)) {
        auto parsed = parse_uci(pos_, to_uci(m));
        return parsed ? std::string("illegal move") : parsed.error();
    }
    if (has_tree()) descend(m);
    apply(m, {});
    return std::nullopt;
}

// Moves the tree cursor along m; leaving the tree or reaching a leaf empties it.
void Game::descend(Move m) {
    std::uint32_t next = tree_.follow(cursor_, m);
    cursor_ = (next == search::NO_NODE || tree_.node(next).kind == search::NodeKind::leaf)
                  ? search::NO_NODE
                  : next;
}

void Game::apply(Move m, std::string comment) {
    history_.push_back({m, to_san(pos_, m), pos_.side_to_move(), std::move(comment)});
    pos_.do_move(m);
    // Why: after a capture or a pawn move no earlier position can recur.
    if (pos_.halfmove_clock() == 0) keys_.clear();
    keys_.push_back(pos_.key());
    update_ending();
}

void Game::update_ending() {
    if (pos_.is_checkmate())
        ending_ = Ending::mate;
    else if (pos_.is_stalemate())
        ending_ = Ending::stalemate;
    else if (pos_.piece_count() == 2)
        ending_ = Ending::rook_captured;
    else if (pos_.halfmove_clock() >= 100)
        ending_ = Ending::fifty_moves;
    else if (std::count(keys_.begin(), keys_.end(), keys_.back()) >= 3)
        ending_ = Ending::threefold_repetition;
}

} // namespace al0::play
