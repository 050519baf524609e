#include "engine/chess/position.hpp"

#include "engine/chess/movegen.hpp"

#include <charconv>
#include <sstream>
#include <vector>

namespace al0 {

std::string square_name(Square s) {
    if (!is_ok(s)) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char piece_letter(PieceType pt, Color c) {
    static constexpr char letters[] = " KQRBN";
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

} // namespace

Position Position::make(Square wk, Square bk, std::initializer_list<Officer> officers, Color stm,
                        int halfmove, int fullmove) {
    Position p;
    p.kings_ = {wk, bk};
    for (const Officer& o : officers)
        if (p.n_officers_ < MAX_OFFICERS) p.officers_[p.n_officers_++] = o;
    p.stm_ = stm;
    p.halfmove_ = std::uint16_t(halfmove);
    p.fullmove_ = std::uint16_t(fullmove);
    return p;
}

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
    int white_kings = 0, black_kings = 0, rank = 7;
    int file = 0;
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
            if (file >= 8) {
                file = 9;
                continue;
            }
            Square s = make_square(File(file), Rank(rank));
            switch (c) {
            case 'K':
                ++white_kings, p.kings_[WHITE] = s;
                break;
            case 'k':
                ++black_kings, p.kings_[BLACK] = s;
                break;
            case 'Q':
            case 'R':
            case 'B':
            case 'N':
                if (p.n_officers_ == MAX_OFFICERS)
                    return Error{"not a supported endgame: more than " +
                                 std::to_string(MAX_OFFICERS) + " white pieces besides the king"};
                p.officers_[p.n_officers_++] = {c == 'Q'   ? QUEEN
                                                : c == 'R' ? ROOK
                                                : c == 'B' ? BISHOP
                                                           : KNIGHT,
                                                s};
                break;
            case 'P':
            case 'p':
                return Error{"not a supported endgame: pawns"};
            case 'q':
            case 'r':
            case 'b':
            case 'n':
                return Error{"not a supported endgame: Black has pieces besides the king"};
            default:
                return Error{std::string(c == '0' || c == '9' ? "bad empty-square count '"
                                                              : "bad piece letter '") +
                             c + "' in FEN"};
            }
            ++file;
        }
        if (file > 8) break;
    }
    if (file != 8)
        return Error{"rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                     " squares, expected 8"};
    if (white_kings == 0) return Error{"no white king"};
    if (black_kings == 0) return Error{"no black king"};
    if (white_kings > 1) return Error{"two white kings"};
    if (black_kings > 1) return Error{"two black kings"};

    if (fields[1] == "w")
        p.stm_ = WHITE;
    else if (fields[1] == "b")
        p.stm_ = BLACK;
    else
        return Error{"side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'"};
    if (fields.size() > 2 && fields[2] != "-")
        return Error{"castling rights '" + std::string(fields[2]) +
                     "' are not supported (use '-')"};
    if (fields.size() > 3 && fields[3] != "-")
        return Error{"en passant square '" + std::string(fields[3]) +
                     "' is impossible without pawns"};
    int half = 0, full = 1;
    if (fields.size() > 4 && !parse_counter(fields[4], 9999, half))
        return Error{"bad halfmove clock '" + std::string(fields[4]) + "'"};
    if (fields.size() > 5 && (!parse_counter(fields[5], 65535, full) || full == 0))
        return Error{"bad fullmove number '" + std::string(fields[5]) + "'"};
    p.halfmove_ = std::uint16_t(half);
    p.fullmove_ = std::uint16_t(full);

    if (std::string why = p.validate(); !why.empty()) return Error{why};
    return p;
}

std::string Position::validate() const {
    if (!is_ok(kings_[WHITE]) || !is_ok(kings_[BLACK])) return "a king is missing";
    if (distance(kings_[WHITE], kings_[BLACK]) <= 1) return "the kings are adjacent";
    Bitboard seen = square_bb(kings_[WHITE]) | square_bb(kings_[BLACK]);
    for (int i = 0; i < n_officers_; ++i) {
        if (!is_ok(officers_[i].sq) || (seen & square_bb(officers_[i].sq)))
            return "two pieces on one square";
        seen |= square_bb(officers_[i].sq);
    }
    if (stm_ == WHITE && (white_attacks() & square_bb(kings_[BLACK])))
        return "black king in check with White to move";
    return {};
}

