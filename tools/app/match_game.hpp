#pragma once
// One game of `al0 match`: al0 plays the strong side through the play loop (as `al0 play`
// does), or a second UCI engine plays it in al0's place; a UCI engine plays the other, and the
// game's adjudicator checks every move and names the ending.

#include "engine/play/game.hpp"
#include "tools/app/uci_client.hpp"

#include <string>
#include <vector>

namespace al0::tools {

struct MatchGame {
    Position start;
    play::Ending ending = play::Ending::none;
    Position final;                 // the position the game ended in
    std::string failure;            // set when the game stopped before the adjudicator's ending
    std::vector<std::string> moves; // the move text, numbered SAN (play::move_words)
    int engine_moves = 0;
    int switches = 0; // table switches (the game converted)
    std::string pgn;

    Color engine_side = WHITE;

    // Returns whether al0 mated the opponent.
    [[nodiscard]] bool mated() const {
        return ending == play::Ending::mate && final.side_to_move() != engine_side;
    }
    // Returns "mate in 12 moves", "stalemate after 9 moves", or the failure.
    [[nodiscard]] std::string outcome() const;
};

struct MatchSettings {
    int movetime_ms = 50;
    search::Options search;
    std::string engine_name;     // for the PGN
    UciEngine* strong = nullptr; // when set, this engine plays the strong side instead of al0
};

// Plays one game from START (the strong side to move: al0, or settings.strong) against the
// engine.
MatchGame play_match_game(const play::TableLookup& tables, const Position& start,
                          UciEngine& opponent, const MatchSettings& settings);

} // namespace al0::tools
