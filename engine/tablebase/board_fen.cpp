#include "engine/tablebase/board_fen.hpp"

#include <sstream>
#include <vector>

namespace al0::tablebase {

namespace {

Expected<Board> parse_men(std::string_view text) {
    Board b;
    b.count = 2;
    int kings[COLOR_NB] = {0, 0}, rank = 7, file = 0, men = 0;
    const std::string_view letters = "KQRBNP";
    for (char ch : text) {
        if (ch == '/') {
            if (file != 8 || rank == 0)
                return Error{"FEN board does not have 8 ranks of 8 squares"};
            --rank, file = 0;
            continue;
        }
        if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8) return Error{"FEN board does not have 8 ranks of 8 squares"};
            continue;
        }
        const bool white = ch >= 'A' && ch <= 'Z';
        const auto k = letters.find(white ? ch : char(ch - 'a' + 'A'));
        if (k == std::string_view::npos)
            return Error{std::string("bad piece letter '") + ch + "' in FEN"};
        if (file >= 8) return Error{"FEN board does not have 8 ranks of 8 squares"};
        const Man m{Kind(k), white ? WHITE : BLACK, make_square(File(file++), Rank(rank))};
        if (++men > Board::MAX_MEN) return Error{"more than four men (the tables hold up to four)"};
        if (m.kind == K_KING) {
            if (++kings[m.color] > 1)
                return Error{m.color == WHITE ? "two white kings" : "two black kings"};
            b.men[m.color] = m;
        } else {
            b.men[b.count++] = m;
        }
    }
    if (file != 8 || rank != 0) return Error{"FEN board does not have 8 ranks of 8 squares"};
    if (!kings[WHITE]) return Error{"no white king"};
    if (!kings[BLACK]) return Error{"no black king"};
    return b;
}

} // namespace

Expected<BoardSetup> board_from_fen(std::string_view fen) {
    std::istringstream in{std::string(fen)};
    std::vector<std::string> f;
    for (std::string w; in >> w;) f.push_back(w);
    if (f.size() < 2 || f.size() > 6)
        return Error{"FEN has " + std::to_string(f.size()) + " fields, expected 2 to 6"};
    auto men = parse_men(f[0]);
    if (!men) return Error{men.error()};
    BoardSetup s{*men, SQ_NONE};
    if (f[1] != "w" && f[1] != "b")
        return Error{"side to move must be 'w' or 'b', not '" + f[1] + "'"};
    s.board.stm = f[1] == "w" ? WHITE : BLACK;
    if (f.size() > 2 && f[2] != "-")
        return Error{"castling rights '" + f[2] + "' are not supported (use '-')"};
    if (const char* why = illegality(s.board)) return Error{why};
    if (f.size() > 3 && f[3] != "-") {
        const std::string& ep = f[3];
        const Color us = s.board.stm;
        const int want_rank = us == WHITE ? 5 : 2;
        if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] - '1' != want_rank)
            return Error{"impossible en passant square '" + ep + "'"};
        s.en_passant = make_square(File(ep[0] - 'a'), Rank(want_rank));
        const Square pawn = Square(us == WHITE ? s.en_passant - 8 : s.en_passant + 8);
        const Square start = Square(us == WHITE ? s.en_passant + 8 : s.en_passant - 8);
        const int i = man_on(s.board, pawn);
        const Bitboard occ = s.board.occupied();
        if (i < 0 || s.board.men[i].kind != K_PAWN || s.board.men[i].color == us ||
            (occ & (square_bb(s.en_passant) | square_bb(start))))
            return Error{"impossible en passant square '" + ep + "'"};
    }
    return s;
}

std::string fen_of(const Board& b) {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            const int i = man_on(b, make_square(File(f), Rank(r)));
            if (i < 0) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty), empty = 0;
            const char l = kind_letter(b.men[i].kind);
            out += b.men[i].color == WHITE ? l : char(l - 'A' + 'a');
        }
        if (empty) out += char('0' + empty);
        if (r) out += '/';
    }
    return out + (b.stm == WHITE ? " w - - 0 1" : " b - - 0 1");
}

} // namespace al0::tablebase
