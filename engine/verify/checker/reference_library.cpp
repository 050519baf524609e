#include "engine/verify/checker/reference_library.hpp"

#include "contract/chess_library.hpp"
#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>
#include <vector>

namespace al0::verify {

namespace lib = contract::chess;

namespace {

int file_number(Square s) { return int(file_of(s)) + 1; }
int rank_number(Square s) { return int(rank_of(s)) + 1; }

// King-move distance, counted square by square.
int chebyshev(Square a, Square b) {
    return std::max(std::abs(file_number(a) - file_number(b)),
                    std::abs(rank_number(a) - rank_number(b)));
}

// File difference plus rank difference.
int taxicab(Square a, Square b) {
    return std::abs(file_number(a) - file_number(b)) + std::abs(rank_number(a) - rank_number(b));
}

int nearest(Square a, std::initializer_list<Square> targets) {
    int best = 99;
    for (Square t : targets) best = std::min(best, chebyshev(a, t));
    return best;
}

bool dark(Square s) { return (file_number(s) + rank_number(s)) % 2 == 0; }

// The square where a pawn of colour C on S promotes, and the moves it needs to get there (from
// its second rank the double step is one move).
Square promotion_square(Color c, Square s) {
    return Square((c == WHITE ? 56 : 0) + int(file_of(s)));
}
int moves_to_promote(Color c, Square s) {
    const int ahead = c == WHITE ? 8 - rank_number(s) : rank_number(s) - 1;
    return ahead == 6 ? 5 : ahead;
}
int piece_value(PieceType t) {
    switch (t) {
    case QUEEN:
        return 9;
    case ROOK:
        return 5;
    case BISHOP:
    case KNIGHT:
        return 3;
    case PAWN:
        return 1;
    default:
        return 0;
    }
}

// The squares a king on FROM reaches by king steps through squares not in BLOCKED.
Bitboard flood_squares(Square from, Bitboard blocked) {
    std::vector<Square> todo{from};
    Bitboard reached = square_bb(from);
    while (!todo.empty()) {
        const Square s = todo.back();
        todo.pop_back();
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                const int f = int(file_of(s)) + df, r = int(rank_of(s)) + dr;
                if ((df == 0 && dr == 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
                const Square t = make_square(File(f), Rank(r));
                if ((reached | blocked) & square_bb(t)) continue;
                reached |= square_bb(t);
                todo.push_back(t);
            }
    }
    return reached;
}

int flood(Square from, Bitboard blocked) { return popcount(flood_squares(from, blocked)); }

// The squares the piece on FROM attacks, walked step by step; OCCUPIED stops a line.
Bitboard piece_attacks(const Position& pos, Square from, Bitboard occupied) {
    const Piece p = pos.piece_on(from);
    const PieceType t = type_of(p);
    Bitboard out = 0;
    const auto walk = [&](int df, int dr, bool slides) {
        int f = int(file_of(from)) + df, r = int(rank_of(from)) + dr;
        for (; f >= 0 && f <= 7 && r >= 0 && r <= 7; f += df, r += dr) {
            const Square t = make_square(File(f), Rank(r));
            out |= square_bb(t);
            if (!slides || (occupied & square_bb(t))) break;
        }
    };
    if (t == PAWN) {
        const int dr = color_of(p) == WHITE ? 1 : -1;
        walk(-1, dr, false);
        walk(1, dr, false);
    } else if (t == KNIGHT) {
        for (auto [df, dr] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
            walk(df, dr, false);
    } else {
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                if (df == 0 && dr == 0) continue;
                const bool straight = df == 0 || dr == 0;
                if (t == KING) walk(df, dr, false);
                if ((t == QUEEN) || (t == ROOK && straight) || (t == BISHOP && !straight))
                    walk(df, dr, true);
            }
    }
    return out;
}

// The squares a king on K of colour C reaches when the other side's pieces are walls (their
// squares and what they attack, seen through this king), except an unguarded piece next to a
// square the king reaches: it is a target. Flooded again until the targets stay the same.
Bitboard held_flood(const Position& pos, Square k, Color c) {
    const Bitboard through = pos.occupied() & ~square_bb(k);
    Bitboard targets = 0;
    for (;;) {
        Bitboard walls = 0;
        for (int sq = 0; sq < SQUARE_NB; ++sq) {
            const Piece p = pos.piece_on(Square(sq));
            if (p == NO_PIECE || color_of(p) == c || (targets & square_bb(Square(sq)))) continue;
            walls |= square_bb(Square(sq)) | piece_attacks(pos, Square(sq), through);
        }
        const Bitboard flooded = flood_squares(k, walls);
        Bitboard found = targets;
        for (int sq = 0; sq < SQUARE_NB; ++sq) {
            const Piece p = pos.piece_on(Square(sq));
            if (p == NO_PIECE || color_of(p) == c || type_of(p) == KING) continue;
            const bool guarded = (pos.attacks_by(~c) & square_bb(Square(sq))) != 0;
            bool beside = false;
            for (int t = 0; t < SQUARE_NB; ++t)
                beside |= (flooded & square_bb(Square(t))) && chebyshev(Square(sq), Square(t)) == 1;
            if (!guarded && beside) found |= square_bb(Square(sq));
        }
        if (found == targets) return flooded;
        targets = found;
    }
}

// For the corners of the colour of square C, the smallest (farthest diagonal of SQUARES from
// the corner, squares on it): the diagonals counted by manhattan distance.
std::pair<int, int> nearer_corner_diagonal(Bitboard squares, Square c) {
    std::pair<int, int> best{99, 0};
    const std::array<Square, 2> corners =
        dark(c) ? std::array{SQ_A1, SQ_H8} : std::array{Square(7), Square(56)};
    for (Square corner : corners) {
        int far = -1;
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            if (squares & square_bb(Square(sq))) far = std::max(far, taxicab(Square(sq), corner));
        int on = 0;
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            on += (squares & square_bb(Square(sq))) && taxicab(Square(sq), corner) == far;
        best = std::min(best, std::pair{far, on});
    }
    return best;
}

} // namespace

ReferenceLibrary::ReferenceLibrary(const Position& root) {
    root_.pos = root;
    root_.at.fill(SQ_NONE);
    std::vector<int> seen(16, 0);
    for (const contract::Role& role : material_of(root).roles()) {
        const Color c = role.side == 0 ? WHITE : BLACK;
        const PieceType t = piece_type_of(role.kind);
        // The role takes the ordinal-th piece of its kind, counting squares a1..h8.
        const int ordinal = seen[std::size_t(c * 8 + t)]++;
        int k = 0;
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            if (root.piece_on(Square(sq)) == make_piece(c, t) && k++ == ordinal)
                root_.at[roles_.size()] = Square(sq);
        roles_.push_back({c, t});
    }
}

ReferenceLibrary::State ReferenceLibrary::play(const State& s, Move m) const {
    State next{s.pos.after(m), s.at};
    for (std::size_t r = 0; r < roles_.size(); ++r) {
        if (s.at[r] == SQ_NONE) continue;
        const Piece now = next.pos.piece_on(s.at[r]);
        if (s.at[r] == m.from())
            next.at[r] = m.to(); // a promoted pawn's role names the new piece
        else if (now == NO_PIECE || color_of(now) != roles_[r].color)
            next.at[r] = SQ_NONE; // its square emptied (en passant) or taken by the other side
    }
    return next;
}

Square ReferenceLibrary::square_of(const State& s, std::uint8_t role) const {
    return role < roles_.size() ? s.at[role] : SQ_NONE;
}

std::int32_t ReferenceLibrary::value(const search::Instance& in, const State& s) const {
    return in.kind == search::Instance::Kind::measure ? measure(in, s) : predicate(in, s) ? 1 : 0;
}

std::int32_t ReferenceLibrary::measure(const search::Instance& in, const State& s) const {
    const Square a = square_of(s, in.args[0]);
    const int arity = lib::measure_names[in.primitive].arity;
    const Square b = arity > 1 ? square_of(s, in.args[1]) : a;
    if (a == SQ_NONE || b == SQ_NONE) return in.primitive == lib::M_BOX ? 64 : 0;
    switch (lib::Measure(in.primitive)) {
    case lib::M_DISTANCE:
        return chebyshev(a, b);
    case lib::M_MANHATTAN:
        return taxicab(a, b);
    case lib::M_FILE:
        return file_number(a);
    case lib::M_RANK:
        return rank_number(a);
    case lib::M_EDGE_DISTANCE:
        return std::min(
            {file_number(a) - 1, 8 - file_number(a), rank_number(a) - 1, 8 - rank_number(a)});
    case lib::M_CORNER_DISTANCE:
        return nearest(a, {SQ_A1, Square(7), Square(56), SQ_H8});
    case lib::M_COLOUR_CORNER_DISTANCE:
        return dark(b) ? nearest(a, {SQ_A1, SQ_H8}) : nearest(a, {Square(7), Square(56)});
    case lib::M_COLOUR_CORNER_MANHATTAN:
        return dark(b) ? std::min(taxicab(a, SQ_A1), taxicab(a, SQ_H8))
                       : std::min(taxicab(a, Square(7)), taxicab(a, Square(56)));
    case lib::M_BOX: {
        const int af = file_number(a), ar = rank_number(a), bf = file_number(b),
                  br = rank_number(b);
        const PieceType t = type_of(s.pos.piece_on(a)); // a promoted pawn is its new piece
        if ((t != ROOK && t != QUEEN) || af == bf || ar == br) return 64;
        return (bf < af ? af - 1 : 8 - af) * (br < ar ? ar - 1 : 8 - ar);
    }
    case lib::M_REGION: {
        if (roles_[in.args[0]].type != KING) return 0;
        const Color other = ~color_of_role(in.args[0]);
        // The other side's attacks as if this king were not there (it cannot hide behind
        // itself on a line), and the other king's square.
        const Bitboard blocked =
            s.pos.attacks_by(other, square_bb(a)) | square_bb(s.pos.king(other));
        return flood(a, blocked);
    }
    case lib::M_MOBILITY: {
        // The legal moves of A in the same position with A's side to move (each promotion
        // piece one move; a capture of the other king is no move).
        const Color c = color_of_role(in.args[0]);
        std::vector<Placement> pieces;
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            if (s.pos.piece_on(Square(sq)) != NO_PIECE)
                pieces.push_back({s.pos.piece_on(Square(sq)), Square(sq)});
        const Position turn = s.pos.side_to_move() == c ? s.pos : Position::make(pieces, c);
        int n = 0;
        for (Move m : generate_legal(turn)) n += m.from() == a && m.to() != s.pos.king(~c);
        return n;
    }
    case lib::M_PROMOTION_DISTANCE:
        return type_of(s.pos.piece_on(a)) == PAWN
                   ? chebyshev(b, promotion_square(color_of(s.pos.piece_on(a)), a))
                   : 0;
    case lib::M_VALUE:
        return piece_value(type_of(s.pos.piece_on(a)));
    case lib::M_HELD_REGION:
    case lib::M_CORNER_DIAGONAL:
    case lib::M_KING_AREA: {
        if (roles_[in.args[0]].type != KING) return 0;
        const Bitboard held = held_flood(s.pos, a, color_of_role(in.args[0]));
        if (in.primitive == lib::M_HELD_REGION) return popcount(held);
        const auto [diagonal, on] = nearer_corner_diagonal(held, b);
        return in.primitive == lib::M_CORNER_DIAGONAL ? diagonal : 8 * diagonal + on;
    }
    case lib::MEASURE_NB:
        break;
    }
    return 0;
}

bool ReferenceLibrary::predicate(const search::Instance& in, const State& s) const {
    const bool them_to_move = s.pos.side_to_move() == BLACK;
    const bool no_move = generate_legal(s.pos).size() == 0;
    switch (lib::Predicate(in.primitive)) {
    case lib::P_TRUE:
        return true;
    case lib::P_THEM_TO_MOVE:
        return them_to_move;
    case lib::P_CHECK:
        return s.pos.in_check();
    case lib::P_MATE:
        return s.pos.in_check() && no_move;
    case lib::P_STALEMATE:
        return !s.pos.in_check() && no_move;
    case lib::P_OPPOSITION: {
        const Square w = s.pos.king(WHITE), b = s.pos.king(BLACK);
        return them_to_move && chebyshev(w, b) == 2 &&
               (file_of(w) == file_of(b) || rank_of(w) == rank_of(b));
    }
    case lib::P_PROMOTED:
        // A role that began as our pawn holds another piece now.
        for (std::size_t r = 0; r < roles_.size(); ++r)
            if (roles_[r].color == WHITE && roles_[r].type == PAWN && s.at[r] != SQ_NONE &&
                s.pos.piece_on(s.at[r]) != W_PAWN)
                return true;
        return false;
    default:
        break;
    }
    const Square a = square_of(s, in.args[0]);
    if (a == SQ_NONE) return in.primitive == lib::P_CAPTURED || in.primitive == lib::P_LOST;
    const Color c = color_of_role(in.args[0]);
    const bool attacked = s.pos.attacks_by(~c) & square_bb(a);
    // Defended: another piece of its side attacks its square, as if A were taken there.
    const bool defended = s.pos.attacks_by(c) & square_bb(a);
    switch (lib::Predicate(in.primitive)) {
    case lib::P_CAPTURED:
        return false;
    case lib::P_ATTACKED:
        return attacked;
    case lib::P_DEFENDED:
        return defended;
    case lib::P_LOST: {
        // Taken for nothing: by a piece other than the king with no defender, or by the king
        // with no defender seen through the king (it may not step along the defender's line).
        if (s.pos.side_to_move() == c) return false;
        const Square king = s.pos.king(~c);
        const Bitboard past_king = s.pos.occupied() & ~square_bb(king);
        bool by_piece = false, guarded_past_king = false;
        for (int sq = 0; sq < 64; ++sq) {
            const Piece p = s.pos.piece_on(Square(sq));
            if (p == NO_PIECE || Square(sq) == a || Square(sq) == king) continue;
            if (color_of(p) != c &&
                (piece_attacks(s.pos, Square(sq), s.pos.occupied()) & square_bb(a)))
                by_piece = true;
            if (color_of(p) == c && (piece_attacks(s.pos, Square(sq), past_king) & square_bb(a)))
                guarded_past_king = true;
        }
        return (by_piece && !defended) || (chebyshev(king, a) == 1 && !guarded_past_king);
    }
    case lib::P_IN_SQUARE: {
        if (type_of(s.pos.piece_on(a)) != PAWN) return false;
        const int tempo = s.pos.side_to_move() == ~c ? 1 : 0;
        return chebyshev(s.pos.king(~c), promotion_square(c, a)) <= moves_to_promote(c, a) + tempo;
    }
    case lib::P_SAME_COLOUR: {
        const Square b = square_of(s, in.args[1]);
        return b != SQ_NONE && dark(a) == dark(b);
    }
    default:
        return false;
    }
}

void ReferenceLibrary::generate(const search::Instance& in, const State& s, Buffer& out) const {
    const MoveList legal = generate_legal(s.pos);
    const Color stm = s.pos.side_to_move();
    for (Move m : legal) {
        bool take = false;
        switch (lib::Generator(in.primitive)) {
        case lib::G_LEGAL:
            take = true;
            break;
        case lib::G_NOMOVE:
            break;
        case lib::G_MOVES:
            take = color_of_role(in.args[0]) == stm && m.from() == square_of(s, in.args[0]);
            break;
        case lib::G_CHECKS:
            take = s.pos.after(m).in_check();
            break;
        case lib::G_CAPTURES:
            take = s.pos.is_capture(m);
            break;
        case lib::G_PROMOTIONS:
            take = m.promotion() != NO_PIECE_TYPE;
            break;
        case lib::GENERATOR_NB:
            break;
        }
        if (take) out.push(m);
    }
}

} // namespace al0::verify
