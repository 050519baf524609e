#pragma once
// The endgame State as a board of the chess library (board.hpp): the chess core's Position
// answers, the roles say which piece each role began as.

#include "engine/endgame/board.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"

namespace al0::endgame {

class PositionBoard {
  public:
    PositionBoard(const Roles& roles, const State& s) : roles_(roles), s_(s) {}

    [[nodiscard]] int role_count() const { return roles_.count; }
    [[nodiscard]] Piece start_piece(std::uint8_t role) const { return roles_.piece[role]; }
    [[nodiscard]] Square square(std::uint8_t role) const { return s_.sq[role]; }
    [[nodiscard]] Piece piece(std::uint8_t role) const { return s_.pos.piece_on(s_.sq[role]); }

    [[nodiscard]] Color side_to_move() const { return s_.pos.side_to_move(); }
    [[nodiscard]] Square king(Color c) const { return s_.pos.king(c); }
    [[nodiscard]] Bitboard occupied() const { return s_.pos.occupied(); }
    [[nodiscard]] Bitboard pieces(Color c) const { return s_.pos.pieces(c); }
    [[nodiscard]] Bitboard pieces(Color c, PieceType pt) const { return s_.pos.pieces(c, pt); }
    [[nodiscard]] Square ep_square() const { return s_.pos.ep_square(); }
    [[nodiscard]] bool attacked(Square s, Color by, Bitboard occ, Bitboard captured) const {
        return s_.pos.attacked(s, by, occ, captured);
    }
    [[nodiscard]] Bitboard attacks_by(Color c, Bitboard transparent) const {
        return s_.pos.attacks_by(c, transparent);
    }
    [[nodiscard]] Bitboard attacks_from(PieceType pt, Square s) const {
        return attacks(pt, s, s_.pos.occupied());
    }
    [[nodiscard]] bool in_check() const { return s_.pos.in_check(); }
    [[nodiscard]] bool is_capture(Move m) const { return s_.pos.is_capture(m); }
    [[nodiscard]] auto check_test() const {
        return
            [&pos = s_.pos, cs = s_.pos.check_squares()](Move m) { return pos.gives_check(m, cs); };
    }

  private:
    const Roles& roles_;
    const State& s_;
};

static_assert(Board<PositionBoard>);

} // namespace al0::endgame
