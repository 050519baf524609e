#include "engine/play/pgn.hpp"

namespace al0::play {

namespace {

// Returns the words of the move text: a move number and its move are one word, so a line never
// breaks between them; with each move's comment after it when COMMENTS.
std::vector<std::string> words_of(const Position& start, const std::vector<PlayedMove>& moves,
                                  bool comments) {
    std::vector<std::string> words;
    int number = start.fullmove_number();
    bool first = true;
    for (const PlayedMove& m : moves) {
        if (m.side == WHITE)
            words.push_back(std::to_string(number) + ". " + m.san);
        else if (first)
            words.push_back(std::to_string(number) + "... " + m.san);
        else
            words.push_back(m.san);
        if (comments && !m.comment.empty()) words.push_back("{" + m.comment + "}");
        if (m.side == BLACK) ++number;
        first = false;
    }
    return words;
}

} // namespace

std::vector<std::string> move_words(const Game& game) {
    return move_words(game.start(), game.history());
}

std::vector<std::string> move_words(const Position& start, const std::vector<PlayedMove>& moves) {
    return words_of(start, moves, false);
}

std::string to_pgn(const Game& game, const PgnHeaders& headers) {
    return to_pgn(
        PgnGame{game.start(), game.history(), game.ending(), game.position(), game.engine_side()},
        headers);
}

std::string to_pgn(const PgnGame& game, const PgnHeaders& h) {
    const char* result = ending_result(game.ending, game.final);
    std::string out;
    auto tag = [&](const char* name, const std::string& value) {
        out += std::string("[") + name + " \"" + value + "\"]\n";
    };
    const bool engine_white = game.engine_side == WHITE;
    tag("Event", h.event);
    tag("Site", "?");
    tag("Date", h.date.empty() ? "????.??.??" : h.date);
    tag("Round", "-");
    tag("White", engine_white ? h.engine : h.opponent);
    tag("Black", engine_white ? h.opponent : h.engine);
    tag("Result", result);
    tag("SetUp", "1");
    tag("FEN", game.start.fen());
    if (game.ending != Ending::none) tag("Termination", ending_name(game.ending));
    out += '\n';

    std::string line;
    std::vector<std::string> words = words_of(game.start, game.moves, true);
    words.emplace_back(result);
    for (const std::string& w : words) {
        if (!line.empty() && line.size() + w.size() + 1 > 79) {
            out += line + '\n';
            line.clear();
        }
        if (!line.empty()) line += ' ';
        line += w;
    }
    return out + line + "\n";
}

} // namespace al0::play
