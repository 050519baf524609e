#pragma once
// The positions `al0 reach` solves over: one material (us as White, either side to move), as the
// tablebase's layout indexes them (a slot per symmetry class) when every goal reach evaluates is
// the same on symmetric boards, or one slot per board when it may not be (a goal that reads
// file or rank). And the search state of a board for a table's roles, whatever the material the
// board has come to by captures and promotions.

#include "engine/endgame/state.hpp"
#include "engine/tablebase/layout.hpp"

#include <cstdint>

namespace al0::verify {

class ReachSpace {
  public:
    // SYMMETRIC: slots are the layout's symmetry classes; else one slot per board.
    ReachSpace(const tablebase::Material& m, bool symmetric);

    [[nodiscard]] const tablebase::Material& material() const { return layout_.material(); }
    [[nodiscard]] bool symmetric() const { return symmetric_; }
    [[nodiscard]] std::uint32_t size() const { return size_; }
    // Returns the slot of a board of this material (men in any order).
    [[nodiscard]] std::uint32_t index(const tablebase::Board& b) const;
    // Returns the board a slot stands for; false when the slot is unused (see Layout::decode).
    // Legality is the caller's question (tablebase::illegality).
    bool decode(std::uint32_t slot, tablebase::Board& out) const;

  private:
    tablebase::Layout layout_;
    bool symmetric_;
    tablebase::Board prototype_; // the men in slot order (kings, White's, Black's), on no square
    std::uint32_t size_ = 0;
};

// Returns the state of a board for ROLES (us = White): each role stands on a man of its kind and
// colour (a pawn role, once promoted, on the piece it became); a role whose man is gone is
// captured. Two men of one kind take their roles in square order (as at a search's root; below
// it, which role is which depends on the line, which reach refuses to guess: see reach.cpp).
endgame::State state_of(const endgame::Roles& roles, const tablebase::Board& b);
// Returns the board of a state: tablebase::board_of of its position, made without one (a
// Position per child cost `reach --constraints` 7 % more instructions).
tablebase::Board board_of(const endgame::State& s);

} // namespace al0::verify
