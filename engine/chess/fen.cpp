// FEN in and out, and the names of squares and pieces.

#include "engine/chess/position.hpp"
#include "engine/chess/zobrist.hpp"

#include <algorithm>
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

// Any ASCII white space separates fields, so that a FEN read with its line's end (\n or \r\n)
// reads as the FEN.
bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && is_space(s[i])) ++i;
        std::size_t j = i;
        while (j < s.size() && !is_space(s[j])) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// Returns the length of the well-formed UTF-8 character at the start of s (1 for ASCII), or 0.
std::size_t utf8_length(std::string_view s) {
    const auto byte = [&](std::size_t i) {
        return i < s.size() ? unsigned(std::uint8_t(s[i])) : 0u;
    };
    const unsigned b0 = byte(0), b1 = byte(1);
    const auto tail = [&](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < n; ++i)
            if ((byte(i) & 0xC0) != 0x80) return false;
        return true;
    };
    if (b0 < 0x80) return s.empty() ? 0 : 1;
    if (b0 >= 0xC2 && b0 <= 0xDF) return tail(1, 2) ? 2 : 0;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const unsigned lo = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80;
    const unsigned hi = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF;
    if (b1 < lo || b1 > hi) return 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) return tail(2, 3) ? 3 : 0;
    if (b0 >= 0xF0 && b0 <= 0xF4) return tail(2, 4) ? 4 : 0;
    return 0;
}

// Returns text for an error message on one line: well-formed UTF-8 as it is, control characters
// and stray bytes escaped (\n, \xC3).
std::string printable(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text.substr(i));
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (n > 1 || (n == 1 && c >= 0x20 && c != 0x7F)) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        static constexpr char hex[] = "0123456789ABCDEF";
        out += c == '\n'   ? "\\n"
               : c == '\r' ? "\\r"
               : c == '\t' ? "\\t"
                           : std::string{'\\', 'x', hex[c >> 4], hex[c & 15]};
        ++i;
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
        return Error{"bad en passant square '" + printable(s) + "'"};
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
    for (std::size_t i = 0; i < board.size(); ++i) {
        const char c = board[i];
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
                             printable(board.substr(
                                 i, std::max<std::size_t>(1, utf8_length(board.substr(i))))) +
                             "' in FEN"};
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
        return Error{"side to move must be 'w' or 'b', not '" + printable(fields[1]) + "'"};
    if (p.stm_ == BLACK) p.key_ ^= zobrist::black_to_move();
    if (fields.size() > 2 && fields[2] != "-")
        return Error{"castling rights '" + printable(fields[2]) + "' are not supported (use '-')"};
    auto ep = parse_ep_square(fields.size() > 3 ? fields[3] : "-");
    if (!ep) return Error{ep.error()};
    p.ep_ = *ep;
    int half = 0, full = 1;
    if (fields.size() > 4 && !parse_counter(fields[4], MAX_HALFMOVE, half))
        return Error{"bad halfmove clock '" + printable(fields[4]) +
                     "' (a whole number from 0 to " + std::to_string(MAX_HALFMOVE) + ")"};
    if (fields.size() > 5 && (!parse_counter(fields[5], MAX_FULLMOVE, full) || full == 0))
        return Error{"bad fullmove number '" + printable(fields[5]) +
                     "' (a whole number from 1 to " + std::to_string(MAX_FULLMOVE) + ")"};
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
