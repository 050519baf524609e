// The session's options and its game: `setoption`, `position` and the moves it lists, and
// starting and forgetting the game a table plays.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/play/uci_session.hpp"
#include "engine/play/uci_words.hpp"

namespace al0::play {

namespace {

constexpr std::string_view STARTPOS_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

} // namespace

// `setoption name ID [value X]`; a changed option starts the next position as a new game.
void UciSession::set_option(const Words& words) {
    auto name_at = std::find(words.begin(), words.end(), "name");
    auto value_at = std::find(words.begin(), words.end(), "value");
    if (name_at == words.end() || name_at > value_at)
        return tell("setoption needs: name ID [value X]");
    const std::size_t first = name_at - words.begin() + 1, value = value_at - words.begin();
    const std::string_view name = span(words, first, value);
    const std::string_view text =
        value_at == words.end() ? "" : span(words, value + 1, words.size());
    if (same_name(name, "Table")) {
        if (text.empty())
            return tell(std::string("setoption name Table needs a value: a table file, a "
                                    "built-in name or ") +
                        SHIPPED_TABLES);
        if (text == SHIPPED_TABLES) {
            forget_game();
            chosen_.reset();
            return tell("the shipped table of each material is played");
        }
        auto table = loader_(std::string(text));
        if (!table) return tell("cannot load table " + std::string(text) + ": " + table.error());
        forget_game();
        chosen_ = std::move(table.value());
        tell("table " + std::string(text) + " loaded (" + chosen_->roles.material + ")");
    } else if (same_name(name, "Budget")) {
        std::uint64_t budget = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), budget);
        if (ec != std::errc() || end != text.data() + text.size() || budget < 1 ||
            budget > MAX_UCI_BUDGET)
            return tell("setoption name Budget needs a whole number from 1 to " +
                        std::to_string(MAX_UCI_BUDGET) + ", not '" + std::string(text) + "'");
        forget_game();
        options_.node_budget = budget;
    } else {
        tell("unknown option " + std::string(name));
    }
}
// `position startpos|fen FEN [moves M...]`: follows the current game when this command extends
// it by the moves played since, else starts a new one.
void UciSession::set_position(const Words& words) {
    auto moves_at = std::find(words.begin(), words.end(), "moves");
    std::string fen;
    if (!words.empty() && words[0] == "startpos")
        fen = STARTPOS_FEN;
    else if (!words.empty() && words[0] == "fen")
        fen = span(words, 1, moves_at - words.begin());
    else {
        forget_game();
        unsupported_ = "position needs startpos or fen FEN";
        return;
    }
    std::vector<std::string> moves;
    if (moves_at != words.end()) moves.assign(moves_at + 1, words.end());

    auto pos = Position::from_fen(fen);
    const bool extends = game_ && pos && start_ && *pos == *start_ &&
                         moves.size() >= moves_.size() &&
                         std::equal(moves_.begin(), moves_.end(), moves.begin());
    if (!extends) {
        forget_game();
        if (fen == STARTPOS_FEN) {
            unsupported_ = "the standard start position is not an endgame al0 has a table for";
            return;
        }
        if (!pos) {
            unsupported_ = "bad FEN: " + pos.error();
            return;
        }
        if (auto why = start_game(*pos)) {
            unsupported_ = *why;
            return;
        }
        start_ = *pos;
    }
    for (std::size_t i = moves_.size(); i < moves.size(); ++i) {
        if (auto why = play_listed(moves[i])) {
            forget_game();
            unsupported_ = "position: " + *why;
            return;
        }
        moves_.push_back(moves[i]);
    }
}

// Plays one move of a `position` command's list in the game; returns why it is illegal.
std::optional<std::string> UciSession::play_listed(std::string_view text) {
    // The move our last `go` answered here: its search already played it in a copy of the game.
    if (auto followed = std::exchange(followed_, std::nullopt);
        followed && followed->move == text) {
        game_.emplace(std::move(*followed->after));
        return std::nullopt;
    }
    const Position before = game_->position();
    auto move = parse_uci(before, text);
    if (!move) return move.error();
    if (!game_->over()) {
        if (before.side_to_move() != game_->engine_side()) {
            if (!game_->opponent_move(*move))
                return std::nullopt; // followed in the tree, or left it
        } else if (auto played = game_->engine_move(); played && played->move == *move) {
            return std::nullopt; // the move we play here anyway (a game replayed from its start)
        }
    }
    // Why: the GUI moved for us, or played on after an ending: go on from the position it reached.
    return start_game(before.after(*move));
}

Expected<Table> UciSession::table_for(const std::string& material) const {
    if (chosen_ && chosen_->roles.material == material) return chosen_;
    return shipped_(material);
}

// Starts a game from START; returns why there is none (no table for its material).
std::optional<std::string> UciSession::start_game(const Position& start) {
    followed_.reset();
    auto game = Game::start([this](const std::string& m) { return table_for(m); }, start, options_);
    if (!game) return game.error();
    game_.emplace(std::move(game.value()));
    return std::nullopt;
}

void UciSession::forget_game() {
    followed_.reset();
    game_.reset();
    start_.reset();
    moves_.clear();
    unsupported_ = "no position has been set up (send position first)";
}

} // namespace al0::play
