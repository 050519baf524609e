#pragma once
// The fifty-move rule (FIDE 9.3 and 9.6), counted one way in every part of al0: the games' one
// adjudicator (play, match, uci, the lab) and verify's walk of every line read the halfmove clock
// of the chess core (Position::halfmove_clock: plies since the last capture or pawn move) and
// compare it with the limit here. A game is drawn once the clock reaches the limit, unless the
// move that reached it mates.

namespace al0 {

inline constexpr int FIFTY_MOVES = 50;

// Returns the limit, in plies, of a rule of MOVES moves (the fifty-move rule: 100).
constexpr int fifty_move_limit(int moves = FIFTY_MOVES) { return 2 * moves; }

// Returns what the rule compares with its limit at a position with halfmove clock CLOCK, reached
// by a move that mates or not: the clock, one less after a mate (a mate on the move that reaches
// the limit stands).
constexpr int fifty_move_count(int clock, bool mates) { return mates ? clock - 1 : clock; }

// Returns whether the rule draws there, with the limit LIMIT in plies.
constexpr bool fifty_move_draw(int clock, bool mates, int limit = fifty_move_limit()) {
    return fifty_move_count(clock, mates) >= limit;
}

} // namespace al0
