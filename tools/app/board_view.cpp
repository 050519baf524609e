#include "tools/app/board_view.hpp"

namespace al0::tools {

namespace {
const char* unicode_piece(PieceType pt, Color c) {
    static const char* white[] = {" ", "♔", "♕", "♖", "♗", "♘", "♙"};
    static const char* black[] = {" ", "♚", "♛", "♜", "♝", "♞", "♟"};
    return c == WHITE ? white[pt] : black[pt];
}
} // namespace

std::string draw_board(const Position& pos, bool ascii) {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        out += char('1' + r);
        out += ' ';
        for (int f = 0; f < 8; ++f) {
            const Piece piece = pos.piece_on(make_square(File(f), Rank(r)));
            out += ' ';
            if (piece == NO_PIECE)
                out += ascii ? "." : "·";
            else if (ascii)
                out += piece_letter(type_of(piece), color_of(piece));
            else
                out += unicode_piece(type_of(piece), color_of(piece));
        }
        out += '\n';
    }
    out += "   a b c d e f g h\n";
    return out;
}

namespace {

// The width of the move column beside the board, and the rows it has (the board's nine).
constexpr std::size_t MOVE_COLUMN = 44, BOARD_ROWS = 9;

// Returns the words wrapped into lines of at most MOVE_COLUMN characters.
std::vector<std::string> wrap(const std::vector<std::string>& words, std::size_t first) {
    std::vector<std::string> lines;
    for (std::size_t i = first; i < words.size(); ++i) {
        if (lines.empty() || lines.back().size() + 1 + words[i].size() > MOVE_COLUMN)
            lines.emplace_back();
        lines.back() += (lines.back().empty() ? "" : " ") + words[i];
    }
    return lines;
}

} // namespace

std::string draw_board_with_moves(const Position& pos, bool ascii,
                                  const std::vector<std::string>& move_words) {
    std::vector<std::string> lines = wrap(move_words, 0);
    // Too many moves: drop the oldest until the rest (after "...") fits beside the board.
    for (std::size_t first = 1; lines.size() > BOARD_ROWS && first < move_words.size(); ++first) {
        lines = wrap(move_words, first);
        lines.front() = "... " + lines.front();
    }
    const std::string board = draw_board(pos, ascii);
    std::string out;
    std::size_t row = 0, at = 0;
    while (at < board.size()) {
        const std::size_t end = board.find('\n', at);
        out += board.substr(at, end - at);
        if (row < lines.size()) out += "    " + lines[row];
        out += '\n';
        at = end + 1;
        ++row;
    }
    return out;
}

std::string describe_state(const Position& pos) {
    const char* side = pos.side_to_move() == WHITE ? "White" : "Black";
    if (pos.is_checkmate()) return std::string(side) + " is checkmated";
    if (pos.is_stalemate()) return std::string(side) + " is stalemated";
    return std::string(side) + " to move" + (pos.in_check() ? ", in check" : "");
}

} // namespace al0::tools
