#pragma once
// A played game as PGN, with each engine move's table switch, rule and advice as a comment;
// and the plain move text of a game ("1. Kd3 Kc1 2. Re2+").

#include "engine/play/game.hpp"

#include <string>
#include <vector>

namespace al0::play {

struct PgnHeaders {
    std::string event = "al0 game";
    std::string engine = "al0"; // White or Black: the side the engine plays
    std::string opponent = "?";
    std::string date; // YYYY.MM.DD; empty: "????.??.??"
};

std::string to_pgn(const Game& game, const PgnHeaders& headers);

// Any game the adjudicator judged, its moves with their comments: the engine's game or a
// practice game (the person's moves graded).
struct PgnGame {
    const Position& start;
    const std::vector<PlayedMove>& moves;
    Ending ending;
    const Position& final;
    Color engine_side;
};
std::string to_pgn(const PgnGame& game, const PgnHeaders& headers);

// Returns the moves of the game as numbered SAN, each move number with its move ("1. Kd3",
// "1... Kc1" when Black moves first), without comments or result.
std::vector<std::string> move_words(const Game& game);
std::vector<std::string> move_words(const Position& start, const std::vector<PlayedMove>& moves);

} // namespace al0::play
