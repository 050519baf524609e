#include "engine/play/referee.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

#include <algorithm>

namespace al0::play {

const char* verdict_name(Verdict v) {
    switch (v) {
    case Verdict::in_progress:
        return "game in progress";
    case Verdict::mate:
        return "mate";
    case Verdict::stalemate:
        return "stalemate";
    case Verdict::capture:
        return "rook captured";
    case Verdict::fifty_moves:
        return "fifty-move rule";
    case Verdict::repetition:
        return "threefold repetition";
    }
    return "?";
}

const char* verdict_result(Verdict v) {
    switch (v) {
    case Verdict::in_progress:
        return "*";
    case Verdict::mate:
        return "1-0";
    default:
        return "1/2-1/2";
    }
}

Referee::Referee(const Position& start) : pos_(start) {
    keys_.push_back(pos_.key());
    adjudicate();
}

Expected<Verdict> Referee::play(std::string_view uci) {
    if (over()) return Error{std::string("the game is over: ") + verdict_name(verdict_)};
    auto move = parse_uci(pos_, uci);
    if (!move) return Error{move.error()};
    pos_.do_move(*move);
    // Why: after a capture or a pawn move no earlier position can recur, so only the later ones
    // are kept.
    if (pos_.halfmove_clock() == 0) keys_.clear();
    keys_.push_back(pos_.key());
    moves_.push_back(to_uci(*move));
    adjudicate();
    return verdict_;
}

// Why this order: a mate on the move that also reaches the fiftieth move or a third repetition
// still wins (FIDE rules 9.3 and 9.6 end the game only while it is not already over).
void Referee::adjudicate() {
    if (pos_.is_checkmate())
        verdict_ = Verdict::mate;
    else if (pos_.is_stalemate())
        verdict_ = Verdict::stalemate;
    else if (pos_.piece_count() == 2)
        verdict_ = Verdict::capture;
    else if (pos_.halfmove_clock() >= 100)
        verdict_ = Verdict::fifty_moves;
    else if (std::count(keys_.begin(), keys_.end(), keys_.back()) >= 3)
        verdict_ = Verdict::repetition;
}

} // namespace al0::play
