// Position: FEN in and out, the reason a FEN is refused, validate(), do/undo, check, mate and
// stalemate.

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_position {

using namespace al0;

namespace {

// Returns why the FEN is refused, or "" when it is accepted.
std::string refusal(const std::string& fen) {
    auto p = Position::from_fen(fen);
    return p ? "" : p.error();
}

constexpr Square sq(File f, Rank r) { return make_square(f, r); }

} // namespace

TEST_CASE("FEN round trips keep all six fields", "[position][fen]") {
    auto fen = GENERATE(as<std::string>{}, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                        "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", "8/8/5R2/8/4k3/2K5/8/8 b - - 0 1",
                        "7k/8/8/8/8/8/1K6/R7 w - - 17 42", "R3k3/8/4K3/8/8/8/8/8 b - - 0 1",
                        "k7/1R6/1K6/8/8/8/8/8 b - - 99 200", "8/8/8/4k3/8/8/8/4K3 w - - 0 57",
                        "8/8/8/4k3/8/8/8/4K3 b - - 3 9", "K7/8/8/8/8/8/8/7k w - - 0 1",
                        "8/8/8/4k3/8/8/8/R3K2R w - - 0 1", "8/8/8/4k3/8/8/Q1B5/4K1N1 w - - 5 65535",
                        "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1");
    CHECK(from_fen(fen).fen() == fen);
}

TEST_CASE("A FEN without counters or with extra spaces is read and written in full",
          "[position][fen]") {
    CHECK(from_fen("8/8/8/4k3/8/8/8/R3K3 w").fen() == "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    CHECK(from_fen("8/8/8/4k3/8/8/8/R3K3 b - -").fen() == "8/8/8/4k3/8/8/8/R3K3 b - - 0 1");
    CHECK(from_fen("  8/8/8/4k3/8/8/8/R3K3\tw -  - 4 7 ").fen() ==
          "8/8/8/4k3/8/8/8/R3K3 w - - 4 7");
    CHECK(from_fen("8/8/8/4k3/8/8/8/R3K111 w - - 0 1").fen() == "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
}

TEST_CASE("A FEN board that does not have 8 ranks of 8 squares is refused", "[position][fen]") {
    CHECK(refusal("8/8/8") == "FEN board has 3 ranks, expected 8");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3/8 w - - 0 1") == "FEN board has 9 ranks, expected 8");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K w - - 0 1") == "rank 1 has 5 squares, expected 8");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K31 w - - 0 1") == "rank 1 has 9 squares, expected 8");
    CHECK(refusal("8/8/8/4k4/8/8/8/R3K3 w - - 0 1") == "rank 5 has 9 squares, expected 8");
    CHECK(refusal("8/8//4k3/8/8/8/R3K3 w - - 0 1") == "rank 6 has 0 squares, expected 8");
    CHECK(refusal("9/8/8/4k3/8/8/8/R3K3 w - - 0 1") == "bad empty-square count '9' in FEN");
}

TEST_CASE("A FEN with a bad piece letter is refused", "[position][fen]") {
    CHECK(refusal("8/8/8/4k3/8/8/8/X3K3 w - - 0 1") == "bad piece letter 'X' in FEN");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K2* w - - 0 1") == "bad piece letter '*' in FEN");
}

TEST_CASE("A FEN with a king missing is refused", "[position][fen]") {
    CHECK(refusal("8/8/8/4k3/8/8/8/R7 w - - 0 1") == "no white king");
    CHECK(refusal("8/8/8/8/8/8/8/R3K3 w - - 0 1") == "no black king");
}

TEST_CASE("A FEN with two kings of a colour is refused", "[position][fen]") {
    CHECK(refusal("8/8/8/4k3/8/8/8/R3KK2 w - - 0 1") == "two white kings");
    CHECK(refusal("k7/8/8/4k3/8/8/8/R3K3 w - - 0 1") == "two black kings");
}

TEST_CASE("A FEN with the kings side by side is refused", "[position][fen]") {
    CHECK(refusal("8/8/8/3Kk3/8/8/8/R7 w - - 0 1") == "the kings are adjacent");
    CHECK(refusal("8/8/8/4k3/3K4/8/8/R7 b - - 0 1") == "the kings are adjacent");
}

TEST_CASE("A FEN with the side not to move in check is refused", "[position][fen]") {
    CHECK(refusal("4k3/8/8/8/8/8/8/R3K2R w - - 0 1") == "");
    CHECK(refusal("R3k3/8/8/8/8/8/8/4K3 w - - 0 1") == "black king in check with White to move");
    CHECK(refusal("8/8/8/4k3/8/8/8/4RK2 w - - 0 1") == "black king in check with White to move");
    CHECK(refusal("8/8/8/4k3/8/8/8/4RK2 b - - 0 1") == "");
}

TEST_CASE("A FEN of more than five pieces is refused", "[position][fen]") {
    CHECK(refusal("8/8/8/4k3/8/8/8/RRRRK3 w - - 0 1") ==
          "not a supported endgame: 6 pieces, at most 5 (the kings included)");
    CHECK(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1") ==
          "not a supported endgame: 32 pieces, at most 5 (the kings included)");
}

TEST_CASE("A FEN of any endgame of up to five pieces is accepted", "[position][fen]") {
    for (const char* fen : {"8/8/8/4k3/8/8/P7/R3K3 w - - 0 1", "8/p7/8/4k3/8/8/8/R3K3 w - - 0 1",
                            "8/8/8/4k3/8/8/8/R3Kr2 w - - 0 1", "8/8/8/4k3/8/8/8/RRR1K3 w - - 0 1",
                            "3qk3/8/8/8/8/8/1pp5/4K3 b - - 0 1", "8/4P3/8/8/8/8/k6K/8 w - - 0 1"})
        CHECK(refusal(fen) == "");
}

TEST_CASE("A FEN with a pawn on the first or last rank is refused", "[position][fen]") {
    CHECK(refusal("P3k3/8/8/8/8/8/8/4K3 w - - 0 1") ==
          "a pawn on a8 (pawns never stand on rank 1 or 8)");
    CHECK(refusal("4k3/8/8/8/8/8/8/4K2p b - - 0 1") ==
          "a pawn on h1 (pawns never stand on rank 1 or 8)");
}

TEST_CASE("A FEN with an en passant square no double step explains is refused", "[position][fen]") {
    CHECK(refusal("4k3/8/8/8/8/8/8/4K3 w - e6 0 1") ==
          "en passant square 'e6' is not explained by a black pawn's double step");
    CHECK(refusal("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1") ==
          "en passant square 'e3' is not explained by a black pawn's double step");
    CHECK(refusal("4k3/4r3/8/4p3/8/8/8/4K3 w - e6 0 1") ==
          "en passant square 'e6' is not explained by a black pawn's double step");
    CHECK(refusal("4k3/8/8/8/4P3/8/8/4K3 b - e3 1 1") == "");
    CHECK(refusal("4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1") ==
          "en passant square 'e6' is not explained by a white pawn's double step");
    CHECK(refusal("4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1") == "bad en passant square 'e9'");
}

TEST_CASE("An en passant square is kept only when a pawn can capture there", "[position][fen]") {
    CHECK(from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1").fen() ==
          "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
    CHECK(from_fen("4k3/8/8/P3p3/8/8/8/4K3 w - e6 0 1").fen() ==
          "4k3/8/8/P3p3/8/8/8/4K3 w - - 0 1");
    // Equal positions have equal keys, however the FEN wrote the square.
    CHECK(from_fen("4k3/8/8/P3p3/8/8/8/4K3 w - e6 0 1").key() ==
          from_fen("4k3/8/8/P3p3/8/8/8/4K3 w - - 0 1").key());
}

TEST_CASE("An en passant square is dropped when the only capture there is illegal",
          "[position][fen]") {
    // dxe3 would open the fourth rank from h4 to the black king.
    const Position pinned = from_fen("8/8/8/8/k2pP2R/8/8/K7 b - e3 0 1");
    CHECK(pinned.fen() == "8/8/8/8/k2pP2R/8/8/K7 b - - 0 1");
    CHECK(pinned.key() == from_fen("8/8/8/8/k2pP2R/8/8/K7 b - - 0 1").key());
    // The same double step played on the board.
    Position played = from_fen("8/8/8/8/k2p3R/8/4P3/K7 w - - 0 1");
    played.do_move(Move(make_square(FILE_E, RANK_2), make_square(FILE_E, RANK_4)));
    CHECK(played == pinned);
    // Without the pin the square stays.
    CHECK(from_fen("8/8/8/8/3pP2R/k7/8/K7 b - e3 0 1").fen() == "8/8/8/8/3pP2R/k7/8/K7 b - e3 0 1");
}

TEST_CASE("A FEN with bad fields after the board is refused", "[position][fen]") {
    CHECK(refusal("") == "empty FEN");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3") == "FEN has no side to move (expected 6 fields)");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 1 x") == "FEN has 7 fields, expected 6");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 x - - 0 1") == "side to move must be 'w' or 'b', not 'x'");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w Q - 0 1") ==
          "castling rights 'Q' are not supported (use '-')");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - e3 0 1") ==
          "en passant square 'e3' is not explained by a black pawn's double step");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - -1 1") ==
          "bad halfmove clock '-1' (a whole number from 0 to 9999)");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 0") ==
          "bad fullmove number '0' (a whole number from 1 to 65535)");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 1x") ==
          "bad fullmove number '1x' (a whole number from 1 to 65535)");
}

