#include "engine/tablebase/move_grade.hpp"

#include "engine/chess/notation.hpp"
#include "engine/tablebase/probe.hpp"

namespace al0::tablebase {

namespace {

// Returns how the position AFTER (drawn, REPLIES its drawing moves) came to be a draw.
std::string drawn_how(const Position& after, const Probe& p) {
    if (p.reason == "piece capturable")
        for (Move m : p.best)
            if (after.is_capture(m))
                return "the " + piece_name(type_of(after.piece_on(m.to()))) + " is lost";
    if (p.reason == "no forced mate") return "a drawn position";
    return p.reason; // stalemate, insufficient material
}

} // namespace

MoveGrade grade_move(Registry& registry, const Position& pos, Move move) {
    MoveGrade g;
    const Probe before = probe(registry, pos);
    g.best_mate_in = before.mate_in;
    g.best = before.best;
    const Position after = pos.after(move);
    const Probe p = probe(registry, after);
    g.reply = p.best;
    switch (p.outcome) {
    case Outcome::loss: // the opponent, to move, is mated
        g.mate_in = p.mate_in;
        g.extra = p.mate_in - (before.mate_in - 1);
        g.grade = g.extra > 0 ? Grade::slower : Grade::best;
        break;
    case Outcome::win:
        g.grade = Grade::loses;
        g.mate_in = p.mate_in;
        break;
    case Outcome::draw:
    case Outcome::illegal: // a legal move leads to a legal position: not reached
        g.grade = Grade::draw;
        g.drawn = drawn_how(after, p);
        break;
    }
    return g;
}

std::string grade_text(const MoveGrade& g) {
    switch (g.grade) {
    case Grade::best:
    case Grade::slower: {
        // Appended piece by piece: g++ 12 warns (-Wrestrict, wrongly) on "+" + std::to_string().
        std::string text = g.grade == Grade::best ? "best" : "+";
        if (g.grade != Grade::best) text += std::to_string(g.extra);
        text += g.mate_in == 0 ? "; checkmate" : "; mate in ";
        if (g.mate_in != 0) text += std::to_string(g.mate_in);
        return text;
    }
    case Grade::draw:
        return "draw; " + g.drawn;
    case Grade::loses:
        return "loses; mated in " + std::to_string(g.mate_in);
    }
    return "";
}

} // namespace al0::tablebase
