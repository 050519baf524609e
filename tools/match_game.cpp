#include "tools/match_game.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/play/pgn.hpp"

namespace al0::tools {

std::string MatchGame::outcome() const {
    const std::string moves = std::to_string(white_moves) + (white_moves == 1 ? " move" : " moves");
    if (!failure.empty()) return failure + " after " + moves;
    if (mated()) return "mate in " + moves;
    return std::string(play::verdict_name(verdict)) + " after " + moves;
}

namespace {

// Plays al0's move in the game and before the referee; returns why there is none.
std::optional<std::string> white_turn(play::Game& game, play::Referee& referee) {
    auto played = game.engine_move();
    if (!played) return "al0 has no move: " + played.error();
    if (auto verdict = referee.play(to_uci(played->move)); !verdict)
        return "al0 played an illegal move: " + verdict.error();
    return std::nullopt;
}

// Plays the opponent's move before the referee, then in the game; returns why there is none.
std::optional<std::string> black_turn(play::Game& game, play::Referee& referee, UciEngine& opponent,
                                      const std::string& start_fen, int movetime_ms) {
    auto text = opponent.best_move(start_fen, referee.moves(), movetime_ms);
    if (!text) return "the opponent failed: " + text.error();
    const Position before = referee.position();
    if (auto verdict = referee.play(*text); !verdict)
        return "the opponent played an illegal move: " + verdict.error();
    if (auto why = game.opponent_move(*parse_uci(before, *text)))
        return "the play loop refused a legal move: " + *why;
    return std::nullopt;
}

} // namespace

MatchGame play_match_game(const search::Program& program, const Position& start,
                          UciEngine& opponent, const MatchSettings& settings) {
    MatchGame result;
    result.start = start;
    play::Game game(program, start, settings.search);
    play::Referee referee(start);
    const std::string start_fen = start.fen();
    if (auto why = opponent.new_game()) result.failure = "the opponent failed: " + *why;
    while (result.failure.empty() && !referee.over()) {
        auto why = referee.position().side_to_move() == WHITE
                       ? white_turn(game, referee)
                       : black_turn(game, referee, opponent, start_fen, settings.movetime_ms);
        if (why) result.failure = *why;
    }
    result.verdict = referee.verdict();
    for (const play::PlayedMove& m : game.history()) {
        result.sans.push_back(m.san);
        result.white_moves += m.side == WHITE;
    }
    play::PgnHeaders headers;
    headers.event = "al0 match";
    headers.white = settings.white_name;
    headers.black = opponent.name();
    result.pgn = play::to_pgn(game, headers);
    return result;
}

} // namespace al0::tools