TEST_CASE("A FEN's fields may be separated by any white space, a line's end included",
          "[position][fen]") {
    CHECK(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1\n").fen() == "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    CHECK(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1\r\n").fen() == "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
}

TEST_CASE("A refused FEN's text is quoted on one line, whole UTF-8 characters kept",
          "[position][fen]") {
    CHECK(refusal("8/8/8/4k3/8/8/8/R\xc3\xa9"
                  "3K3 w - - 0 1") == "bad piece letter '\xc3\xa9' in FEN");
    CHECK(refusal("8/8/8/4k3/8/8/8/R\xc3"
                  "3K3 w - - 0 1") == "bad piece letter '\\xC3' in FEN");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 1\x01") ==
          "bad fullmove number '1\\x01' (a whole number from 1 to 65535)");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 \xe2\x99\x94 - - 0 1") ==
          "side to move must be 'w' or 'b', not '\xe2\x99\x94'");
}

TEST_CASE("The FEN counters stay at their largest values, so that every FEN reads back",
          "[position][fen]") {
    Position pos = from_fen("8/8/8/4k3/8/8/8/R3K3 b - - 9999 65535");
    const Position before = pos;
    const Move m(make_square(FILE_E, RANK_5), make_square(FILE_D, RANK_5));
    const UndoInfo u = pos.do_move(m);
    CHECK(pos.fen() == "8/8/8/3k4/8/8/8/R3K3 w - - 9999 65535");
    CHECK(refusal(pos.fen()).empty());
    pos.undo_move(m, u);
    CHECK(pos == before);
}

