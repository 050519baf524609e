#include "engine/chess/material.hpp"

namespace al0 {

namespace {

constexpr PieceType SIGNATURE_ORDER[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

int value(const Position& pos, Color c) {
    static constexpr int values[PIECE_TYPE_NB] = {0, 0, 9, 5, 3, 3, 1};
    int sum = 0;
    for (PieceType pt : SIGNATURE_ORDER) sum += values[pt] * popcount(pos.pieces(c, pt));
    return sum;
}

std::string side_signature(const Position& pos, Color c) {
    std::string s = "K";
    for (PieceType pt : SIGNATURE_ORDER) s.append(popcount(pos.pieces(c, pt)), piece_letter(pt));
    return s;
}

} // namespace

Color stronger_side(const Position& pos) {
    return value(pos, BLACK) > value(pos, WHITE) ? BLACK : WHITE;
}

std::string material_signature(const Position& pos) {
    const Color strong = stronger_side(pos);
    return side_signature(pos, strong) + side_signature(pos, ~strong);
}

} // namespace al0
