#include "engine/tablebase/probe.hpp"

#include "engine/chess/movegen.hpp"

#include <algorithm>

namespace al0::tablebase {

Board board_of(const Position& pos) {
    Board b;
    b.men[0] = {K_KING, WHITE, pos.king(WHITE)};
    b.men[1] = {K_KING, BLACK, pos.king(BLACK)};
    b.count = 2;
    for (Bitboard o = pos.occupied() & ~pos.pieces(KING); o && b.count < Board::MAX_MEN;
         o &= o - 1) {
        const Square s = lsb(o);
        const Piece p = pos.piece_on(s);
        b.men[b.count++] = {kind_of(type_of(p)), color_of(p), s};
    }
    b.stm = pos.side_to_move();
    return b;
}

std::uint8_t value(Registry& registry, const Position& pos) {
    if (!is_ok(pos.ep_square())) return registry.value(board_of(pos));
    ChildEntries children;
    for (Move m : generate_legal(pos)) children.add(value(registry, pos.after(m)));
    return children.entry(pos.in_check());
}

Probe probe(Registry& registry, const Position& pos) {
    Probe p;
    if (pos.piece_count() > Board::MAX_MEN) {
        p.reason = "more than four men (the tables hold up to four)";
        return p;
    }
    const MoveList moves = generate_legal(pos);
    std::vector<std::uint8_t> children;
    for (Move m : moves) children.push_back(value(registry, pos.after(m)));
    const std::uint8_t v = is_ok(pos.ep_square()) ? entry_from_children(children, pos.in_check())
                                                  : registry.value(board_of(pos));
    p.outcome = v == DRAWN ? Outcome::draw : is_win(v) ? Outcome::win : Outcome::loss;
    if (v != DRAWN) p.mate_in = moves_to_mate(v);
    // The best children are one ply nearer the end, or drawn.
    const std::uint8_t target = v == DRAWN ? DRAWN : std::uint8_t(v - 1);
    bool drawing_capture = false;
    for (int i = 0; i < moves.size(); ++i)
        if (children[i] == target) {
            p.best.push_back(moves[i]);
            drawing_capture = drawing_capture || pos.is_capture(moves[i]);
        }
    if (v == DRAWN)
        p.reason = moves.empty()                             ? "stalemate"
                   : board_of(pos).material().insufficient() ? "insufficient material"
                   : drawing_capture                         ? "piece capturable"
                                                             : "no forced mate";
    return p;
}

Move best_move(Registry& registry, const Position& pos) {
    const Probe p = probe(registry, pos);
    return p.best.empty() ? MOVE_NONE : p.best.front();
}

} // namespace al0::tablebase
