#include "engine/chess/notation.hpp"

#include "engine/chess/movegen.hpp"

#include <cctype>
#include <optional>
#include <vector>

namespace al0 {

std::string piece_name(PieceType pt) {
    static constexpr const char* names[] = {"",       "king",   "queen", "rook",
                                            "bishop", "knight", "pawn"};
    return names[pt];
}

namespace {

constexpr std::string_view PIECE_LETTERS = "KQRBNP"; // in PieceType order from KING

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }

bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

// Returns the squares a piece could move to on this board if its own king did not matter.
Bitboard reach(const Position& pos, Square from) {
    const PieceType pt = type_of(pos.piece_on(from));
    return pt == PAWN ? pawn_targets(pos, from) : attacks(pt, from, pos.occupied());
}

// Returns why a move that is not legal is refused.
std::string refusal(const Position& pos, Move m) {
    const Piece piece = pos.piece_on(m.from()), target = pos.piece_on(m.to());
    const PieceType pt = type_of(piece);
    const Color c = color_of(piece);
    if (piece == NO_PIECE) return "no piece on " + square_name(m.from());
    if (c != pos.side_to_move())
        return std::string("it is ") + side_name(pos.side_to_move()) + "'s turn";
    if (target != NO_PIECE && color_of(target) == c)
        return "a piece of the same colour stands on " + square_name(m.to());
    if (!(reach(pos, m.from()) & square_bb(m.to())))
        return "a " + piece_name(pt) + " on " + square_name(m.from()) + " cannot reach " +
               square_name(m.to());
    const bool promotes = pt == PAWN && (square_bb(m.to()) & BACK_RANKS);
    if (promotes && m.promotion() == NO_PIECE_TYPE)
        return "a pawn reaching the last rank must promote (to a queen, rook, bishop or knight)";
    if (!promotes && m.promotion() != NO_PIECE_TYPE)
        return "only a pawn reaching the last rank promotes";
    if (pt == KING && distance(m.to(), pos.king(~c)) <= 1) return "the kings would be adjacent";
    return "the king would be in check";
}

// SAN split into its parts; from_file and from_rank are -1 when the text does not give them.
struct SanParts {
    PieceType piece = PAWN;
    int from_file = -1, from_rank = -1;
    bool capture = false;
    Square to = SQ_NONE;
    PieceType promotion = NO_PIECE_TYPE;
};

// Returns the parts of SAN text (without its +/# suffix), or nothing when it does not read as
// SAN: [KQRBN][file][rank][x]square[=QRBN].
std::optional<SanParts> read_san(std::string_view s) {
    SanParts p;
    if (std::size_t i = s.empty() ? s.npos : PIECE_LETTERS.find(s[0]); i != s.npos && s[0] != 'P') {
        p.piece = PieceType(KING + i);
        s.remove_prefix(1);
    }
    // "=Q" or "Q" after the target square; the '=' also takes a lower-case letter.
    if (s.size() >= 3) {
        const bool equals = s[s.size() - 2] == '=';
        const char l = equals ? char(std::toupper(static_cast<unsigned char>(s.back()))) : s.back();
        if (std::size_t i = PIECE_LETTERS.find(l); i != s.npos && l != 'K' && l != 'P') {
            p.promotion = PieceType(KING + i);
            s.remove_suffix(equals ? 2 : 1);
        }
    }
    if (s.size() < 2 || !is_file_char(s[s.size() - 2]) || !is_rank_char(s.back())) return {};
    p.to = make_square(File(s[s.size() - 2] - 'a'), Rank(s.back() - '1'));
    s.remove_suffix(2);
    if (!s.empty() && s.back() == 'x') {
        p.capture = true;
        s.remove_suffix(1);
    }
    if (!s.empty() && is_file_char(s[0])) p.from_file = s[0] - 'a', s.remove_prefix(1);
    if (!s.empty() && is_rank_char(s[0])) p.from_rank = s[0] - '1', s.remove_prefix(1);
    if (!s.empty()) return {};
    // A pawn move names its origin only as the file it captures from: "e4", "exd5".
    if (p.piece == PAWN && (p.from_rank >= 0 || (p.from_file >= 0) != p.capture)) return {};
    if (p.promotion != NO_PIECE_TYPE && p.piece != PAWN) return {};
    return p;
}

bool matches_origin(const SanParts& p, Square from) {
    return (p.from_file < 0 || file_of(from) == p.from_file) &&
           (p.from_rank < 0 || rank_of(from) == p.from_rank);
}

// Returns " on the h-file", " on rank 3", " on h3" or "" for the origin the SAN parts give.
std::string origin_text(const SanParts& p) {
    std::string f(1, char('a' + p.from_file)), r(1, char('1' + p.from_rank));
    if (p.from_file >= 0 && p.from_rank >= 0) return " on " + f + r;
    if (p.from_file >= 0) return " on the " + f + "-file";
    if (p.from_rank >= 0) return " on rank " + r;
    return "";
}

// Returns why no legal move fits the SAN parts.
std::string san_refusal(const Position& pos, SanParts p) {
    const Color us = pos.side_to_move();
    // A pawn's step names no origin: it comes from the target's file.
    if (p.piece == PAWN && !p.capture) p.from_file = file_of(p.to);
    Square only = SQ_NONE;
    int count = 0;
    for (Bitboard b = pos.pieces(us, p.piece); b; b &= b - 1)
        if (matches_origin(p, lsb(b))) only = lsb(b), ++count;
    if (count == 1) return refusal(pos, Move(only, p.to, p.promotion));
    if (count == 0)
        return std::string(side_name(us)) + " has no " + piece_name(p.piece) + origin_text(p);
    return "no " + piece_name(p.piece) + " can move to " + square_name(p.to);
}

// Why append: "'" + std::string trips a false -Wrestrict in g++ 12.
Error unreadable(std::string_view text, std::string_view notation) {
    std::string why("'");
    why.append(text).append("' is not a move in ").append(notation);
    return Error{why};
}

} // namespace

