#pragma once
// Where a position of one material lives in its table (fixed strides). Without
// pawns the king pair is reduced by the 8 symmetries of the board to 462 classes; with pawns by
// the left-right mirror only (white king on files a-d, 32 x 64 slots). Each further man takes 64
// slots (a pawn 48: ranks 2 to 7), then the side to move doubles it. The index is a function of
// the position's symmetry class: boards that differ by a symmetry or by swapping two identical men
// share one entry, and the slots no canonical board uses are marked illegal.

#include "engine/tablebase/board.hpp"

#include <cstdint>

namespace al0::tablebase {

class Layout {
  public:
    explicit Layout(const Material& m);

    [[nodiscard]] std::uint32_t size() const { return size_; }
    [[nodiscard]] const Material& material() const { return material_; }

    // Returns the entry of a board of this material (men in any order, kings not adjacent). When
    // `symmetric` is given it is set to 2 if a symmetry maps the board onto itself (a pawnless
    // board with both kings on the long diagonal and the rest mirror-symmetric), else 1.
    [[nodiscard]] std::uint32_t index(const Board& b, int* symmetric = nullptr) const;
    // Returns what index() sets `symmetric` to, faster: only a pawnless board with both kings on
    // one long diagonal can be symmetric.
    [[nodiscard]] int symmetry(const Board& b) const {
        return pawns_ || !on_long_diagonals(b) ? 1 : diagonal_symmetry(b);
    }
    // Returns the canonical board of an entry; false if the slot is unused (kings on one square
    // or adjacent, or a board whose index is another slot).
    bool decode(std::uint32_t index, Board& out) const;

  private:
    static bool on_long_diagonals(const Board& b) {
        constexpr Bitboard diagonal = 0x8040201008040201ull, anti = 0x0102040810204080ull;
        const Bitboard kings = square_bb(b.men[0].sq) | square_bb(b.men[1].sq);
        return (kings & diagonal) == kings || (kings & anti) == kings;
    }
    [[nodiscard]] int diagonal_symmetry(const Board& b) const;

    Material material_;
    bool pawns_;
    // Two extra men of one colour and kind: a decoded board may list them out of slot order.
    bool identical_ = false;
    int extras_ = 0;
    std::array<std::uint8_t, 2> radix_{}; // 64, or 48 for a pawn
    std::uint32_t kings_ = 0;             // king-pair slots: 462, or 2048 with pawns
    std::uint32_t size_ = 0;
    Board prototype_; // the men of the material in slot order, on no square
};

} // namespace al0::tablebase
