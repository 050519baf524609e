#include "engine/verify/shared/defending_line.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

namespace al0::verify {

Position end_of(const Position& start, const std::vector<Move>& moves) {
    Position pos = start;
    for (Move m : moves) pos.do_move(m);
    return pos;
}

std::vector<std::string> san_moves(const Position& start, const std::vector<Move>& moves) {
    Position pos = start;
    std::vector<std::string> san;
    for (Move m : moves) {
        san.push_back(to_san(pos, m));
        pos.do_move(m);
    }
    return san;
}

std::string numbered(const std::vector<std::string>& san) {
    std::string text;
    for (std::size_t ply = 0; ply < san.size(); ++ply) {
        if (ply) text += ' ';
        if (ply % 2 == 0) text.append(std::to_string(ply / 2 + 1)).append(". ");
        text += san[ply];
    }
    return text;
}

std::string line_text(const DefendingLine& line) {
    const std::vector<std::string> san = san_moves(line.start, line.moves);
    std::string text = numbered(san) + (san.empty() ? "" : " ");
    if (line.verdict == Verdict::cycle) {
        if (line.repeats_from <= 0) return text + "(back to the start position)";
        const int ply = line.repeats_from - 1;
        return text + "(the position after " + std::to_string(ply / 2 + 1) +
               (ply % 2 ? "... " : ". ") + san[std::size_t(ply)] + " again)";
    }
    if (line.verdict == Verdict::won || line.verdict == Verdict::over_fifty)
        return text + "mate in " + std::to_string((line.moves.size() + 1) / 2);
    return text + verdict_name(line.verdict) + (line.note.empty() ? "" : " (" + line.note + ")");
}

std::string advice_text(const DefendingLine& line) {
    std::vector<std::string> san = san_moves(line.start, line.moves);
    for (std::size_t ply = 0; ply < san.size(); ply += 2)
        if (ply / 2 < line.advice.size()) san[ply] += " [" + line.advice[ply / 2] + "]";
    return numbered(san);
}

} // namespace al0::verify
