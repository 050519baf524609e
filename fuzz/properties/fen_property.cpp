// FEN parsing on any text, and move text in both directions for each position it accepts.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "fuzz/properties/properties.hpp"

#include <string>

namespace al0::fuzz {

void check_fen_text(std::string_view text) {
    auto pos = Position::from_fen(text);
    if (!pos) {
        if (pos.error().empty()) throw PropertyViolation("a FEN was refused without a reason");
        return;
    }
    if (std::string why = pos->validate(); !why.empty())
        throw PropertyViolation("an accepted FEN is not legal: " + why);
    const std::string fen = pos->fen();
    auto again = Position::from_fen(fen);
    if (!again || !(*again == *pos))
        throw PropertyViolation("the FEN " + fen + " does not read back to its position");

    Position board = *pos;
    for (Move m : generate_legal(*pos)) {
        const std::string san = to_san(*pos, m), uci = to_uci(m);
        auto by_san = parse_san(*pos, san);
        auto by_uci = parse_uci(*pos, uci);
        if (!by_san || !(*by_san == m))
            throw PropertyViolation(fen + ": SAN " + san + " does not read back to its move");
        if (!by_uci || !(*by_uci == m))
            throw PropertyViolation(fen + ": UCI " + uci + " does not read back to its move");
        const UndoInfo undo = board.do_move(m);
        board.undo_move(m, undo);
        if (!(board == *pos)) throw PropertyViolation(fen + ": undoing " + uci + " differs");
    }
}

} // namespace al0::fuzz
