#pragma once
// The solver's compact board: up to four men (the two kings first), the side to move, and the
// moves and un-moves between such boards: the fast path inside the solver. A board has no
// en-passant square (castling never arises): the solver values the child of a double step with
// the captures en passant it allows (for_each_en_passant). The chess core's move generator is the
// independent check of this one (tests/engine/tablebase/test_tablebases.cpp), and probes go through
// the chess core's Position.

#include "engine/chess/bitboards.hpp"
#include "engine/tablebase/material.hpp"

#include <array>
#include <cstdint>

namespace al0::tablebase {

struct Man {
    Kind kind = K_KING;
    Color color = WHITE;
    Square sq = SQ_NONE;
};

struct Board {
    static constexpr int MAX_MEN = 4;
    std::array<Man, MAX_MEN> men{}; // men[0] the white king, men[1] the black king
    std::uint8_t count = 0;
    Color stm = WHITE;

    // Inline: the solver asks them for every board it moves or un-moves.
    [[nodiscard]] Bitboard occupied() const {
        Bitboard b = 0;
        for (int i = 0; i < count; ++i) b |= square_bb(men[i].sq);
        return b;
    }
    [[nodiscard]] Bitboard occupied(Color c) const {
        Bitboard b = 0;
        for (int i = 0; i < count; ++i)
            if (men[i].color == c) b |= square_bb(men[i].sq);
        return b;
    }
    [[nodiscard]] Material material() const;
    // Returns the board with colours swapped and ranks mirrored (the same game, seen by the other
    // side): its value for the side to move is the same.
    [[nodiscard]] Board flipped() const;
};

// A move on the compact board; promotion is K_KING when there is none.
struct BoardMove {
    Square from = SQ_NONE;
    Square to = SQ_NONE;
    Kind promotion = K_KING;
};

// Returns the squares a man attacks (a pawn: its two capture squares) given the occupancy.
Bitboard attacks_of(const Man& m, Bitboard occupied);
// Whether the king of colour c is attacked.
bool in_check(const Board& b, Color c);

// What decides whether a move of the side to move leaves its king attacked, found once per board
// instead of once per move: a king move is legal when its target is not in `danger` (the enemy's
// attacks through the square the king leaves, so a capture of an unprotected man is allowed);
// another man's move can only expose the king when it is in check or the man stands on `lines`
// (between the king and an enemy line piece aimed at it), and only then is the child examined.
struct KingSafety {
    Bitboard danger = 0, lines = 0;
    bool checked = false;
};
KingSafety king_safety(const Board& b);
// Returns why the placement is impossible (squares shared, kings adjacent, a pawn on its first or
// last rank, the side not to move in check), or nullptr when it is a legal position.
const char* illegality(const Board& b);

// Returns the index of the man on s, or -1.
inline int man_on(const Board& b, Square s) {
    for (int i = 0; i < b.count; ++i)
        if (b.men[i].sq == s) return i;
    return -1;
}

// Returns the board after men[mover] makes the move, taking men[captured] (-1: nothing).
inline Board apply(const Board& b, int mover, BoardMove m, int captured) {
    Board c = b;
    c.men[mover].sq = m.to;
    if (m.promotion != K_KING) c.men[mover].kind = m.promotion;
    if (captured >= 0) {
        for (int i = captured; i + 1 < c.count; ++i) c.men[i] = c.men[i + 1];
        --c.count;
    }
    c.stm = ~b.stm;
    return c;
}

// Calls f(child, move, conversion) for every legal move; a conversion (capture or promotion)
// leaves the material.
template <class F>
void for_each_move(const Board& b, F&& f);
// Calls f(parent, double_step) for every board from which a legal move that is not a conversion
// leads to b; double_step is the pawn's square in b when the move was a pawn's double step, else
// SQ_NONE. The kings of a parent are never adjacent; otherwise it is not checked for legality (its
// tablebase entry says NO_POSITION when it is not).
template <class F>
void for_each_unmove(const Board& b, F&& f);
// Calls f(child) for every legal capture en passant of the pawn that has just made a double step
// to `pawn` (the board as if it had its en-passant square).
template <class F>
void for_each_en_passant(const Board& b, Square pawn, F&& f);
// Whether the move is a pawn's double step.
inline bool is_double_step(const Board& b, BoardMove m) {
    return (m.to - m.from == 16 || m.from - m.to == 16) && b.men[man_on(b, m.from)].kind == K_PAWN;
}

// ---- implementation of the templates

namespace detail {
constexpr Bitboard RANK_1_BB = 0xFFull, RANK_8_BB = 0xFFull << 56;
constexpr int forward(Color c) { return c == WHITE ? 8 : -8; }
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }

} // namespace detail