std::string to_uci(Move m) {
    std::string s = square_name(m.from()) + square_name(m.to());
    if (m.promotion() != NO_PIECE_TYPE) s += piece_letter(m.promotion(), BLACK);
    return s;
}

std::string to_san(const Position& pos, Move m) {
    const PieceType pt = type_of(pos.piece_on(m.from()));
    std::string san;
    if (pt == PAWN) {
        if (pos.is_capture(m)) san += char('a' + file_of(m.from()));
    } else {
        san += piece_letter(pt, WHITE);
        // Disambiguate between two pieces of one type that reach the same square.
        bool same_file = false, same_rank = false, ambiguous = false;
        for (Move other : generate_legal(pos)) {
            if (other.to() != m.to() || other.from() == m.from() ||
                pos.piece_on(other.from()) != pos.piece_on(m.from()))
                continue;
            ambiguous = true;
            same_file |= file_of(other.from()) == file_of(m.from());
            same_rank |= rank_of(other.from()) == rank_of(m.from());
        }
        if (ambiguous) {
            if (!same_file)
                san += char('a' + file_of(m.from()));
            else if (!same_rank)
                san += char('1' + rank_of(m.from()));
            else
                san += square_name(m.from());
        }
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_name(m.to());
    if (m.promotion() != NO_PIECE_TYPE) san += std::string("=") + piece_letter(m.promotion());
    Position next = pos.after(m);
    if (next.in_check()) san += next.has_legal_move() ? '+' : '#';
    return san;
}

Expected<Move> parse_uci(const Position& pos, std::string_view text) {
    auto sq = [&](std::size_t i) -> Square {
        if (!is_file_char(text[i]) || !is_rank_char(text[i + 1])) return SQ_NONE;
        return make_square(File(text[i] - 'a'), Rank(text[i + 1] - '1'));
    };
    if ((text.size() != 4 && text.size() != 5) || !is_ok(sq(0)) || !is_ok(sq(2)))
        return unreadable(text, "UCI notation (like e6e3 or e7e8q)");
    PieceType promotion = NO_PIECE_TYPE;
    if (text.size() == 5) {
        const std::size_t i = std::string_view("kqrbnp").find(text[4]);
        if (i == std::string_view::npos || i == 0 || i == 5)
            return unreadable(text, "UCI notation (like e6e3 or e7e8q)");
        promotion = PieceType(KING + i);
    }
    const Move m(sq(0), sq(2), promotion);
    if (!generate_legal(pos).contains(m))
        return Error{"illegal move " + std::string(text) + ": " + refusal(pos, m)};
    return m;
}

Expected<Move> parse_san(const Position& pos, std::string_view text) {
    std::string_view s = text;
    while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos)
        s.remove_suffix(1);
    if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0")
        return Error{"illegal move " + std::string(text) + ": no castling in this endgame"};
    auto parts = read_san(s);
    if (!parts) return unreadable(text, "SAN (like Kd3, Re3+ or e8=Q)");
    MoveList fits;
    for (Move m : generate_legal(pos))
        if (m.to() == parts->to && type_of(pos.piece_on(m.from())) == parts->piece &&
            m.promotion() == parts->promotion && matches_origin(*parts, m.from()))
            fits.push(m);
    const std::string illegal = "illegal move " + std::string(text) + ": ";
    if (fits.empty()) return Error{illegal + san_refusal(pos, *parts)};
    if (fits.size() > 1)
        return Error{"ambiguous move " + std::string(text) + ": " + to_san(pos, fits[0]) + " or " +
                     to_san(pos, fits[1])};
    if (parts->capture && !pos.is_capture(fits[0]))
        return Error{illegal + "nothing to capture on " + square_name(parts->to)};
    return fits[0];
}

