// Exhaustive legality per material: for every legal position, a move is generated exactly when
// playing it leaves a legal position. The reference here is deliberately plain and slow (a
// mailbox, geometry walked square by square, no bitboards, no pins), so that it shares nothing
// with the generator it judges.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

namespace test_legality {

using namespace al0;

namespace {

struct Plain {
    std::array<Piece, 64> board{};
    Color stm = WHITE;
    int ep = -1; // the en passant square, or -1
};

int file(int s) { return s % 8; }
int rank(int s) { return s / 8; }
int sign(int x) { return (x > 0) - (x < 0); }

bool clear_between(const Plain& p, int from, int to) {
    const int step = sign(rank(to) - rank(from)) * 8 + sign(file(to) - file(from));
    for (int s = from + step; s != to; s += step)
        if (p.board[s] != NO_PIECE) return false;
    return true;
}

// Returns whether the piece on `from` attacks `to` (for a pawn: diagonally forward).
bool attacks_square(const Plain& p, int from, int to) {
    const Piece piece = p.board[from];
    const int df = file(to) - file(from), dr = rank(to) - rank(from);
    const int ax = std::abs(df), ay = std::abs(dr);
    const bool straight = (df == 0) != (dr == 0), diagonal = ax == ay && ax != 0;
    switch (type_of(piece)) {
    case KING:
        return std::max(ax, ay) == 1;
    case KNIGHT:
        return (ax == 1 && ay == 2) || (ax == 2 && ay == 1);
    case ROOK:
        return straight && clear_between(p, from, to);
    case BISHOP:
        return diagonal && clear_between(p, from, to);
    case QUEEN:
        return (straight || diagonal) && clear_between(p, from, to);
    case PAWN:
        return ax == 1 && dr == (color_of(piece) == WHITE ? 1 : -1);
    default:
        return false;
    }
}

bool attacked(const Plain& p, int sq, Color by) {
    for (int s = 0; s < 64; ++s)
        if (p.board[s] != NO_PIECE && color_of(p.board[s]) == by && attacks_square(p, s, sq))
            return true;
    return false;
}

int king_of(const Plain& p, Color c) {
    for (int s = 0; s < 64; ++s)
        if (p.board[s] == make_piece(c, KING)) return s;
    return -1;
}

// The reference's legality: the side that is not to move is not in check, no pawn on rank 1 or
// 8, and an en passant square has the pawn that double-stepped in front of it.
bool legal(const Plain& p) {
    for (int s = 0; s < 64; ++s)
        if (type_of(p.board[s]) == PAWN && (rank(s) == 0 || rank(s) == 7)) return false;
    if (p.ep >= 0) {
        const int forward = p.stm == WHITE ? 8 : -8;
        if (rank(p.ep) != (p.stm == WHITE ? 5 : 2) || p.board[p.ep] != NO_PIECE ||
            p.board[p.ep + forward] != NO_PIECE ||
            p.board[p.ep - forward] != make_piece(~p.stm, PAWN))
            return false;
    }
    return !attacked(p, king_of(p, ~p.stm), p.stm);
}

Plain play(const Plain& p, Move m) {
    Plain q = p;
    const int from = m.from(), to = m.to(), forward = p.stm == WHITE ? 8 : -8;
    const Piece piece = p.board[from];
    if (type_of(piece) == PAWN && to == p.ep) q.board[to - forward] = NO_PIECE;
    q.board[to] = m.promotion() != NO_PIECE_TYPE ? make_piece(p.stm, m.promotion()) : piece;
    q.board[from] = NO_PIECE;
    q.ep = type_of(piece) == PAWN && std::abs(to - from) == 16 ? from + forward : -1;
    q.stm = ~p.stm;
    return q;
}

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Every move by the rules of how pieces move, whether or not it leaves the king in check: steps
// and rays walked square by square on the mailbox.
std::vector<Move> pseudo_moves(const Plain& p) {
    static constexpr int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                         {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static constexpr int lines[8][2] = {{0, 1}, {0, -1}, {1, 0},  {-1, 0},
                                        {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    std::vector<Move> out;
    auto add = [&](int from, int to) {
        const bool pawn = type_of(p.board[from]) == PAWN;
        if (pawn && (rank(to) == 0 || rank(to) == 7))
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
                out.push_back(Move(Square(from), Square(to), pt));
        else
            out.push_back(Move(Square(from), Square(to)));
    };
    auto enemy_or_empty = [&](int s) {
        return p.board[s] == NO_PIECE || color_of(p.board[s]) != p.stm;
    };
    const int forward = p.stm == WHITE ? 1 : -1;
    for (int from = 0; from < 64; ++from) {
        const Piece piece = p.board[from];
        if (piece == NO_PIECE || color_of(piece) != p.stm) continue;
        const int f = file(from), r = rank(from);
        switch (type_of(piece)) {
        case KING:
            for (auto [df, dr] : lines)
                if (on_board(f + df, r + dr) && enemy_or_empty((r + dr) * 8 + f + df))
                    add(from, (r + dr) * 8 + f + df);
            break;
        case KNIGHT:
            for (auto [df, dr] : knight)
                if (on_board(f + df, r + dr) && enemy_or_empty((r + dr) * 8 + f + df))
                    add(from, (r + dr) * 8 + f + df);
            break;
        case PAWN: {
            const int one = from + 8 * forward;
            if (p.board[one] == NO_PIECE) {
                add(from, one);
                const int two = one + 8 * forward;
                if (r == (p.stm == WHITE ? 1 : 6) && p.board[two] == NO_PIECE) add(from, two);
            }
            for (int df : {-1, 1}) {
                if (!on_board(f + df, r + forward)) continue;
                const int to = one + df;
                if ((p.board[to] != NO_PIECE && color_of(p.board[to]) != p.stm) || to == p.ep)
                    add(from, to);
            }
            break;
        }
        default: { // line pieces: the rook's first four directions, the bishop's last four
            const int first = type_of(piece) == BISHOP ? 4 : 0;
            const int last = type_of(piece) == ROOK ? 4 : 8;
            for (int d = first; d < last; ++d)
                for (int tf = f + lines[d][0], tr = r + lines[d][1]; on_board(tf, tr);
                     tf += lines[d][0], tr += lines[d][1]) {
                    const int to = tr * 8 + tf;
                    if (enemy_or_empty(to)) add(from, to);
                    if (p.board[to] != NO_PIECE) break;
                }
        }
        }
    }
    return out;
}

struct Tally {
    long positions = 0, moves = 0;
    std::string first_mismatch;
};

// Checks one position of the reference against the generator, do_move and validate.
void check_position(const Plain& p, Tally& t) {
    if (!legal(p)) return;
    std::vector<Placement> placements;
    for (int s = 0; s < 64; ++s)
        if (p.board[s] != NO_PIECE) placements.push_back({p.board[s], Square(s)});
    const Position pos = Position::make(placements, p.stm, p.ep < 0 ? SQ_NONE : Square(p.ep));
    ++t.positions;
    auto mismatch = [&](const std::string& what) {
        if (t.first_mismatch.empty()) t.first_mismatch = pos.fen() + ": " + what;
    };
    if (!pos.validate().empty()) mismatch("validate refuses a legal position: " + pos.validate());
    const MoveList generated = generate_legal(pos);
    int expected = 0;
    for (Move m : pseudo_moves(p)) {
        const Plain after = play(p, m);
        const bool ok = !attacked(after, king_of(after, p.stm), after.stm);
        expected += ok;
        ++t.moves;
        if (generated.contains(m) != ok)
            mismatch(to_uci(m) +
                     (ok ? " is legal but not generated" : " is generated but illegal"));
        if (!ok) continue;
        const Position next = pos.after(m);
        for (int s = 0; s < 64; ++s)
            if (next.piece_on(Square(s)) != after.board[s])
                mismatch(to_uci(m) + " leaves another board");
    }
    if (generated.size() != expected) mismatch("a generated move is no move at all");
}

// Calls f on every placement of the pieces on distinct squares that `allowed` lets each take
// (pawns never on ranks 1 and 8).
template <class Allowed, class F>
void each_placement(const std::vector<Piece>& pieces, Plain& p, std::size_t i, Allowed& allowed,
                    F& f) {
    if (i == pieces.size()) return f();
    for (int s = 0; s < 64; ++s) {
        if (p.board[s] != NO_PIECE || !allowed(pieces[i], s)) continue;
        if (type_of(pieces[i]) == PAWN && (rank(s) == 0 || rank(s) == 7)) continue;
        p.board[s] = pieces[i];
        each_placement(pieces, p, i + 1, allowed, f);
        p.board[s] = NO_PIECE;
    }
}

// Checks every legal position of the material, each side to move; with_ep: only those with an
// en passant square, else only those without. A position has one (in FEN out, in its key) only
// when a pawn of the side to move stands beside the pawn that just double-stepped.
Tally check_material(const std::vector<Piece>& pieces, bool with_ep) {
    Tally t;
    Plain p;
    for (Color stm : {WHITE, BLACK}) {
        // Where a pawn of the side not to move stands after its double step, and the square
        // behind it.
        const int double_step_rank = stm == WHITE ? 4 : 3, behind = stm == WHITE ? 8 : -8;
        auto allowed = [&](Piece piece, int s) {
            return !with_ep || type_of(piece) != PAWN || rank(s) == double_step_rank;
        };
        auto check = [&] {
            p.stm = stm;
            p.ep = -1;
            if (!with_ep) return check_position(p, t);
            for (int s = 0; s < 64; ++s) {
                if (p.board[s] != make_piece(~stm, PAWN)) continue;
                const bool beside = (file(s) > 0 && p.board[s - 1] == make_piece(stm, PAWN)) ||
                                    (file(s) < 7 && p.board[s + 1] == make_piece(stm, PAWN));
                if (!beside) continue;
                p.ep = s + behind;
                if (legal(p)) check_position(p, t);
            }
            p.ep = -1;
        };
        each_placement(pieces, p, 0, allowed, check);
    }
    return t;
}

} // namespace

TEST_CASE("KQK: a move is generated exactly when it leaves a legal position",
          "[movegen][legality]") {
    const Tally t = check_material({W_KING, B_KING, W_QUEEN}, false);
    CHECK(t.first_mismatch == "");
    CHECK(t.positions > 300000);
}

TEST_CASE("KPK: a move is generated exactly when it leaves a legal position",
          "[movegen][legality]") {
    const Tally t = check_material({W_KING, B_KING, W_PAWN}, false);
    CHECK(t.first_mismatch == "");
    CHECK(t.positions > 300000);
}

TEST_CASE("KPKP with an en passant square: a move is generated exactly when it leaves a legal "
          "position",
          "[movegen][legality]") {
    const Tally t = check_material({W_KING, B_KING, W_PAWN, B_PAWN}, true);
    CHECK(t.first_mismatch == "");
    CHECK(t.positions > 50000);
}

TEST_CASE("KBNK: a move is generated exactly when it leaves a legal position",
          "[.][slow][movegen][legality]") {
    const Tally t = check_material({W_KING, B_KING, W_BISHOP, W_KNIGHT}, false);
    CHECK(t.first_mismatch == "");
    CHECK(t.positions > 20000000);
}

} // namespace test_legality
