#include "engine/verify/reach/reach_space.hpp"

#include "engine/chess/material.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/shared/material_states.hpp"

namespace al0::verify {

ReachSpace::ReachSpace(const tablebase::Material& m, bool symmetric)
    : layout_(m), symmetric_(symmetric) {
    prototype_.count = 2;
    prototype_.men[0] = {tablebase::K_KING, WHITE, SQ_NONE};
    prototype_.men[1] = {tablebase::K_KING, BLACK, SQ_NONE};
    for (Color c : {WHITE, BLACK})
        for (int i = 0; i < m.count(c); ++i)
            prototype_.men[prototype_.count++] = {m.extra(c, i), c, SQ_NONE};
    size_ = 2;
    for (int i = 0; i < prototype_.count; ++i) size_ *= 64;
    if (symmetric_) size_ = layout_.size();
}

std::uint32_t ReachSpace::index(const tablebase::Board& b) const {
    if (symmetric_) return layout_.index(b);
    // Each man of the prototype takes the lowest square left among the board's men of its kind
    // and colour, so that boards differing by two equal men swapped share a slot.
    std::uint32_t slot = std::uint32_t(b.stm);
    std::uint32_t used = 0; // men of b already placed
    for (int i = 0; i < prototype_.count; ++i) {
        const tablebase::Man& want = prototype_.men[i];
        int best = -1;
        for (int j = 0; j < b.count; ++j)
            if (!(used >> j & 1) && b.men[j].kind == want.kind && b.men[j].color == want.color &&
                (best < 0 || b.men[j].sq < b.men[best].sq))
                best = j;
        used |= 1u << best;
        slot = slot * 64 + b.men[best].sq;
    }
    return slot;
}

bool ReachSpace::decode(std::uint32_t slot, tablebase::Board& out) const {
    if (symmetric_) return layout_.decode(slot, out);
    out = prototype_;
    Bitboard seen = 0;
    for (int i = out.count - 1; i >= 0; --i, slot /= 64) {
        out.men[i].sq = Square(slot % 64);
        if (seen & square_bb(out.men[i].sq)) return false;
        seen |= square_bb(out.men[i].sq);
    }
    out.stm = Color(slot);
    for (int i = 3; i < out.count; ++i) // equal men in square order
        if (out.men[i].kind == out.men[i - 1].kind && out.men[i].color == out.men[i - 1].color &&
            out.men[i].sq < out.men[i - 1].sq)
            return false;
    return distance(out.men[0].sq, out.men[1].sq) > 1;
}

endgame::State state_of(const endgame::Roles& roles, const tablebase::Board& b) {
    const Position pos = position_of(b);
    std::array<Square, endgame::MAX_ROLES> sq{SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    Bitboard taken = 0;
    auto take = [&](int role, Bitboard candidates) {
        if (!(candidates & ~taken)) return;
        sq[std::size_t(role)] = lsb(candidates & ~taken);
        taken |= square_bb(sq[std::size_t(role)]);
    };
    for (int role = 0; role < roles.count; ++role) {
        const Piece p = roles.piece[std::size_t(role)];
        take(role, pos.pieces(color_of(p), type_of(p)));
    }
    // A pawn role whose pawn is gone stands on a piece it promoted to: one no role has taken.
    for (int role = 0; role < roles.count; ++role) {
        const Piece p = roles.piece[std::size_t(role)];
        if (type_of(p) == PAWN && sq[std::size_t(role)] == SQ_NONE)
            take(role, pos.pieces(color_of(p)) & ~pos.pieces(KING));
    }
    return endgame::state_of(pos, sq);
}

tablebase::Board board_of(const endgame::State& s) {
    tablebase::Board b;
    b.men[0] = {tablebase::K_KING, WHITE, s.sq[endgame::OUR_KING]};
    b.men[1] = {tablebase::K_KING, BLACK, s.sq[endgame::THEIR_KING]};
    b.count = 2;
    // The other men in square order, as tablebase::board_of lists a position's.
    for (Bitboard o = (s.by_color[WHITE] | s.by_color[BLACK]) & ~square_bb(b.men[0].sq) &
                      ~square_bb(b.men[1].sq);
         o && b.count < tablebase::Board::MAX_MEN; o &= o - 1) {
        const Piece p = endgame::piece_on(s, lsb(o));
        b.men[b.count++] = {kind_of(type_of(p)), color_of(p), lsb(o)};
    }
    b.stm = s.stm;
    return b;
}

} // namespace al0::verify
