#include "engine/play/game.hpp"

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

#include <algorithm>
#include <stdexcept>

namespace al0::play {

namespace {
const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }
} // namespace

Expected<Game> Game::start(TableLookup tables, const Position& start, search::Options options) {
    auto table = tables(material_signature(start));
    if (!table) return Error{table.error()};
    std::string why;
    if (!endgame::orient((*table)->roles, start, &why)) return Error{why};
    return Game(*table, std::move(tables), start, options);
}

Game::Game(Table table, TableLookup tables, const Position& start, search::Options options)
    : table_(std::move(table)), tables_(std::move(tables)), options_(options), start_(start),
      adjudicator_(start) {
    const auto oriented = endgame::orient(table_->roles, start);
    if (!oriented)
        throw std::invalid_argument("table " + table_->name + " does not play " + start.fen());
    engine_side_ = oriented->flipped ? BLACK : WHITE;
}

Expected<EngineMove> Game::engine_move(const std::vector<Move>* only) {
    if (over()) return Error{std::string("the game is over: ") + ending_name(ending())};
    const Position& pos = position();
    if (pos.side_to_move() != engine_side_)
        return Error{std::string("it is ") + side_name(pos.side_to_move()) + "'s turn"};
    EngineMove em;
    if (auto why = switch_table(em)) return Error{*why};
    if (only && has_tree() &&
        std::find(only->begin(), only->end(), tree_.children(cursor_)[0].move) == only->end())
        cursor_ = search::NO_NODE;
    if (!has_tree())
        if (auto why = build_tree(em, only)) return Error{*why};
    const auto edge = tree_.children(cursor_)[0];
    em.move = edge.move;
    em.rule = tree_.rule;
    em.advice = tree_.advice;
    em.san = to_san(pos, em.move);
    std::string comment = (em.switched.empty() ? "" : "now " + em.switched + "; ") +
                          program().rules[em.rule].name + ": " + program().advice[em.advice].name +
                          (em.rebuilt ? " (new tree)" : " (tree followed)");
    // The tree's move is legal; the adjudicator checks it all the same.
    if (auto why = apply(em.move, comment))
        throw std::logic_error("the engine's move " + to_uci(em.move) + ": " + *why);
    descend(em.move);
    return em;
}

// After a promotion or a capture, takes the table of the position's material and drops the tree
// of the old one; returns why there is no such table (the game then ends).
std::optional<std::string> Game::switch_table(EngineMove& em) {
    const std::string material = material_signature(position());
    if (material == table_->roles.material) return std::nullopt;
    auto next = tables_(material);
    std::string why;
    if (next && !endgame::orient((*next)->roles, position(), &why)) next = Error{why};
    if (!next) {
        failure_ = Ending::no_table;
        return next.error();
    }
    em.switched = material + " (table " + (*next)->name + ")";
    table_ = *next;
    cursor_ = search::NO_NODE;
    return std::nullopt;
}

std::optional<std::string> Game::build_tree(EngineMove& em, const std::vector<Move>* only) {
    auto result = endgame::think(*table_, position(), options_, only);
    if (!result) {
        failure_ = Ending::no_table;
        return result.error();
    }
    last_search_ = std::move(*result);
    em.rebuilt = true;
    em.stats = last_search_.stats;
    if (last_search_.outcome != search::Outcome::found) {
        failure_ =
            last_search_.outcome == search::Outcome::budget_exceeded  ? Ending::budget_exceeded
            : last_search_.outcome == search::Outcome::depth_exceeded ? Ending::depth_exceeded
                                                                      : Ending::no_advice;
        return ending_name(failure_);
    }
    tree_ = last_search_.tree;
    cursor_ = 0;
    return std::nullopt;
}

std::optional<std::string> Game::engine_move_instead(Move m, std::string comment) {
    if (adjudicator_.over()) return std::string("the game is over: ") + ending_name(ending());
    if (position().side_to_move() != engine_side_)
        return std::string("it is ") + side_name(position().side_to_move()) + "'s turn";
    if (auto why = apply(m, std::move(comment))) return why;
    failure_ = Ending::none;
    cursor_ = search::NO_NODE;
    return std::nullopt;
}

std::optional<std::string> Game::opponent_move(Move m) {
    if (over()) return std::string("the game is over: ") + ending_name(ending());
    if (position().side_to_move() == engine_side_)
        return std::string("it is ") + side_name(engine_side_) + "'s turn";
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
    if (auto why = adjudicator_.play(m)) return why;
    history_.push_back({m, to_san(before, m), before.side_to_move(), std::move(comment)});
    return std::nullopt;
}

} // namespace al0::play
