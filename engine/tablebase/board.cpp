#include "engine/tablebase/board.hpp"

#include <vector>

namespace al0::tablebase {

namespace {

// BISHOP_BEHIND[s][b]: what ROOK_BEHIND is for rooks (bitboards.hpp), for the diagonals.
const auto BISHOP_BEHIND = [] {
    std::vector<std::array<Bitboard, SQUARE_NB>> t(SQUARE_NB);
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int b = 0; b < SQUARE_NB; ++b)
            t[s][b] = bishop_attacks(Square(s), b == s ? 0 : square_bb(Square(b)));
    return t;
}();

// Returns a slider's attacks: the empty-board rays cut behind each other man (at most three).
template <class Table>
Bitboard slide(const Table& behind, Square s, Bitboard occupied) {
    Bitboard a = behind[s][s];
    for (Bitboard o = occupied & ~square_bb(s); o; o &= o - 1) a &= behind[s][lsb(o)];
    return a;
}

// What a man attacks on an empty board, by kind (a black pawn after the kinds): the squares it
// steps to and the lines it slides along (a man on them attacks through no other man): in_check
// needs no branch on the kind.
struct Reach {
    std::array<Bitboard, SQUARE_NB> steps{}, lines{};
};

const auto REACH = [] {
    std::array<Reach, KIND_NB + 1> t{};
    for (int s = 0; s < SQUARE_NB; ++s) {
        t[K_KING].steps[s] = KING_ATTACKS[s];
        t[K_KNIGHT].steps[s] = KNIGHT_ATTACKS[s];
        t[K_PAWN].steps[s] = PAWN_ATTACKS[WHITE][s];
        t[KIND_NB].steps[s] = PAWN_ATTACKS[BLACK][s];
        t[K_ROOK].lines[s] = ROOK_RAYS[s];
        t[K_BISHOP].lines[s] = BISHOP_RAYS[s];
        t[K_QUEEN].lines[s] = ROOK_RAYS[s] | BISHOP_RAYS[s];
    }
    return t;
}();

} // namespace

Material Board::material() const {
    Material m;
    for (int i = 2; i < count; ++i) m.add(men[i].color, men[i].kind);
    return m;
}

Board Board::flipped() const {
    Board f = *this;
    for (int i = 0; i < count; ++i) {
        f.men[i].color = ~men[i].color;
        f.men[i].sq = Square(men[i].sq ^ 56);
    }
    std::swap(f.men[0], f.men[1]);
    f.stm = ~stm;
    return f;
}

Bitboard attacks_of(const Man& m, Bitboard occupied) {
    switch (m.kind) {
    case K_KING:
        return KING_ATTACKS[m.sq];
    case K_KNIGHT:
        return KNIGHT_ATTACKS[m.sq];
    case K_ROOK:
        return slide(ROOK_BEHIND, m.sq, occupied);
    case K_BISHOP:
        return slide(BISHOP_BEHIND, m.sq, occupied);
    case K_QUEEN:
        return slide(ROOK_BEHIND, m.sq, occupied) | slide(BISHOP_BEHIND, m.sq, occupied);
    case K_PAWN: {
        const Bitboard b = square_bb(m.sq);
        constexpr Bitboard not_a = ~0x0101010101010101ull, not_h = ~0x8080808080808080ull;
        return m.color == WHITE ? ((b << 7) & not_h) | ((b << 9) & not_a)
                                : ((b >> 9) & not_h) | ((b >> 7) & not_a);
    }
    default:
        return 0;
    }
}

bool in_check(const Board& b, Color c) {
    const Square k = b.men[c == WHITE ? 0 : 1].sq;
    const Bitboard king = square_bb(k), occupied = b.occupied();
    Bitboard hits = 0; // no early return: whether a man gives check is hard to predict
    for (int i = 0; i < b.count; ++i) {
        const Man& m = b.men[i];
        if (m.color == c) continue;
        const Reach& r = REACH[m.kind + (m.kind == K_PAWN && m.color == BLACK)];
        const Bitboard open = (BETWEEN[k][m.sq] & occupied) ? 0 : ~Bitboard(0);
        hits |= (r.steps[m.sq] | (r.lines[m.sq] & open)) & king;
    }
    return hits != 0;
}

KingSafety king_safety(const Board& b) {
    const Color us = b.stm;
    const Square k = b.men[us == WHITE ? 0 : 1].sq;
    const Bitboard king = square_bb(k), occupied = b.occupied(), open = occupied & ~king;
    KingSafety s;
    for (int i = 0; i < b.count; ++i) {
        const Man& m = b.men[i];
        if (m.color == us) continue;
        s.danger |= attacks_of(m, open);
        if (REACH[m.kind].lines[m.sq] & king) s.lines |= BETWEEN[k][m.sq];
    }
    s.checked = (s.danger & king) != 0;
    return s;
}

const char* illegality(const Board& b) {
    Bitboard seen = 0;
    for (int i = 0; i < b.count; ++i) {
        const Bitboard sq = square_bb(b.men[i].sq);
        if (seen & sq) return "two men on one square";
        seen |= sq;
        if (b.men[i].kind == K_PAWN && (sq & (detail::RANK_1_BB | detail::RANK_8_BB)))
            return "a pawn on the first or last rank";
    }
    if (distance(b.men[0].sq, b.men[1].sq) <= 1) return "the kings are adjacent";
    if (in_check(b, ~b.stm))
        return b.stm == WHITE ? "black king in check with White to move"
                              : "white king in check with Black to move";
    return nullptr;
}

} // namespace al0::tablebase
