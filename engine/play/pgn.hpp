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

// Returns the moves of the game as numbered SAN, each move number with its move ("1. Kd3",
// "1... Kc1" when Black moves first), without comments or result.
std::vector<std::string> move_words(const Game& game);

} // namespace al0::play
