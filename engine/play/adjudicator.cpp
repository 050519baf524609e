#include "engine/play/adjudicator.hpp"

#include "engine/chess/fifty_moves.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

#include <algorithm>

namespace al0::play {

const char* ending_name(Ending e) {
    switch (e) {
    case Ending::none:
        return "game in progress";
    case Ending::mate:
        return "mate";
    case Ending::stalemate:
        return "stalemate";
    case Ending::insufficient_material:
        return "insufficient material";
    case Ending::fifty_moves:
        return "fifty-move rule";
    case Ending::threefold_repetition:
        return "threefold repetition";
    case Ending::no_advice:
        return "no advice applies";
    case Ending::budget_exceeded:
        return "search budget exceeded";
    case Ending::depth_exceeded:
        return "search depth limit exceeded";
    case Ending::no_table:
        return "no table for the material";
    }
    return "?";
}

const char* ending_result(Ending e, const Position& final) {
    switch (e) {
    case Ending::mate:
        return final.side_to_move() == BLACK ? "1-0" : "0-1";
    case Ending::stalemate:
    case Ending::insufficient_material:
    case Ending::fifty_moves:
    case Ending::threefold_repetition:
        return "1/2-1/2";
    default:
        return "*";
    }
}

bool insufficient_material(const Position& pos) {
    if (pos.pieces(PAWN) | pos.pieces(QUEEN) | pos.pieces(ROOK)) return false;
    const Bitboard minors = pos.pieces(BISHOP) | pos.pieces(KNIGHT);
    if (popcount(minors) <= 1) return true;
    // Why: bishops that all run on one colour of square can never cover the king's flight squares.
    constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
    const Bitboard bishops = pos.pieces(BISHOP);
    return minors == bishops && ((bishops & DARK) == 0 || (bishops & ~DARK) == 0);
}

Adjudicator::Adjudicator(const Position& start) : pos_(start) {
    keys_.push_back(pos_.key());
    adjudicate();
}

std::optional<std::string> Adjudicator::play(Move m) {
    if (over()) return std::string("the game is over: ") + ending_name(ending_);
    if (!generate_legal(pos_).contains(m)) {
        auto parsed = parse_uci(pos_, to_uci(m));
        return parsed ? std::string("illegal move") : parsed.error();
    }
    pos_.do_move(m);
    // Why: after a capture or a pawn move no earlier position can recur, so only the later ones
    // are kept.
    if (pos_.halfmove_clock() == 0) keys_.clear();
    keys_.push_back(pos_.key());
    adjudicate();
    return std::nullopt;
}

// Why this order: a mate on the move that also reaches the fiftieth move or a third repetition
// still wins (FIDE rules 9.3 and 9.6 end the game only while it is not already over).
void Adjudicator::adjudicate() {
    const bool mate = pos_.is_checkmate();
    if (mate)
        ending_ = Ending::mate;
    else if (pos_.is_stalemate())
        ending_ = Ending::stalemate;
    else if (insufficient_material(pos_))
        ending_ = Ending::insufficient_material;
    else if (fifty_move_draw(pos_.halfmove_clock(), mate))
        ending_ = Ending::fifty_moves;
    else if (std::count(keys_.begin(), keys_.end(), keys_.back()) >= 3)
        ending_ = Ending::threefold_repetition;
}

} // namespace al0::play
