#pragma once
// One game of `al0 match`: al0 plays White through the play loop (as `al0 play` does), a UCI
// engine plays Black, and the game's adjudicator checks every move and names the ending.

#include "engine/play/game.hpp"
#include "tools/uci_client.hpp"

#include <string>
#include <vector>

namespace al0::tools {

struct MatchGame {
    Position start;
    play::Ending ending = play::Ending::none;
    Position final;                // the position the game ended in
    std::string failure;           // set when the game stopped before the adjudicator's ending
    std::vector<std::string> sans; // the moves played, in SAN
    int white_moves = 0;
    std::string pgn;

    [[nodiscard]] bool mated() const { return ending == play::Ending::mate; }
    // Returns "mate in 12 moves", "stalemate after 9 moves", or the failure.
    [[nodiscard]] std::string outcome() const;
};

struct MatchSettings {
    int movetime_ms = 50;
    search::Options search;
    std::string white_name; // for the PGN
};

// Plays one game from start (White to move) against the engine.
MatchGame play_match_game(const search::Program& program, const Position& start,
                          UciEngine& opponent, const MatchSettings& settings);

} // namespace al0::tools
