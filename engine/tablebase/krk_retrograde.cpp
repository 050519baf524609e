// Retrograde analysis of KRK: start from the checkmates and walk moves backwards, one White move
// and one Black move per distance, so every position is reached first at its true distance.

#include "engine/tablebase/krk_tablebase.hpp"

namespace al0::tablebase {

namespace {

using Index = std::uint32_t;

constexpr Square wk_of(Index i) { return Square(i >> 12 & 63); }
constexpr Square bk_of(Index i) { return Square(i >> 6 & 63); }
constexpr Square rook_of(Index i) { return Square(i & 63); }

// The retrograde state: entries are DRAW until proven won, and each Black-to-move position counts
// the replies not yet known to lose; when none is left, every reply loses and so does it.
// An Index is the offset within one side (krk_index with White to move); Black's entry is
// SIDE_ENTRIES further on.
struct Solver {
    std::vector<std::int8_t>& values;
    KrkStats& stats;
    std::vector<std::uint8_t> unrefuted = std::vector<std::uint8_t>(SIDE_ENTRIES, 0);

    // Marks legal positions DRAW (pending) and returns the Black-to-move checkmates.
    std::vector<Index> seed() {
        std::vector<Index> mates;
        for (int wk = 0; wk < SQUARE_NB; ++wk)
            for (int bk = 0; bk < SQUARE_NB; ++bk) {
                if (distance(Square(wk), Square(bk)) <= 1) continue;
                for (int rook = 0; rook < SQUARE_NB; ++rook)
                    if (rook != wk && rook != bk) seed(Square(wk), Square(bk), Square(rook), mates);
            }
        return mates;
    }

    // Seeds both sides to move for one placement of the pieces (kings apart, squares distinct).
    void seed(Square wk, Square bk, Square rook, std::vector<Index>& mates) {
        const Bitboard rook_line = ROOK_BEHIND[rook][wk];
        const bool check = rook_line & square_bb(bk);
        if (!check) values[krk_index(WHITE, wk, bk, rook)] = DRAW;

        // Black's king may go where White does not attack, seeing through its own square; the
        // rook's square is attacked only by the white king, so an undefended rook can be taken.
        const Bitboard replies = KING_ATTACKS[bk] & ~(KING_ATTACKS[wk] | rook_line);
        const int b = krk_index(BLACK, wk, bk, rook);
        unrefuted[b - SIDE_ENTRIES] = std::uint8_t(popcount(replies));
        if (!replies && check) {
            values[b] = 0;
            mates.push_back(Index(b - SIDE_ENTRIES));
            return;
        }
        values[b] = DRAW;
        stats.stalemates += !replies;
        stats.rook_captures += (replies & square_bb(rook)) != 0;
    }

    // Marks won in n, and appends to `won`, the White-to-move positions not yet won from which
    // White reaches `lost`. An illegal predecessor holds ILLEGAL, so it is never taken.
    void white_unmoves(Index lost, int n, std::vector<Index>& won) {
        const Square wk = wk_of(lost), bk = bk_of(lost), rook = rook_of(lost);
        const Bitboard occ = square_bb(wk) | square_bb(bk) | square_bb(rook);
        auto take = [&](Square k, Square r) {
            std::int8_t& v = values[krk_index(WHITE, k, bk, r)];
            if (v != DRAW) return;
            v = std::int8_t(n);
            won.push_back(Index(krk_index(WHITE, k, bk, r)));
        };
        for (Bitboard b = KING_ATTACKS[wk] & ~occ; b; b &= b - 1) take(lsb(b), rook);
        for (Bitboard b = ROOK_BEHIND[rook][wk] & ROOK_BEHIND[rook][bk] & ~occ; b; b &= b - 1)
            take(wk, lsb(b));
    }

    // Counts off the Black-to-move positions from which Black reaches `won`; those whose every
    // reply is now refuted are lost in n.
    void black_unmoves(Index won, int n, std::vector<Index>& lost) {
        const Square wk = wk_of(won), bk = bk_of(won), rook = rook_of(won);
        const Bitboard from = KING_ATTACKS[bk] & ~KING_ATTACKS[wk] & ~square_bb(rook);
        for (Bitboard b = from; b; b &= b - 1) {
            const int i = krk_index(WHITE, wk, lsb(b), rook);
            if (--unrefuted[i] == 0) {
                values[SIDE_ENTRIES + i] = std::int8_t(n);
                lost.push_back(Index(i));
            }
        }
    }
};

} // namespace

KrkTablebase KrkTablebase::build() {
    KrkTablebase tb;
    tb.values_.assign(ENTRIES, ILLEGAL);
    Solver solver{tb.values_, tb.stats_};
    std::vector<Index> lost = solver.seed(), won;
    for (int n = 1; !lost.empty(); ++n) {
        won.clear();
        for (Index i : lost) solver.white_unmoves(i, n, won);
        lost.clear();
        for (Index i : won) solver.black_unmoves(i, n, lost);
    }
    tb.count_stats();
    return tb;
}

} // namespace al0::tablebase
