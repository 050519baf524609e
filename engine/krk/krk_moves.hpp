#pragma once
// The move generators of the native KRK library (docs/KRK_LIBRARY.md) in the book's move order,
// and playing a move, inline: the one definition that KrkDomain (krk_domain.hpp) and the
// searches compiled for a program at run time (engine/codegen) include. Why a header of its
// own: the generated code is compiled apart from al0, from this text as the binary carries it,
// so it includes no more than it must.

#include "engine/chess/bitboards.hpp"
#include "engine/krk/krk_board.hpp"
#include "engine/krk/krk_predicates.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/search/domain.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace al0::krk::moves {

// 48 moves: a king's 8 plus a rook's 14, with room to spare.
inline constexpr int MAX_MOVES = 48;
using MoveList = search::MoveBuffer<Move, MAX_MOVES>;

// The king's steps in the book's order (NEIGHBOURS) as square offsets.
inline constexpr auto KING_STEP_OFFSETS = [] {
    std::array<int, 8> t{};
    for (int i = 0; i < 8; ++i) t[i] = detail::king_steps[i][0] + 8 * detail::king_steps[i][1];
    return t;
}();

// IN_BOOK_ORDER[m]: the neighbours in mask m, bit a for the a-th in square order (offsets -9, -8,
// -7, -1, 1, 7, 8, 9), as a mask with bit i for the book's i-th step.
inline constexpr auto IN_BOOK_ORDER = [] {
    constexpr int ascending[8] = {-9, -8, -7, -1, 1, 7, 8, 9};
    std::array<std::uint8_t, 256> t{};
    for (int m = 0; m < 256; ++m)
        for (int a = 0; a < 8; ++a)
            for (int i = 0; i < 8; ++i)
                if ((m >> a & 1) && KING_STEP_OFFSETS[i] == ascending[a]) t[m] |= 1 << i;
    return t;
}();

// KING_STEPS[s][i]: the king's move from s by the book's i-th step (where it stays on the board).
// Why a table: one load per move pushed, in place of the move's arithmetic.
inline constexpr auto KING_STEPS = [] {
    std::array<std::array<Move, 8>, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int i = 0; i < 8; ++i) {
            const int x = s % 8 + detail::king_steps[i][0], y = s / 8 + detail::king_steps[i][1];
            if (x >= 0 && x < 8 && y >= 0 && y < 8) t[s][i] = Move(Square(s), Square(y * 8 + x));
        }
    return t;
}();

// The same of the white king: its neighbours off the rook's square and the black king's reach.
inline Bitboard white_king_targets(const KrkState& s) {
    return KING_ATTACKS[s.wk] & ~KrkBoard(s).rook() & ~KING_ATTACKS[s.bk];
}

// Appends the king's moves from FROM to TARGETS (some of its neighbours) in the book's order.
// Why through a mask in the book's order: one push per move, where a test of each neighbour cost
// 15 instructions a square. Inlined: the call cost a tenth of a black node's moves.
[[gnu::always_inline]] inline void king_moves_to(Square from, Bitboard targets, MoveList& out) {
    // The 3 x 3 box around FROM in bits 0-2, 8-10 and 16-18: every target is a neighbour, so
    // none wraps around an edge into it, nor around the board's ends in the rotation.
    const Bitboard box = std::rotr(targets, int(from) - 9);
    const auto ascending =
        unsigned((box & 7) | (box >> 5 & 0x08) | (box >> 6 & 0x10) | (box >> 11 & 0xe0));
    unsigned book = IN_BOOK_ORDER[ascending];
    const auto& steps = KING_STEPS[from];
    out.push_each(std::popcount(book), [&](int) {
        const Move m = steps[std::size_t(std::countr_zero(book))];
        book &= book - 1;
        return m;
    });
}

// The rook's moves from each square in the chess library's order (line_moves): for i = 1..8, the
// square on its file at rank i, then the square on its rank at file i. Why a table: walking the
// order square by square was most of the cost of generating the rook's moves.
inline constexpr auto ROOK_ORDER = [] {
    std::array<std::array<Move, 14>, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s) {
        const int f = s % 8, r = s / 8;
        int n = 0;
        for (int i = 0; i < 8; ++i) {
            if (i != r) t[s][n++] = Move(Square(s), Square(i * 8 + f));
            if (i != f) t[s][n++] = Move(Square(s), Square(r * 8 + i));
        }
    }
    return t;
}();

// The squares the rook may move to, as line_moves allows them: its lines stop at the kings, it
// captures neither, and with the kings adjacent (an illegal position) no rook move is legal.
inline Bitboard rook_targets(const KrkState& s) {
    if (s.rook_captured() || (KING_ATTACKS[s.bk] & square_bb(s.wk))) return 0;
    return ROOK_BEHIND[s.wr][s.wk] & ROOK_BEHIND[s.wr][s.bk] & ~square_bb(s.wk) & ~square_bb(s.bk);
}

// Why every move at once when the rook has all fourteen squares (no king on its lines): one
// copy per move, where a test of each costs three instructions more.
inline void rook_moves_to(const KrkState& s, Bitboard targets, MoveList& out) {
    if (targets == 0) return;
    const auto& order = ROOK_ORDER[s.wr];
    if (targets == ROOK_RAYS[s.wr])
        out.push_each(int(order.size()), [&](int i) { return order[std::size_t(i)]; });
    else
        for (Move m : order) out.push_if(m, targets & square_bb(m.to()));
}