std::string Position::fen() const {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Color c;
            PieceType pt = piece_on(make_square(File(f), Rank(r)), &c);
            if (pt == NO_PIECE_TYPE) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty), empty = 0;
            out += piece_letter(pt, c);
        }
        if (empty) out += char('0' + empty);
        if (r) out += '/';
    }
    out += stm_ == WHITE ? " w - - " : " b - - ";
    out += std::to_string(halfmove_) + " " + std::to_string(fullmove_);
    return out;
}

Square Position::find(PieceType pt) const {
    for (int i = 0; i < n_officers_; ++i)
        if (officers_[i].type == pt) return officers_[i].sq;
    return SQ_NONE;
}

PieceType Position::piece_on(Square s, Color* color) const {
    if (color) *color = WHITE;
    if (s == kings_[WHITE]) return KING;
    if (s == kings_[BLACK]) {
        if (color) *color = BLACK;
        return KING;
    }
    for (int i = 0; i < n_officers_; ++i)
        if (officers_[i].sq == s) return officers_[i].type;
    return NO_PIECE_TYPE;
}

Bitboard Position::occupied() const {
    Bitboard b = square_bb(kings_[WHITE]) | square_bb(kings_[BLACK]);
    for (int i = 0; i < n_officers_; ++i) b |= square_bb(officers_[i].sq);
    return b;
}

Bitboard Position::white_attacks(Bitboard transparent) const {
    Bitboard occ = occupied() & ~transparent;
    Bitboard a = KING_ATTACKS[kings_[WHITE]];
    for (int i = 0; i < n_officers_; ++i) a |= attacks(officers_[i].type, officers_[i].sq, occ);
    return a;
}

bool Position::in_check() const {
    // White has no black attacker but the king, which legality keeps away.
    return stm_ == BLACK && (white_attacks() & square_bb(kings_[BLACK]));
}

bool Position::has_legal_move() const { return !generate_legal(*this).empty(); }
bool Position::is_checkmate() const { return in_check() && !has_legal_move(); }
bool Position::is_stalemate() const { return !in_check() && !has_legal_move(); }

UndoInfo Position::do_move(Move m) {
    UndoInfo u;
    u.halfmove = halfmove_;
    ++halfmove_;
    if (stm_ == BLACK) {
        kings_[BLACK] = m.to();
        for (int i = 0; i < n_officers_; ++i)
            if (officers_[i].sq == m.to()) {
                u.captured = officers_[i];
                u.captured_index = std::uint8_t(i);
                for (int j = i; j + 1 < n_officers_; ++j) officers_[j] = officers_[j + 1];
                officers_[--n_officers_] = Officer{};
                halfmove_ = 0;
                break;
            }
        ++fullmove_;
    } else if (m.from() == kings_[WHITE]) {
        kings_[WHITE] = m.to();
    } else {
        for (int i = 0; i < n_officers_; ++i)
            if (officers_[i].sq == m.from()) officers_[i].sq = m.to();
    }
    stm_ = ~stm_;
    return u;
}

void Position::undo_move(Move m, const UndoInfo& u) {
    stm_ = ~stm_;
    halfmove_ = u.halfmove;
    if (stm_ == BLACK) {
        --fullmove_;
        kings_[BLACK] = m.from();
        if (u.captured.type != NO_PIECE_TYPE) {
            for (int j = n_officers_; j > u.captured_index; --j) officers_[j] = officers_[j - 1];
            officers_[u.captured_index] = u.captured;
            ++n_officers_;
        }
    } else if (m.to() == kings_[WHITE]) {
        kings_[WHITE] = m.from();
    } else {
        for (int i = 0; i < n_officers_; ++i)
            if (officers_[i].sq == m.to()) officers_[i].sq = m.from();
    }
}

} // namespace al0
