#pragma once
// The play loop of docs/LANGUAGE.md §7 for KRK: the engine (White) follows its forcing tree and
// rebuilds it when the tree is empty; the opponent's move is checked for legality and either
// followed in the tree or makes the game leave it. Every ending is named.

#include "engine/chess/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/play/adjudicator.hpp"
#include "engine/search/core.hpp"

#include <optional>
#include <string>
#include <vector>

namespace al0::play {

struct PlayedMove {
    Move move;
    std::string san;
    Color side;
    std::string comment; // rule/advice and followed/rebuilt for engine moves
};

struct EngineMove {
    Move move;
    std::string san;
    int rule = -1, advice = -1;
    bool rebuilt = false; // a new forcing tree was built for this move (else the tree was followed)
    search::Statistics stats;
};

class Game {
  public:
    using Tree = search::ForcingTree<Move>;

    // The start position must be a legal KRK position (see krk::to_state).
    Game(const search::Program& program, const Position& start, search::Options options = {});

    [[nodiscard]] const Position& position() const { return referee_.position(); }
    [[nodiscard]] const Position& start() const { return start_; }
    // The adjudicator's ending, or the engine's failure to find a move.
    [[nodiscard]] Ending ending() const { return referee_.over() ? referee_.ending() : failure_; }
    [[nodiscard]] bool over() const { return ending() != Ending::none; }
    [[nodiscard]] bool engine_to_move() const {
        return !over() && position().side_to_move() == WHITE;
    }
    [[nodiscard]] const std::vector<PlayedMove>& history() const { return history_; }
    [[nodiscard]] const search::Program& program() const { return program_; }

    // The current forcing tree and the node the game stands at (empty when it must be rebuilt).
    [[nodiscard]] bool has_tree() const { return cursor_ != search::NO_NODE; }
    [[nodiscard]] const Tree& tree() const { return tree_; }
    [[nodiscard]] std::uint32_t cursor() const { return cursor_; }
    // The search behind the latest tree built (its rule, attempts and statistics).
    [[nodiscard]] const search::SearchResult<Move>& last_search() const { return last_search_; }

    // Plays the engine's move; the error says why there is none (not its turn, game over).
    Expected<EngineMove> engine_move();
    // Plays the opponent's move; returns the reason when it is illegal (nothing changes then).
    std::optional<std::string> opponent_move(Move m);

  private:
    std::optional<std::string> apply(Move m, std::string comment);
    void descend(Move m);

    const search::Program& program_;
    search::Options options_;
    krk::KrkDomain domain_;
    Position start_;
    Adjudicator referee_;
    Ending failure_ = Ending::none; // the engine found no move
    std::vector<PlayedMove> history_;
    Tree tree_;
    std::uint32_t cursor_ = search::NO_NODE;
    search::SearchResult<Move> last_search_;
};

} // namespace al0::play
