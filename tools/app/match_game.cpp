#include "tools/app/match_game.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/play/pgn.hpp"

namespace al0::tools {

std::string MatchGame::outcome() const {
    const std::string moves =
        std::to_string(engine_moves) + (engine_moves == 1 ? " move" : " moves");
    if (!failure.empty()) return failure + " after " + moves;
    if (mated()) return "mate in " + moves;
    return std::string(play::ending_name(ending)) + " after " + moves;
}

namespace {

// Returns the move a UCI engine (WHO in messages) chooses in the game, or why there is none.
Expected<Move> engine_choice(const play::Game& game, UciEngine& engine, const std::string& who,
                             const std::string& start_fen, const std::vector<std::string>& moves,
                             int movetime_ms) {
    auto text = engine.best_move(start_fen, moves, movetime_ms);
    if (!text) return Error{who + " failed: " + text.error()};
    auto move = parse_uci(game.position(), *text);
    if (!move) return Error{who + " played an illegal move: " + move.error()};
    return *move;
}

// Plays the opponent's move in the game (its adjudicator refuses an illegal one); returns why
// there is none.
std::optional<std::string> opponent_turn(play::Game& game, UciEngine& opponent,
                                         const std::string& start_fen,
                                         const std::vector<std::string>& moves, int movetime_ms) {
    auto move = engine_choice(game, opponent, "the opponent", start_fen, moves, movetime_ms);
    if (!move) return move.error();
    if (auto why = game.opponent_move(*move)) return "the opponent's move was refused: " + *why;
    return std::nullopt;
}

// Plays the strong engine's move for the strong side (no table is searched); returns why there
// is none.
std::optional<std::string> strong_turn(play::Game& game, UciEngine& strong,
                                       const std::string& start_fen,
                                       const std::vector<std::string>& moves, int movetime_ms) {
    auto move = engine_choice(game, strong, "the strong engine", start_fen, moves, movetime_ms);
    if (!move) return move.error();
    if (auto why = game.engine_move_instead(*move, {}))
        return "the strong engine's move was refused: " + *why;
    return std::nullopt;
}

} // namespace

MatchGame play_match_game(const play::TableLookup& tables, const Position& start,
                          UciEngine& opponent, const MatchSettings& settings) {
    MatchGame result;
    result.start = start;
    auto started = play::Game::start(tables, start, settings.search);
    if (!started) {
        result.failure = started.error();
        return result;
    }
    play::Game& game = started.value();
    result.engine_side = game.engine_side();
    const std::string start_fen = start.fen();
    std::vector<std::string> moves;
    if (auto why = opponent.new_game()) result.failure = "the opponent failed: " + *why;
    if (settings.strong && result.failure.empty())
        if (auto why = settings.strong->new_game())
            result.failure = "the strong engine failed: " + *why;
    while (result.failure.empty() && !game.over()) {
        if (game.engine_to_move() && settings.strong) {
            if (auto why =
                    strong_turn(game, *settings.strong, start_fen, moves, settings.movetime_ms))
                result.failure = *why;
        } else if (game.engine_to_move()) {
            if (auto played = game.engine_move(); !played)
                result.failure = "al0 has no move: " + played.error();
        } else if (auto why =
                       opponent_turn(game, opponent, start_fen, moves, settings.movetime_ms)) {
            result.failure = *why;
        }
        if (result.failure.empty()) moves.push_back(to_uci(game.history().back().move));
    }
    result.ending = game.ending();
    result.final = game.position();
    result.moves = play::move_words(game);
    for (const play::PlayedMove& m : game.history()) {
        result.engine_moves += m.side == game.engine_side();
        result.switches += m.comment.starts_with("now ");
    }
    play::PgnHeaders headers;
    headers.event = "al0 match";
    headers.engine = settings.engine_name;
    headers.opponent = opponent.name();
    result.pgn = play::to_pgn(game, headers);
    return result;
}

} // namespace al0::tools