namespace {

// Returns the readings of a person's SAN: as typed, and with a lower-case piece letter at the
// start or a promotion piece at the end in upper case ("kd2" -> "Kd2", "e8q" -> "e8Q").
std::vector<std::string> san_readings(std::string_view text) {
    std::vector<std::string> readings{std::string(text)};
    std::string_view core = text;
    while (!core.empty() && std::string_view("+#!?").find(core.back()) != std::string_view::npos)
        core.remove_suffix(1);
    const auto upper = [](char c) { return char(std::toupper(static_cast<unsigned char>(c))); };
    const bool piece = !core.empty() && std::string_view("kqrbn").find(core[0]) != core.npos;
    const bool promotion = core.size() >= 3 &&
                           std::string_view("qrbn").find(core.back()) != core.npos &&
                           (is_rank_char(core[core.size() - 2]) || core[core.size() - 2] == '=');
    for (int variant = 1; variant < 4; ++variant) {
        std::string r(text);
        if (variant & 1) {
            if (!piece) continue;
            r[0] = upper(r[0]);
        }
        if (variant & 2) {
            if (!promotion) continue;
            r[core.size() - 1] = upper(r[core.size() - 1]);
        }
        readings.push_back(std::move(r));
    }
    return readings;
}

// Reads a person's SAN case-insensitively where that is unambiguous: "kd2" is Kd2, "e8q" is
// e8=Q, but "bxc5" with both a bishop and a b-pawn able to take on c5 is refused as ambiguous.
Expected<Move> parse_person_san(const Position& pos, std::string_view text) {
    std::optional<Move> found;
    std::optional<Error> refused;
    for (const std::string& reading : san_readings(text)) {
        auto m = parse_san(pos, reading);
        if (m && found && *found != *m)
            return Error{"ambiguous move " + std::string(text) + ": " + to_san(pos, *found) +
                         " or " + to_san(pos, *m)};
        if (m)
            found = *m;
        else if (!refused || (refused->message.find("is not a move in") != std::string::npos &&
                              m.error().find("is not a move in") == std::string::npos))
            refused = Error{m.error()}; // a reason beats "unreadable"
    }
    if (found) return *found;
    return *refused;
}

} // namespace

Expected<Move> parse_move_input(const Position& pos, std::string_view text) {
    const bool square = text.size() == 2 && is_file_char(text[0]) && is_rank_char(text[1]);
    if (square) {
        // A pawn's step reads so in SAN; otherwise the square is the king's target.
        if (auto pawn = parse_san(pos, text)) return pawn;
        return parse_uci(pos, square_name(pos.king(pos.side_to_move())) + std::string(text));
    }
    const bool uci = (text.size() == 4 || text.size() == 5) && is_file_char(text[0]) &&
                     is_rank_char(text[1]) && is_file_char(text[2]) && is_rank_char(text[3]);
    if (uci) {
        std::string lower(text);
        if (lower.size() == 5) lower[4] = char(std::tolower(static_cast<unsigned char>(lower[4])));
        return parse_uci(pos, lower);
    }
    return parse_person_san(pos, text);
}

} // namespace al0
