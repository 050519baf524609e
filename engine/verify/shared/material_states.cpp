#include "engine/verify/shared/material_states.hpp"

#include "engine/chess/material.hpp"
#include "engine/tablebase/probe.hpp"

#include <array>
#include <stdexcept>

namespace al0::verify {

MaterialStates::MaterialStates(const tablebase::Material& m) : material_(m) {
    if (m.men() > tablebase::Board::MAX_MEN)
        throw std::invalid_argument("verify: more than four men in " + m.name());
    prototype_.count = std::uint8_t(m.men());
    prototype_.men[0] = {tablebase::K_KING, WHITE, SQ_NONE};
    prototype_.men[1] = {tablebase::K_KING, BLACK, SQ_NONE};
    int i = 2;
    for (Color c : {WHITE, BLACK})
        for (int k = 0; k < m.count(c); ++k) prototype_.men[i++] = {m.extra(c, k), c, SQ_NONE};
    for (int n = 0; n < prototype_.count; ++n) size_ *= 64;
}

bool MaterialStates::board(std::uint32_t index, tablebase::Board& out) const {
    out = prototype_;
    out.stm = WHITE;
    Bitboard used = 0;
    for (int i = 0; i < out.count; ++i, index /= 64) {
        tablebase::Man& man = out.men[i];
        man.sq = Square(index % 64);
        if (used & square_bb(man.sq)) return false;
        used |= square_bb(man.sq);
        const tablebase::Man& previous = out.men[i - (i > 0)];
        if (i > 2 && previous.kind == man.kind && previous.color == man.color &&
            previous.sq > man.sq)
            return false;
    }
    return true;
}

Position MaterialStates::position(std::uint32_t index) const {
    tablebase::Board b;
    if (!board(index, b)) throw std::invalid_argument("verify: not a position's slot");
    return position_of(b);
}

Position position_of(const tablebase::Board& b) {
    std::array<Placement, tablebase::Board::MAX_MEN> pieces{};
    for (int i = 0; i < b.count; ++i)
        pieces[i] = {make_piece(b.men[i].color, piece_type_of(b.men[i].kind)), b.men[i].sq};
    return Position::make(std::span(pieces.data(), b.count), b.stm);
}

} // namespace al0::verify
