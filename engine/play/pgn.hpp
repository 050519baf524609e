#pragma once
// A played game as PGN, with each engine move's rule and advice as a comment.

#include "engine/play/game.hpp"

#include <string>

namespace al0::play {

struct PgnHeaders {
    std::string event = "al0 game";
    std::string white = "al0";
    std::string black = "?";
    std::string date; // YYYY.MM.DD; empty: "????.??.??"
};

std::string to_pgn(const Game& game, const PgnHeaders& headers);

} // namespace al0::play
