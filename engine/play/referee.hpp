#pragma once
// The referee of a match: it keeps the real game between two players that each claim a move,
// refuses illegal moves with the reason, and adjudicates every ending (mate, stalemate, the
// capture that leaves White no piece to mate with, the fifty-move rule, threefold repetition).
// It trusts neither player: al0's own moves go through it too.

#include "engine/chess/expected.hpp"
#include "engine/chess/position.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace al0::play {

enum class Verdict : std::uint8_t {
    in_progress,
    mate,
    stalemate,
    capture,
    fifty_moves,
    repetition
};

// Returns "game in progress", "mate", "stalemate", "rook captured", "fifty-move rule",
// "threefold repetition".
const char* verdict_name(Verdict v);
// Returns the PGN result: "1-0" for mate, "1/2-1/2" for the draws, "*" in progress.
const char* verdict_result(Verdict v);

class Referee {
  public:
    // The start position must be a legal position (Position::from_fen accepted it).
    explicit Referee(const Position& start);

    [[nodiscard]] const Position& position() const { return pos_; }
    [[nodiscard]] Verdict verdict() const { return verdict_; }
    [[nodiscard]] bool over() const { return verdict_ != Verdict::in_progress; }
    // The moves played so far, as UCI text.
    [[nodiscard]] const std::vector<std::string>& moves() const { return moves_; }

    // Plays a move given as UCI text and returns the verdict after it; an illegal or unreadable
    // move, or any move after the end, is refused with the reason and changes nothing.
    Expected<Verdict> play(std::string_view uci);

  private:
    void adjudicate();

    Position pos_;
    Verdict verdict_ = Verdict::in_progress;
    std::vector<std::string> moves_;
    std::vector<std::uint64_t> keys_; // Zobrist keys since the last capture or pawn move
};

} // namespace al0::play
