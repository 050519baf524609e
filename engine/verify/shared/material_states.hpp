#pragma once
// The verifier's positions of one material with White to move: a dense index over the squares of
// its men (64 per man: 262,144 slots for three men, 16.7 million for four), legal or not.

#include "engine/chess/material.hpp"
#include "engine/chess/position.hpp"
#include "engine/tablebase/board.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

class MaterialStates {
  public:
    // A material of up to four men (Board::MAX_MEN).
    explicit MaterialStates(const tablebase::Material& m);

    [[nodiscard]] const tablebase::Material& material() const { return material_; }
    [[nodiscard]] std::uint32_t size() const { return size_; }
    // Returns the slot of a White-to-move position of this material. Inline: the walks index
    // every line's end.
    [[nodiscard]] std::uint32_t index(const Position& pos) const {
        Bitboard used = 0;
        std::uint32_t index = 0, stride = 1;
        for (int i = 0; i < prototype_.count; ++i) {
            const tablebase::Man& man = prototype_.men[i];
            // Equal men are neighbours in index order: each takes the lowest square left.
            const Square s = lsb(pos.pieces(man.color, piece_type_of(man.kind)) & ~used);
            used |= square_bb(s);
            index += std::uint32_t(s) * stride;
            stride *= 64;
        }
        return index;
    }
    // Returns the board of a slot (White to move), or false when the slot is not the one its
    // placement is indexed by (two equal men out of square order) or squares coincide. Legality
    // is the caller's question (tablebase::illegality).
    bool board(std::uint32_t index, tablebase::Board& out) const;
    // Returns the position of a slot that board() accepts.
    [[nodiscard]] Position position(std::uint32_t index) const;

  private:
    tablebase::Material material_;
    tablebase::Board prototype_; // the men in index order (White king, Black king, White's
                                 // pieces, Black's pieces), on no square
    std::uint32_t size_ = 1;
};

// Returns the chess core's position of a board (no en passant).
Position position_of(const tablebase::Board& b);

} // namespace al0::verify