TEST_CASE("validate names what is wrong with a hand-built position", "[position]") {
    const Square e1 = sq(FILE_E, RANK_1), e5 = sq(FILE_E, RANK_5);
    auto krk = [&](Square wk, Square bk, Square rook, Color stm) {
        return Position::make({{W_KING, wk}, {B_KING, bk}, {W_ROOK, rook}}, stm).validate();
    };
    CHECK(krk(e1, e5, SQ_A1, WHITE) == "");
    CHECK(krk(e1, sq(FILE_E, RANK_2), SQ_A1, BLACK) == "the kings are adjacent");
    CHECK(krk(e1, e5, e5, BLACK) == "two pieces on one square");
    CHECK(krk(e1, e5, sq(FILE_A, RANK_5), WHITE) == "black king in check with White to move");
    CHECK(Position::make({{W_KING, e1}}, WHITE).validate() == "no black king");
}

TEST_CASE("validate accepts exactly the known numbers of legal KRK positions", "[position]") {
    // shared/data/README.md: 175,168 with White to move; 223,944 with Black to move.
    long white_to_move = 0, black_to_move = 0;
    for (int wk = 0; wk < 64; ++wk)
        for (int bk = 0; bk < 64; ++bk)
            for (int r = 0; r < 64; ++r) {
                if (r == wk || r == bk || wk == bk) continue;
                const std::initializer_list<Placement> krk{
                    {W_KING, Square(wk)}, {B_KING, Square(bk)}, {W_ROOK, Square(r)}};
                white_to_move += Position::make(krk, WHITE).validate() == "";
                black_to_move += Position::make(krk, BLACK).validate() == "";
            }
    CHECK(white_to_move == 175168);
    CHECK(black_to_move == 223944);
}

