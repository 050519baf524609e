#include "engine/endgame/roles.hpp"

#include "contract/material.hpp"

namespace al0::endgame {

namespace {

PieceType piece_type(char letter) {
    switch (letter) {
    case 'K':
        return KING;
    case 'Q':
        return QUEEN;
    case 'R':
        return ROOK;
    case 'B':
        return BISHOP;
    case 'N':
        return KNIGHT;
    default:
        return PAWN;
    }
}

} // namespace

Expected<Roles> roles_of(std::string_view material) {
    // advice::roles_of is the one judge of what a material is; its role order is the one here.
    if (!advice::roles_of(material)) {
        std::string message(material); // appended to, not prefixed: g++ 12 warns on "'" + s
        message += " is not a material (K, then Q R B N P letters, K, then letters; at most " +
                   std::to_string(MAX_ROLES) + " pieces)";
        return Error{message};
    }
    Roles r;
    r.material = std::string(material);
    const std::size_t second = material.find('K', 1);
    r.piece[r.count++] = W_KING;
    r.piece[r.count++] = B_KING;
    for (std::size_t i = 1; i < second; ++i)
        r.piece[r.count++] = make_piece(WHITE, piece_type(material[i]));
    for (std::size_t i = second + 1; i < material.size(); ++i)
        r.piece[r.count++] = make_piece(BLACK, piece_type(material[i]));
    return r;
}

} // namespace al0::endgame
