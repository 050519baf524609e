#include "engine/tablebase/krk_tablebase.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/tablebase/registry.hpp"

#include <ostream>

namespace al0::tablebase {

namespace {

bool is_krk(const Position& pos) { return pos.piece_count() == 3 && pos.pieces(WHITE, ROOK); }

Board krk_board(Color stm, Square wk, Square bk, Square rook) {
    Board b;
    b.men = {Man{K_KING, WHITE, wk}, Man{K_KING, BLACK, bk}, Man{K_ROOK, WHITE, rook}};
    b.count = 3;
    b.stm = stm;
    return b;
}

} // namespace

KrkTablebase KrkTablebase::build() {
    KrkTablebase tb;
    tb.values_.assign(ENTRIES, ILLEGAL);
    Registry registry(CachePolicy{false, {}});
    const Table& krk = registry.table(Material({K_ROOK}, {}));
    for (int stm = 0; stm < COLOR_NB; ++stm)
        for (int wk = 0; wk < SQUARE_NB; ++wk)
            for (int bk = 0; bk < SQUARE_NB; ++bk)
                for (int rook = 0; rook < SQUARE_NB; ++rook) {
                    const Board b = krk_board(Color(stm), Square(wk), Square(bk), Square(rook));
                    if (illegality(b)) continue;
                    const std::uint8_t v = krk.value(b);
                    tb.values_[krk_index(Color(stm), Square(wk), Square(bk), Square(rook))] =
                        v == DRAWN ? DRAW : std::int8_t(moves_to_mate(v));
                }
    tb.count_stats();
    return tb;
}

int KrkTablebase::value_of(const Position& pos) const {
    if (pos.piece_count() == 2) return DRAW;
    return entry(pos.side_to_move(), pos.king(WHITE), pos.king(BLACK),
                 lsb(pos.pieces(WHITE, ROOK)));
}

int KrkTablebase::white_mate_in(const Position& pos) const {
    if (!is_krk(pos)) return -1;
    const int v = value_of(pos);
    return v < 0 ? -1 : v;
}

Probe KrkTablebase::probe(const Position& pos) const {
    Probe p;
    if (std::string why = pos.validate(); !why.empty()) {
        p.reason = why;
        return p;
    }
    if (pos.piece_count() != 2 && !is_krk(pos)) {
        p.reason = "not a KRK position";
        return p;
    }
    const int v = value_of(pos);
    const bool white = pos.side_to_move() == WHITE;
    p.outcome = v < 0 ? Outcome::draw : white ? Outcome::win : Outcome::loss;
    p.mate_in = v < 0 ? -1 : v;
    // White's best moves reach a mate one move sooner; Black's keep the distance (the longest
    // defence); in a draw, the moves that keep the draw.
    const int target = v < 0 ? DRAW : white ? v - 1 : v;
    for (Move m : generate_legal(pos))
        if (value_of(pos.after(m)) == target) p.best.push_back(m);
    return p;
}

void KrkTablebase::count_stats() {
    for (int stm = 0; stm < COLOR_NB; ++stm) {
        std::vector<int>& hist = stats_.by_mate_in[stm];
        for (int i = stm * SIDE_ENTRIES; i < (stm + 1) * SIDE_ENTRIES; ++i) {
            const int v = values_[i];
            if (v == ILLEGAL) continue;
            ++stats_.legal[stm];
            if (v == DRAW) {
                ++stats_.draws[stm];
                if (stm == BLACK) count_draw(i - SIDE_ENTRIES);
                continue;
            }
            if (int(hist.size()) <= v) hist.resize(v + 1, 0);
            ++hist[v];
        }
    }
}

void KrkTablebase::count_draw(int i) {
    // A drawn KRK position with Black to move is a stalemate or the rook falls.
    const Board b = krk_board(BLACK, Square(i >> 12 & 63), Square(i >> 6 & 63), Square(i & 63));
    bool moves = false;
    for_each_move(b, [&](const Board&, BoardMove, bool) { moves = true; });
    ++(moves ? stats_.rook_captures : stats_.stalemates);
}

void KrkTablebase::write(std::ostream& out) const {
    out << "al0 krk dtm v1\n";
    out.write(reinterpret_cast<const char*>(values_.data()), std::streamsize(values_.size()));
}

} // namespace al0::tablebase
