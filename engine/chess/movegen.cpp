#include "engine/chess/movegen.hpp"

#include <algorithm>
#include <optional>

namespace al0 {

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

void push_targets(MoveList& list, Square from, Bitboard targets) {
    for (; targets; targets &= targets - 1) list.push(Move(from, lsb(targets)));
}

} // namespace

MoveList generate_legal(const Position& pos) {
    MoveList list;
    const Square wk = pos.king(WHITE), bk = pos.king(BLACK);
    const Bitboard occ = pos.occupied();
    if (pos.side_to_move() == WHITE) {
        Bitboard own = occ & ~square_bb(bk);
        // The only black attacker is the king: White's king must keep away from it.
        push_targets(list, wk, KING_ATTACKS[wk] & ~own & ~KING_ATTACKS[bk]);
        for (int i = 0; i < pos.officer_count(); ++i) {
            const Officer& o = pos.officer(i);
            push_targets(list, o.sq, attacks(o.type, o.sq, occ) & ~own & ~square_bb(bk));
        }
    } else {
        Bitboard guarded = pos.white_attacks(square_bb(bk));
        // An officer guarded by another white piece: white_attacks already stops at it.
        push_targets(list, bk, KING_ATTACKS[bk] & ~guarded & ~square_bb(wk));
    }
    return list;
}

std::string to_uci(Move m) { return square_name(m.from()) + square_name(m.to()); }

std::string to_san(const Position& pos, Move m) {
    Color c;
    PieceType pt = pos.piece_on(m.from(), &c);
    bool capture = pos.piece_on(m.to()) != NO_PIECE_TYPE;
    std::string san(1, piece_letter(pt, WHITE));
    if (pt != KING) {
        // Disambiguate between two officers of one type that reach the same square.
        bool same_file = false, same_rank = false, ambiguous = false;
        for (Move other : generate_legal(pos)) {
            if (other.to() != m.to() || other.from() == m.from() ||
                pos.piece_on(other.from()) != pt)
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
    if (capture) san += 'x';
    san += square_name(m.to());
    Position next = pos.after(m);
    if (next.in_check()) san += next.has_legal_move() ? '+' : '#';
    return san;
}

namespace {

std::string piece_name(PieceType pt) {
    static constexpr const char* names[] = {"", "king", "queen", "rook", "bishop", "knight"};
    return names[pt];
}

// Returns why a move that is not legal is refused. Why no "pinned" case: Black has only the
// king, so a white officer that reaches its target legally always may move there.
std::string refusal(const Position& pos, Move m) {
    Color c, target_color;
    PieceType pt = pos.piece_on(m.from(), &c);
    PieceType target = pos.piece_on(m.to(), &target_color);
    if (pt == NO_PIECE_TYPE) return "no piece on " + square_name(m.from());
    if (c != pos.side_to_move())
        return pos.side_to_move() == WHITE ? "it is White's turn" : "it is Black's turn";
    if (target != NO_PIECE_TYPE && target_color == c)
        return "a piece of the same colour stands on " + square_name(m.to());
    if (!(attacks(pt, m.from(), pos.occupied()) & square_bb(m.to())))
        return "a " + piece_name(pt) + " on " + square_name(m.from()) + " cannot reach " +
               square_name(m.to());
    return c == WHITE ? "the kings would be adjacent" : "the king would be in check";
}

// SAN split into its parts; from_file and from_rank are -1 when the text does not give them.
struct SanParts {
    PieceType piece = NO_PIECE_TYPE; // NO_PIECE_TYPE: a pawn move
    int from_file = -1, from_rank = -1;
    bool capture = false;
    Square to = SQ_NONE;
};

bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank_char(char c) { return c >= '1' && c <= '8'; }

// Returns the parts of SAN text (without its +/# suffix), or nothing when it does not read as
// SAN: [KQRBN][file][rank][x]square.
std::optional<SanParts> read_san(std::string_view s) {
    static constexpr std::string_view letters = "KQRBN"; // in PieceType order from KING
    SanParts p;
    if (std::size_t i = s.empty() ? s.npos : letters.find(s[0]); i != s.npos) {
        p.piece = PieceType(KING + i);
        s.remove_prefix(1);
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
    if (p.piece == NO_PIECE_TYPE && (p.from_rank >= 0 || (p.from_file >= 0) != p.capture))
        return {};
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
std::string san_refusal(const Position& pos, const SanParts& p) {
    if (p.piece == NO_PIECE_TYPE) return "there are no pawns in this endgame";
    const Color us = pos.side_to_move();
    const char* side = us == WHITE ? "White" : "Black";
    Square only = SQ_NONE;
    int count = 0;
    for (Square s = SQ_A1; s <= SQ_H8; s = Square(s + 1)) {
        Color c;
        if (pos.piece_on(s, &c) == p.piece && c == us && matches_origin(p, s)) only = s, ++count;
    }
    if (count == 1) return refusal(pos, Move(only, p.to));
    if (count == 0) return std::string(side) + " has no " + piece_name(p.piece) + origin_text(p);
    return "no " + piece_name(p.piece) + " can move to " + square_name(p.to);
}

// Why append: "'" + std::string trips a false -Wrestrict in g++ 12.
Error unreadable(std::string_view text, std::string_view notation) {
    std::string why("'");
    why.append(text).append("' is not a move in ").append(notation);
    return Error{why};
}

} // namespace

Expected<Move> parse_uci(const Position& pos, std::string_view text) {
    auto sq = [&](std::size_t i) -> Square {
        if (!is_file_char(text[i]) || !is_rank_char(text[i + 1])) return SQ_NONE;
        return make_square(File(text[i] - 'a'), Rank(text[i + 1] - '1'));
    };
    if (text.size() != 4 || !is_ok(sq(0)) || !is_ok(sq(2)))
        return unreadable(text, "UCI notation (like e6e3)");
    Move m(sq(0), sq(2));
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
    if (!parts) return unreadable(text, "SAN (like Kd3 or Re3+)");
    MoveList fits;
    for (Move m : generate_legal(pos))
        if (m.to() == parts->to && pos.piece_on(m.from()) == parts->piece &&
            matches_origin(*parts, m.from()))
            fits.push(m);
    const std::string illegal = "illegal move " + std::string(text) + ": ";
    if (fits.empty()) return Error{illegal + san_refusal(pos, *parts)};
    if (fits.size() > 1)
        return Error{"ambiguous move " + std::string(text) + ": " + to_san(pos, fits[0]) + " or " +
                     to_san(pos, fits[1])};
    if (parts->capture && pos.piece_on(parts->to) == NO_PIECE_TYPE)
        return Error{illegal + "nothing to capture on " + square_name(parts->to)};
    return fits[0];
}

std::uint64_t perft(Position& pos, int depth) {
    MoveList moves = generate_legal(pos);
    if (depth <= 1) return depth == 1 ? std::uint64_t(moves.size()) : 1;
    std::uint64_t n = 0;
    for (Move m : moves) {
        UndoInfo u = pos.do_move(m);
        n += perft(pos, depth - 1);
        pos.undo_move(m, u);
    }
    return n;
}

} // namespace al0
