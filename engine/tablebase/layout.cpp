#include "engine/tablebase/layout.hpp"

#include "engine/chess/board_symmetry.hpp"

#include <algorithm>

namespace al0::tablebase {

namespace {

// The symmetry that reflects in the a1-h8 diagonal (engine/chess/board_symmetry.hpp).
constexpr int DIAGONAL = 4;

constexpr bool on_diagonal(Square s) { return int(file_of(s)) == int(rank_of(s)); }

// A canonical pawnless king pair: the white king in the triangle a1-d1-d4, and when it is on the
// diagonal, the black king on or below it.
constexpr bool canonical_kings(Square wk, Square bk) {
    return file_of(wk) <= 3 && int(rank_of(wk)) <= int(file_of(wk)) &&
           (!on_diagonal(wk) || int(rank_of(bk)) <= int(file_of(bk)));
}

struct KingTables {
    std::array<std::array<std::uint8_t, SQUARE_NB>, SQUARE_NB>
        symmetry{};                                                    // making a pair canonical
    std::array<std::array<std::int16_t, SQUARE_NB>, SQUARE_NB> slot{}; // -1: not a class
    std::array<std::array<Square, 2>, 462> pair{};
};

const KingTables KINGS = [] {
    KingTables t;
    int n = 0;
    for (int wk = 0; wk < SQUARE_NB; ++wk)
        for (int bk = 0; bk < SQUARE_NB; ++bk) {
            t.slot[wk][bk] = -1;
            for (int s = 0; s < 8; ++s)
                if (canonical_kings(transform(s, Square(wk)), transform(s, Square(bk)))) {
                    t.symmetry[wk][bk] = std::uint8_t(s);
                    break;
                }
            if (canonical_kings(Square(wk), Square(bk)) && distance(Square(wk), Square(bk)) > 1) {
                t.slot[wk][bk] = std::int16_t(n);
                t.pair[n++] = {Square(wk), Square(bk)};
            }
        }
    return t;
}();

const auto SYMMETRIES = [] {
    std::array<std::array<Square, SQUARE_NB>, 8> t{};
    for (int s = 0; s < 8; ++s)
        for (int sq = 0; sq < SQUARE_NB; ++sq) t[s][sq] = transform(s, Square(sq));
    return t;
}();

// The extra men in slot order, as colour, kind and square packed in one key each: sorted, so
// that identical men are ordered by square. Two Extras of one board compare by their squares.
struct Extras {
    std::array<std::uint16_t, 2> keys{};
    int n = 0;
    auto operator<=>(const Extras&) const = default;
};

Extras extras_of(const Board& b, int t) {
    Extras e;
    const auto& to = SYMMETRIES[t];
    for (int i = 2; i < b.count; ++i)
        e.keys[e.n++] = std::uint16_t(b.men[i].color << 9 | b.men[i].kind << 6 | to[b.men[i].sq]);
    if (e.n == 2 && e.keys[1] < e.keys[0]) std::swap(e.keys[0], e.keys[1]);
    return e;
}

} // namespace

Layout::Layout(const Material& m) : material_(m), pawns_(m.has_pawns()) {
    prototype_.count = 2;
    prototype_.men[0] = {K_KING, WHITE, SQ_NONE};
    prototype_.men[1] = {K_KING, BLACK, SQ_NONE};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int i = 0; i < m.count(Color(c)); ++i) {
            const Kind k = m.extra(Color(c), i);
            radix_[extras_] = k == K_PAWN ? 48 : 64;
            prototype_.men[prototype_.count++] = {k, Color(c), SQ_NONE};
            ++extras_;
        }
    identical_ = extras_ == 2 && prototype_.men[2].color == prototype_.men[3].color &&
                 prototype_.men[2].kind == prototype_.men[3].kind;
    kings_ = pawns_ ? 32 * 64 : 462;
    size_ = 2 * kings_;
    for (int i = 0; i < extras_; ++i) size_ *= radix_[i];
}

std::uint32_t Layout::index(const Board& b, int* symmetric) const {
    const Square wk0 = b.men[0].sq, bk0 = b.men[1].sq;
    int t = pawns_ ? (file_of(wk0) >= 4 ? 1 : 0) : KINGS.symmetry[wk0][bk0];
    const Square wk = SYMMETRIES[t][wk0], bk = SYMMETRIES[t][bk0];
    // Both kings on the diagonal: its reflection keeps them canonical; the extras decide.
    const bool diagonal = !pawns_ && on_diagonal(wk) && on_diagonal(bk);
    std::uint32_t i = pawns_ ? std::uint32_t((rank_of(wk) * 4 + file_of(wk)) * 64 + bk)
                             : std::uint32_t(KINGS.slot[wk][bk]);
    i += std::uint32_t(b.stm) * kings_;
    int sym = 1;
    if (extras_ == 1) {
        // Why apart: one man needs no keys to order, and every three-man table (and every
        // smaller table a four-man one probes) comes here for each of its un-moves.
        Square sq = SYMMETRIES[t][b.men[2].sq];
        if (diagonal) {
            const Square r = SYMMETRIES[t ^ DIAGONAL][b.men[2].sq];
            if (r < sq)
                sq = r;
            else if (r == sq)
                sym = 2;
        }
        if (symmetric) *symmetric = sym;
        return i * radix_[0] + (radix_[0] == 48 ? sq - 8 : sq);
    }
    Extras e = extras_of(b, t);
    if (diagonal) {
        const Extras r = extras_of(b, t ^ DIAGONAL);
        if (r < e)
            e = r;
        else if (r == e)
            sym = 2;
    }
    if (symmetric) *symmetric = sym;
    for (int k = 0; k < e.n; ++k) {
        const int sq = e.keys[k] & 63;
        i = i * radix_[k] + (radix_[k] == 48 ? sq - 8 : sq);
    }
    return i;
}

int Layout::diagonal_symmetry(const Board& b) const {
    int s = 1;
    (void)index(b, &s);
    return s;
}

bool Layout::decode(const std::uint32_t entry, Board& out) const {
    out = prototype_;
    std::uint32_t index = entry;
    // Divisions by constants, in branches: a division by a radix held in memory was a tenth of
    // the solver's time.
    for (int k = extras_ - 1; k >= 0; --k) {
        if (radix_[k] == 64) {
            out.men[2 + k].sq = Square(index % 64);
            index /= 64;
        } else {
            out.men[2 + k].sq = Square(index % 48 + 8);
            index /= 48;
        }
    }
    out.stm = Color(index >= kings_);
    const std::uint32_t kk = index - (index >= kings_ ? kings_ : 0);
    if (pawns_) {
        out.men[0].sq = Square((kk / 64 / 4) * 8 + kk / 64 % 4);
        out.men[1].sq = Square(kk % 64);
        if (distance(out.men[0].sq, out.men[1].sq) <= 1) return false;
    } else {
        out.men[0].sq = KINGS.pair[kk][0];
        out.men[1].sq = KINGS.pair[kk][1];
    }
    Bitboard seen = 0;
    for (int k = 0; k < out.count; ++k) {
        if (seen & square_bb(out.men[k].sq)) return false;
        seen |= square_bb(out.men[k].sq);
    }
    // The king pair is canonical, so the slot is another's only when identical men are out of
    // order or the extras' reflection in the diagonal both kings stand on comes first.
    const bool ambiguous =
        identical_ || (!pawns_ && on_diagonal(out.men[0].sq) && on_diagonal(out.men[1].sq));
    return !ambiguous || this->index(out) == entry;
}

} // namespace al0::tablebase
