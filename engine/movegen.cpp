#include "engine/movegen.hpp"

#include <algorithm>
#include <cctype>

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
            if (other.to() != m.to() || other.from() == m.from() || pos.piece_on(other.from()) != pt)
                continue;
            ambiguous = true;
            same_file |= file_of(other.from()) == file_of(m.from());
            same_rank |= rank_of(other.from()) == rank_of(m.from());
        }
        if (ambiguous) {
            if (!same_file) san += char('a' + file_of(m.from()));
            else if (!same_rank) san += char('1' + rank_of(m.from()));
            else san += square_name(m.from());
        }
    }
    if (capture) san += 'x';
    san += square_name(m.to());
    Position next = pos.after(m);
    if (next.in_check()) san += next.has_legal_move() ? '+' : '#';
    return san;
}

Expected<Move> parse_uci(const Position& pos, std::string_view text) {
    auto sq = [&](std::size_t i) -> Square {
        char f = text[i], r = text[i + 1];
        if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
        return make_square(File(f - 'a'), Rank(r - '1'));
    };
    if (text.size() != 4 || !is_ok(sq(0)) || !is_ok(sq(2)))
        return Error{std::string("'").append(text).append("' is not a move in UCI notation (like e6e3)")};
    Move m(sq(0), sq(2));
    Color c;
    PieceType pt = pos.piece_on(m.from(), &c);
    std::string why = "illegal move ";
    why.append(text);
    if (pt == NO_PIECE_TYPE) return Error{why.append(": no piece on ").append(square_name(m.from()))};
    if (c != pos.side_to_move())
        return Error{why.append(pos.side_to_move() == WHITE ? ": it is White's turn" : ": it is Black's turn")};
    if (!generate_legal(pos).contains(m)) {
        if (c == BLACK && distance(m.from(), m.to()) == 1) why += ": the king would be in check";
        else if (c == WHITE && pt == KING && distance(m.from(), m.to()) == 1)
            why += ": the kings would be adjacent";
        else why += ": the piece cannot move there";
        return Error{why};
    }
    return m;
}

Expected<Move> parse_san(const Position& pos, std::string_view text) {
    std::string want(text);
    while (!want.empty() && std::string_view("+#!?").find(want.back()) != std::string_view::npos)
        want.pop_back();
    if (want.empty()) return Error{"empty move"};
    for (Move m : generate_legal(pos)) {
        std::string san = to_san(pos, m);
        while (san.back() == '+' || san.back() == '#') san.pop_back();
        std::string plain = san;
        plain.erase(std::remove(plain.begin(), plain.end(), 'x'), plain.end());
        if (want == san || want == plain) return m;
    }
    bool looks_san = std::isupper(static_cast<unsigned char>(want[0])) &&
                     std::string_view("KQRBN").find(want[0]) != std::string_view::npos;
    std::string why = looks_san ? "illegal move " : "'";
    why.append(text);
    return Error{why.append(looks_san ? "" : "' is not a move in SAN (like Kd3 or Re3+)")};
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
