#include "engine/play/fallback_move.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/tablebase/probe.hpp"

#include <algorithm>
#include <limits>

namespace al0::play {

namespace {

// Ranks the position after a move for the side that made it (the child's side to move is the
// other): a mate sooner is better, then a draw, then a loss later.
int rank_after(const tablebase::Probe& child) {
    constexpr int WIN = 1'000'000, DRAW = 0;
    switch (child.outcome) {
    case tablebase::Outcome::loss:
        return WIN - child.mate_in;
    case tablebase::Outcome::win:
        return -WIN + child.mate_in;
    default:
        return DRAW;
    }
}

std::string verdict(const tablebase::Probe& child) {
    switch (child.outcome) {
    case tablebase::Outcome::loss:
        return "mate in " + std::to_string(child.mate_in + 1);
    case tablebase::Outcome::win:
        return "a loss in " + std::to_string(child.mate_in);
    default:
        return "a draw";
    }
}

} // namespace

FallbackMove fallback_move(tablebase::Registry& tablebases, const Position& pos,
                           const std::vector<Move>& allowed) {
    std::vector<Move> moves;
    for (Move m : generate_legal(pos))
        if (allowed.empty() || std::find(allowed.begin(), allowed.end(), m) != allowed.end())
            moves.push_back(m);
    if (moves.empty()) return {};
    if (pos.piece_count() > tablebase::Board::MAX_MEN)
        return {moves.front(), "the first legal move (the tablebase holds up to four men)"};
    FallbackMove best;
    int best_rank = std::numeric_limits<int>::min();
    for (Move m : moves) {
        const tablebase::Probe child = tablebase::probe(tablebases, pos.after(m));
        if (const int rank = rank_after(child); rank > best_rank) {
            best_rank = rank;
            best = {m, "the tablebase's best: " + verdict(child)};
        }
    }
    return best;
}

} // namespace al0::play
