// Position: FEN in and out, the reason a FEN is refused, validate(), do/undo, check, mate and
// stalemate.

#include "engine/chess/movegen.hpp"
#include "position_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace al0;

namespace {

// Returns why the FEN is refused, or "" when it is accepted.
std::string refusal(const std::string& fen) {
    auto p = Position::from_fen(fen);
    return p ? "" : p.error();
}

constexpr auto& from_fen = position_of;

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

TEST_CASE("A FEN of an unsupported endgame is refused", "[position][fen]") {
    CHECK(refusal("8/8/8/4k3/8/8/P7/R3K3 w - - 0 1") == "not a supported endgame: pawns");
    CHECK(refusal("8/p7/8/4k3/8/8/8/R3K3 w - - 0 1") == "not a supported endgame: pawns");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3Kr2 w - - 0 1") ==
          "not a supported endgame: Black has pieces besides the king");
    CHECK(refusal("8/8/8/4k3/8/8/8/RRRRK3 w - - 0 1") ==
          "not a supported endgame: more than 3 white pieces besides the king");
}

TEST_CASE("A FEN with bad fields after the board is refused", "[position][fen]") {
    CHECK(refusal("") == "empty FEN");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3") == "FEN has no side to move (expected 6 fields)");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 1 x") == "FEN has 7 fields, expected 6");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 x - - 0 1") == "side to move must be 'w' or 'b', not 'x'");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w Q - 0 1") ==
          "castling rights 'Q' are not supported (use '-')");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - e3 0 1") ==
          "en passant square 'e3' is impossible without pawns");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - -1 1") == "bad halfmove clock '-1'");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 0") == "bad fullmove number '0'");
    CHECK(refusal("8/8/8/4k3/8/8/8/R3K3 w - - 0 1x") == "bad fullmove number '1x'");
}

TEST_CASE("validate names what is wrong with a hand-built position", "[position]") {
    const Square e1 = sq(FILE_E, RANK_1), e5 = sq(FILE_E, RANK_5);
    CHECK(Position::make(e1, e5, {{ROOK, SQ_A1}}, WHITE).validate() == "");
    CHECK(Position::make(e1, sq(FILE_E, RANK_2), {{ROOK, SQ_A1}}, BLACK).validate() ==
          "the kings are adjacent");
    CHECK(Position::make(e1, e5, {{ROOK, e5}}, BLACK).validate() == "two pieces on one square");
    CHECK(Position::make(e1, e5, {{ROOK, SQ_A1}, {ROOK, SQ_A1}}, BLACK).validate() ==
          "two pieces on one square");
    CHECK(Position::make(e1, e5, {{ROOK, sq(FILE_A, RANK_5)}}, WHITE).validate() ==
          "black king in check with White to move");
    CHECK(Position::make(e1, SQ_NONE, {}, WHITE).validate() == "a king is missing");
}

TEST_CASE("validate accepts exactly the known numbers of legal KRK positions", "[position]") {
    // shared/data/README.md: 175,168 with White to move; 223,944 with Black to move.
    long white_to_move = 0, black_to_move = 0;
    for (int wk = 0; wk < 64; ++wk)
        for (int bk = 0; bk < 64; ++bk)
            for (int r = 0; r < 64; ++r) {
                if (r == wk || r == bk || wk == bk) continue;
                std::initializer_list<Officer> rook{{ROOK, Square(r)}};
                white_to_move +=
                    Position::make(Square(wk), Square(bk), rook, WHITE).validate() == "";
                black_to_move +=
                    Position::make(Square(wk), Square(bk), rook, BLACK).validate() == "";
            }
    CHECK(white_to_move == 175168);
    CHECK(black_to_move == 223944);
}

TEST_CASE("The accessors report kings, pieces and counters", "[position]") {
    Position pos = from_fen("8/8/8/4k3/8/8/1B6/Q3K1N1 b - - 5 12");
    CHECK(pos.king(WHITE) == sq(FILE_E, RANK_1));
    CHECK(pos.king(BLACK) == sq(FILE_E, RANK_5));
    CHECK(pos.side_to_move() == BLACK);
    CHECK(pos.officer_count() == 3);
    CHECK(pos.find(QUEEN) == SQ_A1);
    CHECK(pos.find(BISHOP) == sq(FILE_B, RANK_2));
    CHECK(pos.find(ROOK) == SQ_NONE);
    Color c = WHITE;
    CHECK(pos.piece_on(sq(FILE_G, RANK_1), &c) == KNIGHT);
    CHECK(c == WHITE);
    CHECK(pos.piece_on(sq(FILE_E, RANK_5), &c) == KING);
    CHECK(c == BLACK);
    CHECK(pos.piece_on(sq(FILE_D, RANK_4)) == NO_PIECE_TYPE);
    CHECK(pos.halfmove_clock() == 5);
    CHECK(pos.fullmove_number() == 12);
    CHECK(popcount(pos.occupied()) == 5);
}

TEST_CASE("do_move and undo_move restore every position along every line", "[position]") {
    auto fen = GENERATE(as<std::string>{}, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                        "8/8/5R2/8/4k3/2K5/8/8 b - - 12 40", "8/8/8/8/8/8/1k6/R3K3 b - - 6 9",
                        "8/8/8/4k3/8/8/8/R3K2R w - - 0 1");
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
    CHECK(pos.officer_count() == 0);
    CHECK(pos.find(ROOK) == SQ_NONE);
    CHECK(generate_legal(pos).size() == 5);
    pos.undo_move(take, u);
    CHECK(pos == before);
    CHECK(pos.fen() == "8/8/8/8/8/8/1k6/R3K3 b - - 6 9");
}

TEST_CASE("Capturing one of two rooks keeps the other and undo restores their order",
          "[position]") {
    Position pos = from_fen("8/8/8/8/8/8/1k6/R3K2R b - - 0 1");
    const Position before = pos;
    const Move take(sq(FILE_B, RANK_2), SQ_A1);
    UndoInfo u = pos.do_move(take);
    CHECK(pos.officer_count() == 1);
    CHECK(pos.find(ROOK) == sq(FILE_H, RANK_1));
    pos.undo_move(take, u);
    CHECK(pos == before);
    CHECK(pos.officer(0).sq == SQ_A1);
}

TEST_CASE("Moves update the side to move and the FEN counters", "[position]") {
    Position pos = from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 3 7");
    pos.do_move(Move(SQ_A1, sq(FILE_A, RANK_4)));
    CHECK(pos.fen() == "8/8/8/4k3/R7/8/8/4K3 b - - 4 7");
    pos.do_move(Move(sq(FILE_E, RANK_5), sq(FILE_D, RANK_5)));
    CHECK(pos.fen() == "8/8/8/3k4/R7/8/8/4K3 w - - 5 8");
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
