#include "tools/board_notation.hpp"

#include <cctype>

namespace al0::tools {

using namespace tablebase;

namespace {

char lower(Kind k) { return char(std::tolower(static_cast<unsigned char>(kind_letter(k)))); }

// Returns the board after the move, taking the man on the target square or, for a pawn that
// changes file onto an empty square, the pawn passed en passant.
Board after(const Board& b, int mover, BoardMove m) {
    int victim = man_on(b, m.to);
    if (victim < 0 && b.men[mover].kind == K_PAWN && file_of(m.from) != file_of(m.to))
        victim = man_on(b, make_square(file_of(m.to), rank_of(m.from)));
    return apply(b, mover, m, victim);
}

} // namespace

std::string board_uci(BoardMove m) {
    std::string s = square_name(m.from) + square_name(m.to);
    if (m.promotion != K_KING) s += lower(m.promotion);
    return s;
}

std::string board_san(const Board& b, BoardMove m) {
    const int mover = man_on(b, m.from);
    const Man& man = b.men[mover];
    const bool capture =
        man_on(b, m.to) >= 0 || (man.kind == K_PAWN && file_of(m.from) != file_of(m.to));
    std::string s;
    if (man.kind == K_PAWN) {
        if (capture) s += char('a' + file_of(m.from));
    } else {
        s += kind_letter(man.kind);
        // Another man of the same kind and colour that can go there too: name the file, else
        // the rank, else both.
        bool same_file = false, same_rank = false, other = false;
        for_each_move(b, [&](const Board&, BoardMove o, bool) {
            const int i = man_on(b, o.from);
            if (o.to != m.to || o.from == m.from || b.men[i].kind != man.kind) return;
            other = true;
            same_file = same_file || file_of(o.from) == file_of(m.from);
            same_rank = same_rank || rank_of(o.from) == rank_of(m.from);
        });
        if (other && !same_file)
            s += char('a' + file_of(m.from));
        else if (other && !same_rank)
            s += char('1' + rank_of(m.from));
        else if (other)
            s += square_name(m.from);
    }
    if (capture) s += 'x';
    s += square_name(m.to);
    if (m.promotion != K_KING) s += std::string("=") + kind_letter(m.promotion);
    const Board next = after(b, mover, m);
    if (in_check(next, next.stm)) {
        bool reply = false;
        for_each_move(next, [&](const Board&, BoardMove, bool) { reply = true; });
        s += reply ? '+' : '#';
    }
    return s;
}

} // namespace al0::tools