TEST_CASE("The accessors report kings, pieces and counters", "[position]") {
    Position pos = from_fen("8/8/8/4k3/8/8/1B6/Q3K1N1 b - - 5 12");
    CHECK(pos.king(WHITE) == sq(FILE_E, RANK_1));
    CHECK(pos.king(BLACK) == sq(FILE_E, RANK_5));
    CHECK(pos.side_to_move() == BLACK);
    CHECK(pos.piece_count() == 5);
    CHECK(pos.pieces(WHITE, QUEEN) == square_bb(SQ_A1));
    CHECK(pos.pieces(WHITE, BISHOP) == square_bb(sq(FILE_B, RANK_2)));
    CHECK(pos.pieces(ROOK) == 0);
    CHECK(pos.piece_on(sq(FILE_G, RANK_1)) == W_KNIGHT);
    CHECK(pos.piece_on(sq(FILE_E, RANK_5)) == B_KING);
    CHECK(pos.piece_on(sq(FILE_D, RANK_4)) == NO_PIECE);
    CHECK(pos.ep_square() == SQ_NONE);
    CHECK(pos.halfmove_clock() == 5);
    CHECK(pos.fullmove_number() == 12);
    CHECK(popcount(pos.occupied()) == 5);
}

TEST_CASE("do_move and undo_move restore every position along every line, keys included",
          "[position]") {
    auto fen = GENERATE(as<std::string>{}, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                        "8/8/5R2/8/4k3/2K5/8/8 b - - 12 40", "8/8/8/8/8/8/1k6/R3K3 b - - 6 9",
                        "8/8/8/4k3/8/8/8/R3K2R w - - 0 1", "3r4/4P3/8/8/8/8/k6K/8 w - - 0 1",
                        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "8/8/8/8/4pP2/8/K6k/8 b - f3 0 1",
                        "8/2k5/R7/8/5P2/8/K1r5/8 w - - 0 1", "5K2/8/8/2k5/8/1P6/6p1/8 b - - 0 1");
    Position pos = from_fen(fen);
    const Position root = pos;
    long lines = 0;
    for (Move a : generate_legal(pos)) {
        UndoInfo ua = pos.do_move(a);
        const Position mid = pos;
        for (Move b : generate_legal(pos)) {
            UndoInfo ub = pos.do_move(b);
            for (Move c : generate_legal(pos)) {
                UndoInfo uc = pos.do_move(c);
                CHECK(pos.validate() == "");
                // The incremental key equals the key of the same position read afresh.
                CHECK(pos.key() == from_fen(pos.fen()).key());
                pos.undo_move(c, uc);
                ++lines;
            }
            pos.undo_move(b, ub);
            REQUIRE(pos == mid);
        }
        pos.undo_move(a, ua);
        REQUIRE(pos == root);
    }
    CHECK(lines > 0);
}

