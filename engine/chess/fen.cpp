// FEN in and out, and the names of squares and pieces.

#include "engine/chess/position.hpp"
#include "engine/chess/zobrist.hpp"

#include <charconv>
#include <vector>

namespace al0 {

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char piece_letter(PieceType pt, Color c) {
    static constexpr char letters[] = " KQRBNP";
    char l = letters[pt];
    return c == WHITE ? l : char(l - 'A' + 'a');
}

namespace {

std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_counter(std::string_view s, int max, int& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && p == s.data() + s.size() && out >= 0 && out <= max;
}

// Returns the piece a FEN letter names, or NO_PIECE.
Piece piece_of_letter(char c) {
    for (int pt = KING; pt < PIECE_TYPE_NB; ++pt)
        for (Color color : {WHITE, BLACK})
            if (piece_letter(PieceType(pt), color) == c) return make_piece(color, PieceType(pt));
    return NO_PIECE;
}

Expected<Square> parse_ep_square(std::string_view s) {
    if (s == "-") return SQ_NONE;
    if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return Error{"bad en passant square '" + std::string(s) + "'"};
    return make_square(File(s[0] - 'a'), Rank(s[1] - '1'));
}

} // namespace

Expected<Position> Position::from_fen(std::string_view fen) {
    auto fields = split_fields(fen);
    if (fields.empty()) return Error{"empty FEN"};
    // The board first: a board cut short is the likelier mistake than missing fields.
    std::string_view board = fields[0];
    std::size_t ranks = 1;
    for (char c : board) ranks += c == '/';
    if (ranks != 8) return Error{"FEN board has " + std::to_string(ranks) + " ranks, expected 8"};
    if (fields.size() < 2) return Error{"FEN has no side to move (expected 6 fields)"};
    if (fields.size() > 6)
        return Error{"FEN has " + std::to_string(fields.size()) + " fields, expected 6"};

    Position p;
    int rank = 7, file = 0;
    for (char c : board) {
        if (c == '/') {
            if (file != 8)
                return Error{"rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                             " squares, expected 8"};
            --rank;
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '8') {
            file += c - '0';
        } else {
            const Piece piece = piece_of_letter(c);
            if (piece == NO_PIECE)
                return Error{std::string(c == '0' || c == '9' ? "bad empty-square count '"
                                                              : "bad piece letter '") +
                             c + "' in FEN"};
            if (file < 8) p.put(piece, make_square(File(file), Rank(rank)));
            ++file;
        }
        if (file > 8) break;
    }
    if (file != 8)
        return Error{"rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                     " squares, expected 8"};

    if (fields[1] == "w")
        p.stm_ = WHITE;
    else if (fields[1] == "b")
        p.stm_ = BLACK;
    else
        return Error{"side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'"};
    if (p.stm_ == BLACK) p.key_ ^= zobrist::black_to_move();
    if (fields.size() > 2 && fields[2] != "-")
        return Error{"castling rights '" + std::string(fields[2]) +
                     "' are not supported (use '-')"};
    auto ep = parse_ep_square(fields.size() > 3 ? fields[3] : "-");
    if (!ep) return Error{ep.error()};
    p.ep_ = *ep;
    int half = 0, full = 1;
    if (fields.size() > 4 && !parse_counter(fields[4], 9999, half))
        return Error{"bad halfmove clock '" + std::string(fields[4]) + "'"};
    if (fields.size() > 5 && (!parse_counter(fields[5], 65535, full) || full == 0))
        return Error{"bad fullmove number '" + std::string(fields[5]) + "'"};
    p.halfmove_ = std::uint16_t(half);
    p.fullmove_ = std::uint16_t(full);

    if (std::string why = p.validate(); !why.empty()) return Error{why};
    // A double step that no pawn can take en passant leaves no en passant square (as do_move).
    p.ep_ = SQ_NONE;
    if (is_ok(*ep)) p.set_ep_if_capturable(*ep);
    return p;
}

std::string Position::fen() const {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            const Piece piece = board_[make_square(File(f), Rank(r))];
            if (piece == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty), empty = 0;
            out += piece_letter(type_of(piece), color_of(piece));
        }
        if (empty) out += char('0' + empty);
        if (r) out += '/';
    }
    out += stm_ == WHITE ? " w - " : " b - ";
    out += square_name(ep_) + " " + std::to_string(halfmove_) + " " + std::to_string(fullmove_);
    return out;
}

} // namespace al0
