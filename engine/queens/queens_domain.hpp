#pragma once
// The N-queens domain of the search core (README, N-queens): queens on rows 1..k of an N x N board,
// one per row, kept as three attack bitmasks so that every predicate is O(1) and a generator
// costs one step per move. One player: us is always to move.

#include "engine/queens/vocabulary.hpp"
#include "engine/search/core.hpp"
#include "engine/search/forcing_tree.hpp"

#include <bit>
#include <cstdint>
#include <vector>

namespace al0::queens {

// A move: the column (0-based) of the queen on the next row.
using Column = std::uint8_t;

// A partial placement. Bit c of `columns` is set when a queen stands in column c; `left` and
// `right` hold the columns that the queens attack diagonally on the next row (shifted one step
// per row); `clash` is set once a queen stands where another attacks it (only `place` allows
// that). Why 16 bytes: a child state is built in registers and copied in one move.
struct QueensState {
    std::uint32_t columns = 0, left = 0, right = 0;
    std::uint8_t row = 0;  // queens placed so far, on rows 0..row-1
    std::uint8_t last = 0; // the column of the last queen placed, 1-based; 0 before the first
    bool clash = false;
};

class QueensDomain {
  public:
    using State = QueensState;
    using Move = Column;
    static constexpr search::Traits traits{
        .max_moves = MAX_N, .fixed_predicates = PREDICATE_NB, .fixed_generators = GENERATOR_NB};
    using Buffer = search::MoveBuffer<Move, traits.max_moves>;

    // N must lie in 1..MAX_N.
    explicit QueensDomain(int n);

    [[nodiscard]] int size() const { return n_; }
    [[nodiscard]] bool us_to_move(const State&) const { return true; }

    [[nodiscard]] State play(const State& s, Move c) const {
        const std::uint32_t bit = 1u << c;
        return {s.columns | bit,         (s.left | bit) << 1, (s.right | bit) >> 1,
                std::uint8_t(s.row + 1), std::uint8_t(c + 1), s.clash || (attacked(s) & bit)};
    }

    // The value of a measure (docs/LIBRARY.md, N-queens); its instance has no arguments.
    [[nodiscard]] std::int32_t value(const search::Instance& measure, const State& s) const {
        switch (measure.primitive) {
        case M_SIZE:
            return n_;
        case M_ROW:
            return s.row;
        case M_COLUMN:
            return s.last;
        default:
            return 0;
        }
    }

    [[nodiscard]] bool holds(std::uint8_t predicate, const State& s, const State&) const {
        switch (predicate) {
        case P_TRUE:
            return true;
        case P_ALL_PLACED:
            return s.row == n_;
        case P_SAFE:
            return !s.clash;
        default:
            return false;
        }
    }

    // The generator's moves for the next row, as columns (none once every row has its queen).
    [[nodiscard]] search::MoveMask<Move> move_mask(std::uint8_t generator, const State& s) const {
        if (s.row >= n_) return search::MoveMask<Move>(0);
        switch (generator) {
        case G_PLACE:
            return search::MoveMask<Move>(mask_);
        case G_PLACE_SAFE:
            return search::MoveMask<Move>(free_columns(s));
        default:
            return search::MoveMask<Move>(0); // nomove
        }
    }
    // Appends the same moves.
    void generate(std::uint8_t generator, const State& s, Buffer& out) const {
        for (Move c : move_mask(generator, s)) out.push(c);
    }

  private:
    [[nodiscard]] static std::uint32_t attacked(const State& s) {
        return s.columns | s.left | s.right;
    }
    [[nodiscard]] std::uint32_t free_columns(const State& s) const { return ~attacked(s) & mask_; }

    int n_;
    std::uint32_t mask_; // the board's N columns
};

static_assert(search::MeasureDomain<QueensDomain> && search::MaskDomain<QueensDomain>);

// Returns the columns, row by row, that a forcing tree of this domain places: one player, so
// the tree is one line.
[[nodiscard]] std::vector<Column> placement(const search::ForcingTree<Column>& tree);

} // namespace al0::queens