inline void black_moves(const KrkState& s, MoveList& out) {
    king_moves_to(s.bk, predicates::black_king_targets(s), out);
}

inline void king_diag_first(const KrkState& s, MoveList& out) {
    king_moves_to(s.wk, white_king_targets(s), out);
}

inline void rook_moves(const KrkState& s, MoveList& out) { rook_moves_to(s, rook_targets(s), out); }

// Why the checks as set bits, lowest first: the targets on the black king's file (or rank) lie on
// one line of the rook (a square where the rook's other line crosses it is the rook's own), where
// rook_moves_to's order is the squares' order; and there are few, where rook_moves_to tests 14.
inline void check_moves(const KrkState& s, MoveList& out) {
    Bitboard targets = rook_targets(s);
    if (targets == 0) return; // also where the rook is captured: it has no square to leave out
    targets &= ~square_bb(s.wr);
    for (const Bitboard line :
         {Bitboard{0x0101010101010101} << file_of(s.bk), Bitboard{0xff} << 8 * rank_of(s.bk)})
        for (Bitboard checks = targets & line; checks != 0; checks &= checks - 1)
            out.push(Move(s.wr, Square(std::countr_zero(checks))));
}

// Returns kingdiagfirst's moves, those nearest the black king (manhattan) first; ties keep the
// book's order.
inline void king_toward(const KrkState& s, MoveList& out) {
    MoveList all;
    king_diag_first(s, all);
    for (int d = 2; d <= 14; ++d)
        for (Move m : all)
            if (manhattan(m.to(), s.bk) == d) out.push(m);
}

// Returns rookmove's moves, those that leave the black king the least room first; ties keep the
// book's order.
inline void rook_by_room(const KrkState& s, MoveList& out) {
    MoveList all;
    rook_moves(s, all);
    std::array<int, MAX_MOVES> rooms{};
    int i = 0;
    for (Move m : all) rooms[std::size_t(i++)] = predicates::room({s.wk, m.to(), s.bk, BLACK});
    for (int r = 0; r <= 64; ++r) {
        i = 0;
        for (Move m : all)
            if (rooms[std::size_t(i++)] == r) out.push(m);
    }
}

// The state after move M at S. Why on the state's four bytes as one word (byte i: its i-th
// square, byte 3 the side): field by field, gcc loaded each byte and assembled the word again, a
// third of the instructions of playing a reply.
[[nodiscard]] inline KrkState play(const KrkState& s, Move m) {
    static_assert(sizeof(KrkState) == 4 && std::endian::native == std::endian::little);
    static_assert(offsetof(KrkState, wk) == 0 && offsetof(KrkState, wr) == 1 &&
                  offsetof(KrkState, bk) == 2 && offsetof(KrkState, stm) == 3);
    static_assert(WHITE == 0 && BLACK == 1); // the side flips by its lowest bit
    auto w = std::bit_cast<std::uint32_t>(s);
    const auto to = std::uint32_t(m.to());
    if (s.stm == BLACK) {
        w = (w & ~0xff0000u) | to << 16;
        if (m.to() == s.wr) w = (w & ~0xff00u) | std::uint32_t(SQ_NONE) << 8;
    } else {
        const int shift = m.from() == s.wk ? 0 : 8;
        w = (w & ~(0xffu << shift)) | to << shift;
    }
    return std::bit_cast<KrkState>(w ^ 0x01000000u); // the other side to move
}

// Appends the moves of GENERATOR at S, where SIDE is to move.
template <Color Side>
[[gnu::always_inline]] inline void generate(std::uint8_t generator, const KrkState& s,
                                            MoveList& out) {
    if constexpr (Side == BLACK) { // Black has its king alone, whose moves only `legal` gives
        if (generator == G_LEGAL) black_moves(s, out);
    } else {
        switch (Generator(generator)) {
        case G_LEGAL:
            king_diag_first(s, out);
            return rook_moves(s, out);
        case G_KINGDIAGFIRST:
            return king_diag_first(s, out);
        case G_ROOKMOVE:
            return rook_moves(s, out);
        case G_CHECKMOVE:
            return check_moves(s, out);
        case G_KINGTOWARD:
            return king_toward(s, out);
        case G_ROOKBYROOM:
            return rook_by_room(s, out);
        case G_NOMOVE:
        case GENERATOR_NB:
            return;
        }
    }
}

// A filter's goal after the move M at the node S, as goals compiled for a KRK table over the chess
// library give it (search::GeneratorNode::native_goal_after): 1 where it holds.
using GoalAfterMove = int (*)(KrkState s, Move m, KrkState root);

// The KRK moves as a search compiled for an advice asks them (search::FixedSearch): us is White.
struct FixedRules {
    using State = KrkState;
    using Move = al0::Move;
    using Buffer = MoveList;
    static constexpr int MAX_MOVES = moves::MAX_MOVES;
    static constexpr bool CODED = false; // no memos: states without a code
    static State play(const State& s, Move m) { return moves::play(s, m); }
    template <bool Us>
    [[gnu::always_inline]] static void generate(std::uint8_t generator, const State& s,
                                                Buffer& out) {
        moves::generate<Us ? WHITE : BLACK>(generator, s, out);
    }
};

} // namespace al0::krk::moves
