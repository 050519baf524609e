#include "engine/chess/material.hpp"

namespace al0 {

contract::Material material_of(const Position& pos) {
    contract::Material m;
    for (Color c : {WHITE, BLACK})
        for (PieceType pt = QUEEN; pt < PIECE_TYPE_NB; pt = PieceType(pt + 1))
            for (int i = popcount(pos.pieces(c, pt)); i > 0; --i) m.add(c, kind_of(pt));
    return m;
}

Color stronger_side(const Position& pos) {
    return material_of(pos).black_is_strong() ? BLACK : WHITE;
}

std::string material_signature(const Position& pos) { return material_of(pos).canonical().name(); }

} // namespace al0
