#pragma once
// What verification says about one White-to-move position: won, or the kind of failure that a
// defence can force from it.

#include <array>
#include <cstdint>

namespace al0::verify {

// In priority order: a position from which several kinds of failure are reachable is reported
// under the first of them (every kind reachable is also counted, see TableSummary::reachable).
enum class Verdict : std::uint8_t {
    no_advice,       // a position where no advice of the committed rule is satisfiable
    budget_exceeded, // a search ran out of its node budget
    depth_exceeded,  // a search went deeper than search::MAX_SEARCH_DEPTH
    win_lost,        // after White's move the tablebase no longer says White wins (in KRK: Black
                     // takes the rook)
    stalemate,       // White stalemates Black
    cycle,           // Black can avoid mate forever (the game would end by repetition)
    over_fifty,      // mate always comes, but not within fifty moves (or the move limit asked for)
                     // against the longest defence
    unexplored,      // a defence leads to a state left unwalked when the run reached its cap on
                     // trees (VerifyOptions::max_trees): not known to be won
    won,             // mate within fifty moves against every defence
};

inline constexpr int VERDICT_NB = 9;
inline constexpr int FAILURE_NB = 8; // every verdict before `won`

inline constexpr std::array<Verdict, VERDICT_NB> ALL_VERDICTS = {
    Verdict::no_advice,  Verdict::budget_exceeded, Verdict::depth_exceeded,
    Verdict::win_lost,   Verdict::stalemate,       Verdict::cycle,
    Verdict::over_fifty, Verdict::unexplored,      Verdict::won};

// Returns "no advice applies", "win lost", ... (for people).
constexpr const char* verdict_name(Verdict v) {
    constexpr std::array<const char*, VERDICT_NB> names = {"no advice applies",
                                                           "search budget exceeded",
                                                           "search depth limit exceeded",
                                                           "win lost",
                                                           "stalemate",
                                                           "cycle",
                                                           "over fifty moves",
                                                           "not explored",
                                                           "won"};
    return names[std::size_t(v)];
}

// Returns "no_advice", "win_lost", ... (for JSON keys).
constexpr const char* verdict_key(Verdict v) {
    constexpr std::array<const char*, VERDICT_NB> keys = {
        "no_advice", "budget_exceeded", "depth_exceeded", "win_lost", "stalemate",
        "cycle",     "over_fifty",      "unexplored",     "won"};
    return keys[std::size_t(v)];
}

// The bit of a failure in a set of failures (one byte: `won` is no failure and has none).
constexpr std::uint8_t verdict_bit(Verdict v) { return std::uint8_t(1u << unsigned(v)); }
static_assert(FAILURE_NB <= 8 && int(Verdict::won) == FAILURE_NB);

} // namespace al0::verify