TEST_CASE("A rook capture leaves king against king and undo puts the rook back", "[position]") {
    Position pos = from_fen("8/8/8/8/8/8/1k6/R3K3 b - - 6 9");
    const Position before = pos;
    const Move take(sq(FILE_B, RANK_2), SQ_A1);
    UndoInfo u = pos.do_move(take);
    CHECK(pos.fen() == "8/8/8/8/8/8/8/k3K3 w - - 0 10");
    CHECK(pos.piece_count() == 2);
    CHECK(pos.pieces(ROOK) == 0);
    CHECK(generate_legal(pos).size() == 5);
    pos.undo_move(take, u);
    CHECK(pos == before);
    CHECK(pos.fen() == "8/8/8/8/8/8/1k6/R3K3 b - - 6 9");
}

TEST_CASE("Capturing one of two rooks keeps the other and undo restores it", "[position]") {
    Position pos = from_fen("8/8/8/8/8/8/1k6/R3K2R b - - 0 1");
    const Position before = pos;
    const Move take(sq(FILE_B, RANK_2), SQ_A1);
    UndoInfo u = pos.do_move(take);
    CHECK(pos.pieces(WHITE, ROOK) == square_bb(sq(FILE_H, RANK_1)));
    pos.undo_move(take, u);
    CHECK(pos == before);
    CHECK(pos.piece_on(SQ_A1) == W_ROOK);
}

TEST_CASE("Moves update the side to move and the FEN counters", "[position]") {
    Position pos = from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 3 7");
    pos.do_move(Move(SQ_A1, sq(FILE_A, RANK_4)));
    CHECK(pos.fen() == "8/8/8/4k3/R7/8/8/4K3 b - - 4 7");
    pos.do_move(Move(sq(FILE_E, RANK_5), sq(FILE_D, RANK_5)));
    CHECK(pos.fen() == "8/8/8/3k4/R7/8/8/4K3 w - - 5 8");
}

TEST_CASE("after_unkeyed plays a move as after does but leaves the key as it was", "[position]") {
    // Each side to move, a capture, a pawn's double step that leaves an en passant square.
    for (const char* fen :
         {"8/8/8/8/5p2/2k5/4P3/4K3 w - - 7 12", "8/8/8/8/4Pp2/2k5/8/4K3 b - e3 0 9",
          "8/8/8/8/5p2/2k5/4P2R/4K3 b - - 3 40"}) {
        CAPTURE(fen);
        const Position pos = from_fen(fen);
        for (Move m : generate_legal(pos)) {
            const Position unkeyed = pos.after_unkeyed(m);
            CHECK(unkeyed.fen() == pos.after(m).fen());
            CHECK(unkeyed.key() == pos.key());
        }
    }
}

TEST_CASE("Check, checkmate and stalemate are told apart", "[position]") {
    auto [fen, check, mate, stalemate] = GENERATE(table<const char*, bool, bool, bool>({
        {"R3k3/8/4K3/8/8/8/8/8 b - - 0 1", true, true, false},
        {"k7/1R6/1K6/8/8/8/8/8 b - - 0 1", false, false, true},
        {"7k/8/6K1/8/8/8/8/R7 b - - 0 1", false, false, false},
        {"7k/8/6K1/8/8/8/8/7R b - - 0 1", true, false, false},
        {"R6k/8/6K1/8/8/8/8/8 b - - 0 1", true, true, false},
        {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false, false, false},
        {"1R6/8/8/8/8/K7/8/k7 b - - 0 1", false, false, true},
        {"k7/8/1K6/8/8/8/8/8 b - - 0 1", false, false, false},
    }));
    CAPTURE(fen);
    Position pos = from_fen(fen);
    CHECK(pos.in_check() == check);
    CHECK(pos.is_checkmate() == mate);
    CHECK(pos.is_stalemate() == stalemate);
    CHECK(pos.has_legal_move() == !(mate || stalemate));
}

