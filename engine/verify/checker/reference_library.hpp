#pragma once
// A slow, plain reference implementation of the chess primitive library (docs/LIBRARY.md) on the
// chess core's Position, written from the documentation and sharing no code with the libraries
// the search uses (engine/krk, engine/endgame): the tree checker evaluates goals and move
// constraints with it, so a wrong predicate in a fast library shows as a defect. Us is White.

#include "engine/chess/position.hpp"
#include "engine/search/evaluator.hpp"

#include <array>
#include <vector>

namespace al0::verify {

class ReferenceLibrary {
  public:
    // A position and the square of each role (SQ_NONE once captured). A role stays with its
    // piece along a line (docs/LIBRARY.md): it is followed from the root move by move, never
    // found afresh by the kind of piece.
    struct State {
        Position pos;
        std::array<Square, 8> at{};
    };
    using Move = al0::Move;
    static constexpr search::Traits traits{.max_moves = 256};
    using Buffer = search::MoveBuffer<Move, traits.max_moves>;

    // ROOT: the root of the trees it evaluates; the roles follow from its material with White as
    // us (contract/material.hpp, the order a table's roles have) and take its pieces of their
    // kind, doubled ones in the order of their squares a1..h8.
    explicit ReferenceLibrary(const Position& root);
    [[nodiscard]] const State& root() const { return root_; }

    [[nodiscard]] bool us_to_move(const State& s) const { return s.pos.side_to_move() == WHITE; }
    [[nodiscard]] State play(const State& s, Move m) const;
    // Tables without a material name no primitive of this library: nothing holds or moves.
    [[nodiscard]] bool holds(std::uint8_t, const State&, const State&) const { return false; }
    void generate(std::uint8_t, const State&, Buffer&) const {}

    [[nodiscard]] std::int32_t value(const search::Instance& in, const State& s) const;
    void generate(const search::Instance& in, const State& s, Buffer& out) const;

  private:
    struct Role {
        Color color;
        PieceType type; // at the root
    };
    [[nodiscard]] Square square_of(const State& s, std::uint8_t role) const;
    [[nodiscard]] Color color_of_role(std::uint8_t role) const { return roles_[role].color; }
    [[nodiscard]] std::int32_t measure(const search::Instance& in, const State& s) const;
    [[nodiscard]] bool predicate(const search::Instance& in, const State& s) const;

    std::vector<Role> roles_;
    State root_;
};

static_assert(search::InstanceDomain<ReferenceLibrary>);

} // namespace al0::verify
