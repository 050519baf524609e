#include "engine/chess/material.hpp"

namespace al0 {

namespace {

constexpr PieceType SIGNATURE_ORDER[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

std::string side_signature(const Position& pos, Color c) {
    std::string s = "K";
    for (PieceType pt : SIGNATURE_ORDER) s.append(popcount(pos.pieces(c, pt)), piece_letter(pt));
    return s;
}

} // namespace

Color stronger_side(const PieceCounts& counts) {
    static constexpr int values[PIECE_TYPE_NB] = {0, 0, 9, 5, 3, 3, 1};
    int sum[COLOR_NB] = {0, 0};
    for (int c = 0; c < COLOR_NB; ++c)
        for (PieceType pt : SIGNATURE_ORDER) sum[c] += values[pt] * counts[c][pt];
    if (sum[WHITE] != sum[BLACK]) return sum[BLACK] > sum[WHITE] ? BLACK : WHITE;
    for (PieceType pt : SIGNATURE_ORDER)
        if (counts[WHITE][pt] != counts[BLACK][pt])
            return counts[BLACK][pt] > counts[WHITE][pt] ? BLACK : WHITE;
    return WHITE;
}

Color stronger_side(const Position& pos) {
    PieceCounts counts{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (PieceType pt : SIGNATURE_ORDER) counts[c][pt] = popcount(pos.pieces(Color(c), pt));
    return stronger_side(counts);
}

std::string material_signature(const Position& pos) {
    const Color strong = stronger_side(pos);
    return side_signature(pos, strong) + side_signature(pos, ~strong);
}

} // namespace al0
