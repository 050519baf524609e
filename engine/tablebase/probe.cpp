#include "engine/tablebase/probe.hpp"

#include <algorithm>

namespace al0::tablebase {

namespace {

struct Child {
    BoardMove move;
    std::uint8_t value;
    bool capture;
};

// Returns the entry of a position from its children's: a win one ply after the shortest lost
// child, else a draw if a child draws, else a loss one ply after the longest won child.
std::uint8_t value_from(const std::vector<Child>& children) {
    int win = MAX_PLY + 1, loss = -1;
    bool draw = false;
    for (const Child& c : children) {
        if (c.value == DRAWN)
            draw = true;
        else if (is_loss(c.value))
            win = std::min(win, c.value + 1);
        else
            loss = std::max(loss, c.value + 1);
    }
    if (win <= MAX_PLY) return std::uint8_t(win);
    return draw ? DRAWN : std::uint8_t(loss);
}

} // namespace

BoardProbe probe(Registry& registry, const BoardSetup& setup) {
    BoardProbe p;
    const Board& b = setup.board;
    std::vector<Child> children;
    for_each_move(b, [&](const Board& c, BoardMove m, bool) {
        children.push_back({m, registry.value(c), c.count < b.count});
    });
    bool en_passant = false;
    for_each_en_passant(b, setup.en_passant, [&](const Board& c, BoardMove m) {
        children.push_back({m, registry.value(c), true});
        en_passant = true;
    });
    const std::uint8_t v = children.empty() ? (in_check(b, b.stm) ? 0 : DRAWN)
                           : en_passant     ? value_from(children)
                                            : registry.value(b);
    p.outcome = v == DRAWN ? Outcome::draw : is_win(v) ? Outcome::win : Outcome::loss;
    if (v != DRAWN) p.mate_in = moves_to_mate(v);
    const std::uint8_t target = v == DRAWN ? DRAWN : std::uint8_t(v - 1);
    bool drawing_capture = false;
    for (const Child& c : children)
        if (c.value == target) {
            p.best.push_back(c.move);
            drawing_capture = drawing_capture || c.capture;
        }
    if (v == DRAWN)
        p.reason = children.empty()              ? "stalemate"
                   : b.material().insufficient() ? "insufficient material"
                   : drawing_capture             ? "piece capturable"
                                                 : "no forced mate";
    return p;
}

} // namespace al0::tablebase
