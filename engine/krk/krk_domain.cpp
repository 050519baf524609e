#include "engine/krk/krk_domain.hpp"

#include "engine/chess/bitboards.hpp"
#include "engine/endgame/library.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_board.hpp"
#include "engine/krk/krk_predicates.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace al0::krk {

int room(const KrkState& s) { return predicates::room(s); }

bool in_check(const KrkState& s) { return KrkBoard(s).black_king_attacked(); }

namespace {

// The king's steps in the book's order (NEIGHBOURS) as square offsets.
constexpr auto KING_STEP_OFFSETS = [] {
    std::array<int, 8> t{};
    for (int i = 0; i < 8; ++i) t[i] = detail::king_steps[i][0] + 8 * detail::king_steps[i][1];
    return t;
}();

// IN_BOOK_ORDER[m]: the neighbours in mask m, bit a for the a-th in square order (offsets -9, -8,
// -7, -1, 1, 7, 8, 9), as a mask with bit i for the book's i-th step.
constexpr auto IN_BOOK_ORDER = [] {
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
constexpr auto KING_STEPS = [] {
    std::array<std::array<Move, 8>, SQUARE_NB> t{};
    for (int s = 0; s < SQUARE_NB; ++s)
        for (int i = 0; i < 8; ++i) {
            const int x = s % 8 + detail::king_steps[i][0], y = s / 8 + detail::king_steps[i][1];
            if (x >= 0 && x < 8 && y >= 0 && y < 8) t[s][i] = Move(Square(s), Square(y * 8 + x));
        }
    return t;
}();

// The same of the white king: its neighbours off the rook's square and the black king's reach.
Bitboard white_king_targets(const KrkState& s) {
    return KING_ATTACKS[s.wk] & ~KrkBoard(s).rook() & ~KING_ATTACKS[s.bk];
}

// Appends the king's moves from FROM to TARGETS (some of its neighbours) in the book's order.
// Why through a mask in the book's order: one push per move, where a test of each neighbour cost
// 15 instructions a square. Inlined: the call cost a tenth of a black node's moves.
[[gnu::always_inline]] inline void king_moves_to(Square from, Bitboard targets,
                                                 KrkDomain::Buffer& out) {
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
constexpr auto ROOK_ORDER = [] {
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
Bitboard rook_targets(const KrkState& s) {
    if (s.rook_captured() || (KING_ATTACKS[s.bk] & square_bb(s.wk))) return 0;
    return ROOK_BEHIND[s.wr][s.wk] & ROOK_BEHIND[s.wr][s.bk] & ~square_bb(s.wk) & ~square_bb(s.bk);
}

// Why every move at once when the rook has all fourteen squares (no king on its lines): one
// copy per move, where a test of each costs three instructions more.
void rook_moves_to(const KrkState& s, Bitboard targets, KrkDomain::Buffer& out) {
    if (targets == 0) return;
    const auto& order = ROOK_ORDER[s.wr];
    if (targets == ROOK_RAYS[s.wr])
        out.push_each(int(order.size()), [&](int i) { return order[std::size_t(i)]; });
    else
        for (Move m : order) out.push_if(m, targets & square_bb(m.to()));
}

} // namespace

void black_moves(const KrkState& s, KrkDomain::Buffer& out) {
    king_moves_to(s.bk, predicates::black_king_targets(s), out);
}

bool black_has_move(const KrkState& s) { return predicates::black_has_move(s); }

void king_diag_first(const KrkState& s, KrkDomain::Buffer& out) {
    king_moves_to(s.wk, white_king_targets(s), out);
}

void rook_moves(const KrkState& s, KrkDomain::Buffer& out) {
    rook_moves_to(s, rook_targets(s), out);
}

// Why the checks as set bits, lowest first: the targets on the black king's file (or rank) lie on
// one line of the rook (a square where the rook's other line crosses it is the rook's own), where
// rook_moves_to's order is the squares' order; and there are few, where rook_moves_to tests 14.
void check_moves(const KrkState& s, KrkDomain::Buffer& out) {
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
void king_toward(const KrkState& s, KrkDomain::Buffer& out) {
    KrkDomain::Buffer all;
    king_diag_first(s, all);
    for (int d = 2; d <= 14; ++d)
        for (Move m : all)
            if (manhattan(m.to(), s.bk) == d) out.push(m);
}

// Returns rookmove's moves, those that leave the black king the least room first; ties keep the
// book's order.
void rook_by_room(const KrkState& s, KrkDomain::Buffer& out) {
    KrkDomain::Buffer all;
    rook_moves(s, all);
    std::array<int, KrkDomain::traits.max_moves> rooms{};
    int i = 0;
    for (Move m : all) rooms[std::size_t(i++)] = room({s.wk, m.to(), s.bk, BLACK});
    for (int r = 0; r <= 64; ++r) {
        i = 0;
        for (Move m : all)
            if (rooms[std::size_t(i++)] == r) out.push(m);
    }
}

bool KrkDomain::holds(std::uint8_t predicate, const State& s, const State& root) const {
    return predicates::predicate_holds(predicate, s, root);
}

bool KrkDomain::holds_steps(const search::PredicateSteps& goal, const State& s,
                            const State& root) const {
    return goal.run([&](std::uint8_t p) { return predicates::predicate_holds(p, s, root); });
}

std::optional<KrkState> to_state(const Position& pos, std::string* why) {
    auto reject = [&](const char* reason) -> std::optional<KrkState> {
        if (why) *why = reason;
        return std::nullopt;
    };
    const Bitboard rook = pos.pieces(WHITE, ROOK);
    if (pos.occupied() & ~pos.pieces(KING) & ~rook || popcount(rook) > 1)
        return reject("not a KRK position (al0 plays king and rook against king)");
    KrkState s{pos.king(WHITE), rook ? lsb(rook) : SQ_NONE, pos.king(BLACK), pos.side_to_move()};
    return s;
}

Position to_position(const KrkState& s, int halfmove, int fullmove) {
    if (s.rook_captured())
        return Position::make({{W_KING, s.wk}, {B_KING, s.bk}}, s.stm, SQ_NONE, halfmove, fullmove);
    return Position::make({{W_KING, s.wk}, {B_KING, s.bk}, {W_ROOK, s.wr}}, s.stm, SQ_NONE,
                          halfmove, fullmove);
}

} // namespace al0::krk

namespace al0::krk {

std::int32_t KrkDomain::value(const search::Instance& in, const State& s) const {
    const KrkBoard board(s);
    return in.kind == search::Instance::Kind::measure
               ? endgame::library::measure<Buffer>(board, in)
               : endgame::library::predicate<Buffer>(board, in);
}

void KrkDomain::generate(const search::Instance& in, const State& s, Buffer& out) const {
    endgame::library::generate(KrkBoard(s), in, out);
}

} // namespace al0::krk

namespace al0::search {
template class Evaluator<krk::KrkDomain>;
template class AdviceSearch<krk::KrkDomain>;
template void build_tree_into<krk::KrkDomain>(const krk::KrkDomain&, const Program&,
                                              const krk::KrkState&, const Options&,
                                              SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
