#pragma once
// A slow, plain reference implementation of the chess primitive library (docs/LIBRARY.md) on the
// chess core's Position, written from the documentation and sharing no code with the libraries
// the search uses (engine/krk, engine/endgame): the tree checker evaluates goals and move
// constraints with it, so a wrong predicate in a fast library shows as a defect. Us is White.

#include "engine/chess/position.hpp"
#include "engine/search/evaluator.hpp"

#include <vector>

namespace al0::verify {

class ReferenceLibrary {
  public:
    using State = Position;
    using Move = al0::Move;
    static constexpr int MAX_MOVES = 256;
    using Buffer = search::MoveBuffer<Move, MAX_MOVES>;

    // ROOT: the root of the trees it evaluates; the roles follow from its material, written
    // strong side first, pieces in the order Q R B N P (as a table declares it: KRK, KBNK).
    explicit ReferenceLibrary(const Position& root);

    [[nodiscard]] bool us_to_move(const State& p) const { return p.side_to_move() == WHITE; }
    [[nodiscard]] State play(const State& p, Move m) const { return p.after(m); }
    // Tables without a material name no primitive of this library: nothing holds or moves.
    [[nodiscard]] bool holds(std::uint8_t, const State&, const State&) const { return false; }
    void generate(std::uint8_t, const State&, Buffer&) const {}

    [[nodiscard]] std::int32_t value(const search::Instance& in, const State& p) const;
    void generate(const search::Instance& in, const State& p, Buffer& out) const;

  private:
    struct Role {
        Color color;
        PieceType type;
        int ordinal; // among the pieces of that colour and type, by square a1..h8
    };
    [[nodiscard]] Square square_of(const State& p, std::uint8_t role) const;
    [[nodiscard]] Color color_of_role(std::uint8_t role) const { return roles_[role].color; }
    [[nodiscard]] std::int32_t measure(const search::Instance& in, const State& p) const;
    [[nodiscard]] bool predicate(const search::Instance& in, const State& p) const;

    std::vector<Role> roles_;
    int root_officers_ = 0; // our pieces other than the king and pawns at the root
};

static_assert(search::InstanceDomain<ReferenceLibrary>);

} // namespace al0::verify