template <class F>
void for_each_move(const Board& b, F&& f) {
    const Color us = b.stm;
    const Bitboard occ = b.occupied(), own = b.occupied(us), theirs = occ & ~own;
    const KingSafety safety = king_safety(b);
    const int king = us == WHITE ? 0 : 1;
    bool examine = false; // whether the mover's moves may expose its king
    // Inlined, the child is built in place; called, it was built twice, and copying it after the
    // byte-wide writes of the move stalled the processor (a sixth of the solver's time).
    auto emit = [&](int i, Square to, Kind promo) __attribute__((always_inline)) {
        const int captured = (theirs & square_bb(to)) ? man_on(b, to) : -1;
        const BoardMove m{b.men[i].sq, to, promo};
        const Board child = apply(b, i, m, captured);
        const bool legal = i == king  ? !(safety.danger & square_bb(to))
                           : !examine ? true
                                      : !in_check(child, us);
        if (legal) f(child, m, captured >= 0 || promo != K_KING);
    };
    for (int i = 0; i < b.count; ++i) {
        const Man& man = b.men[i];
        if (man.color != us) continue;
        examine = safety.checked || (safety.lines & square_bb(man.sq));
        if (man.kind != K_PAWN) {
            for (Bitboard t = attacks_of(man, occ) & ~own; t; t &= t - 1) emit(i, lsb(t), K_KING);
            continue;
        }
        Bitboard targets = attacks_of(man, occ) & theirs;
        const Square one = Square(man.sq + detail::forward(us));
        if (!(occ & square_bb(one))) {
            targets |= square_bb(one);
            const Square two = Square(one + detail::forward(us));
            if (detail::relative_rank(us, man.sq) == 1 && !(occ & square_bb(two)))
                targets |= square_bb(two);
        }
        for (; targets; targets &= targets - 1) {
            const Square to = lsb(targets);
            if (square_bb(to) & (detail::RANK_1_BB | detail::RANK_8_BB))
                for (Kind k : {K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT}) emit(i, to, k);
            else
                emit(i, to, K_KING);
        }
    }
}

template <class F>
void for_each_unmove(const Board& b, F&& f) {
    const Color them = ~b.stm; // the side that has just moved
    const Bitboard occ = b.occupied();
    auto emit = [&](int i, Square from, Square double_step = SQ_NONE) {
        Board p = b;
        p.men[i].sq = from;
        p.stm = them;
        f(p, double_step);
    };
    for (int i = 0; i < b.count; ++i) {
        const Man& man = b.men[i];
        if (man.color != them) continue;
        if (man.kind != K_PAWN) {
            Bitboard t = attacks_of(man, occ) & ~occ;
            if (man.kind == K_KING) t &= ~KING_ATTACKS[b.men[them == WHITE ? 1 : 0].sq];
            for (; t; t &= t - 1) emit(i, lsb(t));
            continue;
        }
        // A pawn came one square back (not from its first rank), or two from its second rank.
        const int rr = detail::relative_rank(them, man.sq);
        const Square one = Square(man.sq - detail::forward(them));
        if (rr < 2 || (occ & square_bb(one))) continue;
        emit(i, one);
        const Square two = Square(one - detail::forward(them));
        if (rr == 3 && !(occ & square_bb(two))) emit(i, two, man.sq);
    }
}

template <class F>
void for_each_en_passant(const Board& b, Square pawn, F&& f) {
    const Color us = b.stm;
    const Square behind = Square(pawn + detail::forward(us));
    const int victim = man_on(b, pawn);
    for (int i = 0; i < b.count; ++i) {
        const Man& man = b.men[i];
        if (man.color != us || man.kind != K_PAWN || rank_of(man.sq) != rank_of(pawn) ||
            distance(man.sq, pawn) != 1)
            continue;
        const Board child = apply(b, i, BoardMove{man.sq, behind, K_KING}, victim);
        if (!in_check(child, us)) f(child);
    }
}

} // namespace al0::tablebase
