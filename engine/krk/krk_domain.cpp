#include "engine/krk/krk_domain.hpp"

#include "engine/chess/bitboards.hpp"
#include "engine/endgame/library.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_board.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace al0::krk {

namespace {

// CS_OFFSET[a][r][b]: on one axis (files or ranks, 0..7), how far coordinate a lies from the
// critical square's, which is next to the rook's r on the side of the black king's b (it may be
// off the board). Why a table: manhattan_to_cs is one lookup per axis, where the arithmetic took
// four compares and two absolute values.
constexpr auto CS_OFFSET = [] {
    std::array<std::array<std::array<std::uint8_t, 8>, 8>, 8> t{};
    for (int a = 0; a < 8; ++a)
        for (int r = 0; r < 8; ++r)
            for (int b = 0; b < 8; ++b) {
                const int cs = b < r ? r - 1 : r + 1, d = a - cs;
                t[a][r][b] = std::uint8_t(d < 0 ? -d : d);
            }
    return t;
}();

// The manhattan distance of the white king to the critical square: diagonally next to the rook
// on the black king's side.
int manhattan_to_cs(const KrkState& s) {
    return CS_OFFSET[file_of(s.wk)][file_of(s.wr)][file_of(s.bk)] +
           CS_OFFSET[rank_of(s.wk)][rank_of(s.wr)][rank_of(s.bk)];
}

// distance() of every two squares. Why a table: the predicates ask it at every node, and a
// lookup is a third of the arithmetic's instructions.
constexpr auto DISTANCE = [] {
    std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> t{};
    for (int a = 0; a < SQUARE_NB; ++a)
        for (int b = 0; b < SQUARE_NB; ++b) t[a][b] = std::uint8_t(distance(Square(a), Square(b)));
    return t;
}();

// The squares a king step apart (king-move distance 1).
bool next_to(Square a, Square b) { return (KING_ATTACKS[a] & square_bb(b)) != 0; }

bool rook_exposed(const KrkState& s) {
    int wd = DISTANCE[s.wk][s.wr], bd = DISTANCE[s.bk][s.wr];
    return s.stm == WHITE ? wd > bd + 1 : wd > bd;
}

bool between(int a, int b, int c) { return (a < b && b < c) || (c < b && b < a); }

bool rook_divides(const KrkState& s) {
    return between(file_of(s.wk), file_of(s.wr), file_of(s.bk)) ||
           between(rank_of(s.wk), rank_of(s.wr), rank_of(s.bk));
}

bool rook_lost(const KrkState& s) {
    return s.rook_captured() || (s.stm == BLACK && next_to(s.bk, s.wr) && !next_to(s.wk, s.wr));
}

// room() of the rook on each square against the black king on each square (the book's measure).
constexpr auto ROOM = [] {
    std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB> t{};
    for (int r = 0; r < SQUARE_NB; ++r)
        for (int k = 0; k < SQUARE_NB; ++k) {
            const int rx = r % 8 + 1, ry = r / 8 + 1, kx = k % 8 + 1, ky = k / 8 + 1;
            const int side_x = kx < rx ? rx - 1 : 8 - rx, side_y = ky < ry ? ry - 1 : 8 - ry;
            t[r][k] = std::uint8_t(rx == kx || ry == ky ? 64 : side_x * side_y);
        }
    return t;
}();

} // namespace

int room(const KrkState& s) { return s.rook_captured() ? 64 : ROOM[s.wr][s.bk]; }

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

// The squares the black king may step to: its neighbours that White does not attack with the
// black king out of the way (the rook's lines then stop at White's king alone), the undefended
// rook's included. As the chess library's king_targets gives them (engine/endgame/library.hpp),
// where the general board's attack maps cost twice the instructions.
Bitboard black_king_targets(const KrkState& s) {
    const Bitboard rook = s.rook_captured() ? 0 : ROOK_BEHIND[s.wr][s.wk];
    return KING_ATTACKS[s.bk] & ~KING_ATTACKS[s.wk] & ~rook;
}

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
    king_moves_to(s.bk, black_king_targets(s), out);
}

bool black_has_move(const KrkState& s) { return black_king_targets(s) != 0; }

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

namespace {

// The predicates of KrkDomain::holds, inlined where a goal's steps ask them (holds_steps). The
// check test is KrkBoard's, not in_check: gcc may leave that one a call of its own.
[[gnu::always_inline]] inline bool predicate_holds(std::uint8_t predicate, const KrkState& s,
                                                   const KrkState& root) {
    const bool rook = !s.rook_captured();
    switch (Predicate(predicate)) {
    case P_TRUE:
        return true;
    case P_THEMTOMOVE:
        return s.stm == BLACK;
    case P_MATE:
        return s.stm == BLACK && KrkBoard(s).black_king_attacked() && !black_has_move(s);
    case P_STALEMATE:
        return s.stm == BLACK && !KrkBoard(s).black_king_attacked() && !black_has_move(s);
    case P_CHECK:
        return KrkBoard(s).black_king_attacked();
    case P_NEWROOMSMALLER:
        return room(s) < room(root);
    case P_ROOMGT2:
        return room(s) > 2;
    case P_OKAPPROACHEDCSQUARE:
        return rook && !root.rook_captured() && manhattan_to_cs(s) < manhattan_to_cs(root);
    case P_ROOKEXPOSED:
        return rook && rook_exposed(s);
    case P_ROOKDIVIDES:
        return rook && rook_divides(s);
    case P_LPATT:
        return rook && manhattan(s.wk, s.bk) == 2 && manhattan(s.wr, s.bk) == 3;
    case P_OKORNDLE:
        return rook && !root.rook_captured() && DISTANCE[s.wk][s.wr] <= DISTANCE[root.wk][root.wr];
    case P_OUR_KING_EDGE:
        return on_edge(s.wk);
    case P_THEIR_KING_EDGE:
        return on_edge(s.bk);
    case P_KINGS_CLOSE:
        return DISTANCE[s.wk][s.bk] < 4;
    case P_ROOKLOST:
        return rook_lost(s);
    case P_NEWROOMHALVED:
        return 2 * room(s) <= room(root);
    case PREDICATE_NB:
        break;
    }
    return false;
}

} // namespace

bool KrkDomain::holds(std::uint8_t predicate, const State& s, const State& root) const {
    return predicate_holds(predicate, s, root);
}

bool KrkDomain::holds_steps(const search::PredicateSteps& goal, const State& s,
                            const State& root) const {
    return goal.run([&](std::uint8_t p) { return predicate_holds(p, s, root); });
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
