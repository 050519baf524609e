#pragma once
// The one adjudicator of al0's games (`play`, `match`, `uci`): it keeps the real game, refuses
// an illegal move with the reason, and names every ending with one set of names. It trusts no
// player: the engine's own moves go through it too.

#include "engine/chess/position.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace al0::play {

// How a game ends. The adjudicator decides the first five; the engine's failures to find a
// move (the last four) end a game too, and share the names.
enum class Ending : std::uint8_t {
    none,
    mate,
    stalemate,
    insufficient_material,
    fifty_moves,
    threefold_repetition,
    no_advice,
    budget_exceeded,
    depth_exceeded,
    no_table,
};

// Returns "mate", "stalemate", "insufficient material", "fifty-move rule", "threefold
// repetition", "no advice applies", ... and "game in progress" for none.
const char* ending_name(Ending e);
// Returns the PGN result of a game that ended so in FINAL: "1-0" or "0-1" for mate (the side
// to move in FINAL is mated), "1/2-1/2" for the draws, "*" otherwise.
const char* ending_result(Ending e, const Position& final);

// Returns whether neither side can ever mate: no pawn, queen or rook, and at most one minor
// piece or only bishops all on squares of one colour.
bool insufficient_material(const Position& pos);

class Adjudicator {
  public:
    // The start position must be a legal position (Position::from_fen accepted it).
    explicit Adjudicator(const Position& start);

    [[nodiscard]] const Position& position() const { return pos_; }
    [[nodiscard]] Ending ending() const { return ending_; }
    [[nodiscard]] bool over() const { return ending_ != Ending::none; }

    // Plays M and adjudicates the position it reaches; an illegal move, or any move after the
    // end, is refused with the reason and changes nothing.
    std::optional<std::string> play(Move m);

  private:
    void adjudicate();

    Position pos_;
    Ending ending_ = Ending::none;
    std::vector<std::uint64_t> keys_; // Zobrist keys since the last capture or pawn move
};

} // namespace al0::play