TEST_CASE("Promotion, en passant and double steps change the board as chess does", "[position]") {
    Position pos = from_fen("3r4/4P3/8/8/8/8/k6K/8 w - - 7 1");
    const Square e7 = sq(FILE_E, RANK_7), d8 = sq(FILE_D, RANK_8);
    CHECK(pos.after(Move(e7, sq(FILE_E, RANK_8), QUEEN)).fen() == "3rQ3/8/8/8/8/8/k6K/8 b - - 0 1");
    CHECK(pos.after(Move(e7, d8, KNIGHT)).fen() == "3N4/8/8/8/8/8/k6K/8 b - - 0 1");
    Position ep = from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    // exd6 would open the fifth rank to the rook on h5: not a legal move.
    CHECK_FALSE(generate_legal(ep).contains(Move(sq(FILE_E, RANK_5), sq(FILE_D, RANK_6))));
    Position open = from_fen("8/8/8/3pP3/8/8/k6K/8 w - d6 0 1");
    const Move exd6(sq(FILE_E, RANK_5), sq(FILE_D, RANK_6));
    REQUIRE(generate_legal(open).contains(exd6));
    CHECK(open.after(exd6).fen() == "8/8/3P4/8/8/8/k6K/8 b - - 0 1");
    Position step = from_fen("8/8/8/8/3p4/8/4P3/k6K w - - 3 1");
    CHECK(step.after(Move(sq(FILE_E, RANK_2), sq(FILE_E, RANK_4))).fen() ==
          "8/8/8/8/3pP3/8/8/k6K b - e3 0 1");
}

TEST_CASE("Positions reached by different move orders have equal keys", "[position]") {
    auto play = [](Position pos, std::initializer_list<const char*> moves) {
        for (const char* uci : moves) {
            auto m = parse_uci(pos, uci);
            REQUIRE(m.ok());
            pos.do_move(*m);
        }
        return pos;
    };
    const Position start = from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    const Position a = play(start, {"a1a4", "e5d5", "e1e2", "d5e5"});
    const Position b = play(start, {"e1e2", "e5d5", "a1a4", "d5e5"});
    CHECK(a.key() == b.key());
    CHECK(a.key() != start.key());
    CHECK(play(a, {"a4a1", "e5d5", "e2e1", "d5e5"}).key() == start.key());
}

TEST_CASE("The material signature names the stronger side first", "[position][material]") {
    auto [fen, signature, strong] = GENERATE(table<const char*, const char*, Color>({
        {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "KRK", WHITE},
        {"8/8/8/4k3/8/8/8/r3K3 w - - 0 1", "KRK", BLACK},
        {"8/8/8/4k3/8/8/8/4K3 w - - 0 1", "KK", WHITE},
        {"8/2N5/8/6K1/8/8/4B2k/8 b - - 0 1", "KBNK", WHITE},
        {"8/1r6/8/1Q6/2K5/8/2k5/8 b - - 0 1", "KQKR", WHITE},
        {"4R3/8/2k5/8/8/8/n7/7K b - - 0 1", "KRKN", WHITE},
        {"5K2/8/8/2k5/8/1P6/6p1/8 b - - 0 1", "KPKP", WHITE},
        {"6N1/5K2/8/k7/8/8/2p5/8 w - - 0 1", "KNKP", WHITE},
        {"8/8/8/8/8/1b6/1q6/K5k1 w - - 0 1", "KQBK", BLACK},
    }));
    CAPTURE(fen);
    const Position pos = from_fen(fen);
    CHECK(material_signature(pos) == signature);
    CHECK(stronger_side(pos) == strong);
}

} // namespace test_position
