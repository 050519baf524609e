#include "tools/board_view.hpp"

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

std::string describe_state(const Position& pos) {
    const char* side = pos.side_to_move() == WHITE ? "White" : "Black";
    if (pos.is_checkmate()) return std::string(side) + " is checkmated";
    if (pos.is_stalemate()) return std::string(side) + " is stalemated";
    return std::string(side) + " to move" + (pos.in_check() ? ", in check" : "");
}

} // namespace al0::tools
