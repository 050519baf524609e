#include "engine/play/pgn.hpp"

namespace al0::play {

std::string to_pgn(const Game& game, const PgnHeaders& h) {
    const char* result = ending_result(game.ending(), game.position());
    std::string out;
    auto tag = [&](const char* name, const std::string& value) {
        out += std::string("[") + name + " \"" + value + "\"]\n";
    };
    tag("Event", h.event);
    tag("Site", "?");
    tag("Date", h.date.empty() ? "????.??.??" : h.date);
    tag("Round", "-");
    tag("White", h.white);
    tag("Black", h.black);
    tag("Result", result);
    tag("SetUp", "1");
    tag("FEN", game.start().fen());
    if (game.over()) tag("Termination", ending_name(game.ending()));
    out += '\n';

    std::string line;
    auto word = [&](const std::string& w) {
        if (line.size() + w.size() + 1 > 79) {
            out += line + '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += w;
    };
    int number = game.start().fullmove_number();
    bool first = true;
    for (const PlayedMove& m : game.history()) {
        // A move number and its move are one word: a line never breaks between them.
        if (m.side == WHITE)
            word(std::to_string(number) + ". " + m.san);
        else if (first)
            word(std::to_string(number) + "... " + m.san);
        else
            word(m.san);
        if (!m.comment.empty()) word("{" + m.comment + "}");
        if (m.side == BLACK) ++number;
        first = false;
    }
    word(result);
    return out + line + "\n";
}

} // namespace al0::play
