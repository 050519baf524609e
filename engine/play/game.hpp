#pragma once
// The play loop of docs/LANGUAGE.md §7 for any material al0 has a table for: the engine plays
// the table's (strong) side in either colour, follows its forcing tree and rebuilds it when the
// tree is empty; when the material changes (a promotion, a capture) it switches to the table of
// the new material and says so. The opponent's move is checked by the adjudicator and either
// followed in the tree or makes the game leave it. Every ending is named.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/endgame/think.hpp"
#include "engine/play/adjudicator.hpp"
#include "engine/search/core.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace al0::play {

using Table = std::shared_ptr<const endgame::CompiledTable>;
// Returns the table for a material ("KQK"), or one message saying why there is none.
using TableLookup = std::function<Expected<Table>(const std::string& material)>;
// The table name (--table, UCI option Table) that plays the shipped table of each material.
inline constexpr const char* SHIPPED_TABLES = "auto";

struct PlayedMove {
    Move move;
    std::string san;
    Color side;
    std::string comment; // table switch, rule/advice and followed/rebuilt for engine moves
};

struct EngineMove {
    Move move;
    std::string san;
    int rule = -1, advice = -1;
    bool rebuilt = false; // a new forcing tree was built for this move (else the tree was followed)
    std::string switched; // "KPK -> KQK (table kqk)" when this move's table is a new one
    search::Statistics stats;
};

class Game {
  public:
    using Tree = search::ForcingTree<Move>;

    // Returns the game from START with the table TABLES gives for its material, which later
    // gives the tables of the materials the game converts to; or why there is none.
    static Expected<Game> start(TableLookup tables, const Position& start,
                                search::Options options = {});
    // TABLE must play START's material (endgame::orient accepts it).
    Game(Table table, TableLookup tables, const Position& start, search::Options options = {});

    [[nodiscard]] const Position& position() const { return adjudicator_.position(); }
    [[nodiscard]] const Position& start() const { return start_; }
    // The adjudicator's ending, or the engine's failure to find a move.
    [[nodiscard]] Ending ending() const {
        return adjudicator_.over() ? adjudicator_.ending() : failure_;
    }
    [[nodiscard]] bool over() const { return ending() != Ending::none; }
    // The colour the engine plays: the strong side of the table's material.
    [[nodiscard]] Color engine_side() const { return engine_side_; }
    [[nodiscard]] bool engine_to_move() const {
        return !over() && position().side_to_move() == engine_side_;
    }
    [[nodiscard]] const std::vector<PlayedMove>& history() const { return history_; }
    // The table the engine plays now (it changes when the game converts).
    [[nodiscard]] const endgame::CompiledTable& table() const { return *table_; }
    [[nodiscard]] const search::Program& program() const { return table_->program; }

    // The current forcing tree and the node the game stands at (empty when it must be rebuilt).
    [[nodiscard]] bool has_tree() const { return cursor_ != search::NO_NODE; }
    [[nodiscard]] const Tree& tree() const { return tree_; }
    [[nodiscard]] std::uint32_t cursor() const { return cursor_; }
    // The search behind the latest tree built (its rule, attempts and statistics).
    [[nodiscard]] const search::SearchResult<Move>& last_search() const { return last_search_; }

    // Plays the engine's move; the error says why there is none (not its turn, game over, no
    // table for the material the game converted to, the search found none). ONLY, when given,
    // restricts it to these moves: a tree whose move is not among them is rebuilt.
    Expected<EngineMove> engine_move(const std::vector<Move>* only = nullptr);
    // Plays M for the engine when the advice gave no move and one must be made all the same (a
    // UCI engine's `bestmove`), noting COMMENT for it; the search's failure is forgotten and the
    // next engine move searches afresh. Returns why M is refused.
    std::optional<std::string> engine_move_instead(Move m, std::string comment);
    // The search options of the engine's next searches (a UCI `go` bounds each one).
    void set_search_options(const search::Options& options) { options_ = options; }
    // Plays the opponent's move; returns the reason when it is illegal (nothing changes then).
    std::optional<std::string> opponent_move(Move m);

  private:
    std::optional<std::string> switch_table(EngineMove& em);
    std::optional<std::string> build_tree(EngineMove& em, const std::vector<Move>* only);
    std::optional<std::string> apply(Move m, std::string comment);
    void descend(Move m);

    Table table_;
    TableLookup tables_;
    search::Options options_;
    Position start_;
    Color engine_side_ = WHITE;
    Adjudicator adjudicator_;
    Ending failure_ = Ending::none; // the engine found no move
    std::vector<PlayedMove> history_;
    Tree tree_;
    std::uint32_t cursor_ = search::NO_NODE;
    search::SearchResult<Move> last_search_;
};

} // namespace al0::play
