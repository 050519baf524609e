// The KRK library of docs/KRK_LIBRARY.md: exact generator order and the predicates; the
// generators and room() also against their definitions (the chess library's generators on
// KrkBoard, the book's rectangle) at every placement of the three men.

#include "engine/chess/movegen.hpp"
#include "engine/endgame/library.hpp"
#include "engine/krk/krk_board.hpp"
#include "engine/krk/krk_domain.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace test_krk_domain {

using namespace al0;
using namespace al0::krk;

namespace {

constexpr auto& state = krk_state_of;

std::vector<std::string> targets(const KrkDomain::Buffer& b) {
    std::vector<std::string> out;
    for (Move m : b) out.push_back(square_name(m.to()));
    return out;
}

std::vector<std::string> generated(const char* fen, Generator g) {
    KrkDomain d;
    KrkDomain::Buffer b;
    d.generate(g, state(fen), b);
    return targets(b);
}

} // namespace

TEST_CASE(
    "kingdiagfirst gives the diagonal neighbours first, skipping squares next to the black king",
    "[krk]") {
    CHECK(generated(BOOK_START, G_KINGDIAGFIRST) ==
          std::vector<std::string>{"e5", "e3", "c5", "e4", "c4", "d5"});
}

TEST_CASE("rookmove alternates the rook's file and rank for i = 1..8", "[krk]") {
    CHECK(generated(BOOK_START, G_ROOKMOVE) ==
          std::vector<std::string>{"e1", "a6", "e2", "b6", "e3", "c6", "e4", "d6", "e5", "f6", "e7",
                                   "g6", "e8", "h6"});
}

TEST_CASE("rookmove skips squares the white king stands on or blocks", "[krk]") {
    // WK e4 stands on the e-file below the rook: e1-e4 are out, e5, e7, e8 remain.
    auto moves = generated("8/8/4R3/8/4K3/8/2k5/8 w - - 0 1", G_ROOKMOVE);
    CHECK(moves ==
          std::vector<std::string>{"a6", "b6", "c6", "d6", "e5", "f6", "e7", "g6", "e8", "h6"});
}

TEST_CASE("checkmove gives the rook moves onto the black king's file, then its rank", "[krk]") {
    CHECK(generated(BOOK_START, G_CHECKMOVE) == std::vector<std::string>{"c6", "e2"});
}

TEST_CASE("legal for us is kingdiagfirst then rookmove", "[krk]") {
    auto legal = generated(BOOK_START, G_LEGAL);
    REQUIRE(legal.size() == 6 + 14);
    CHECK(std::vector<std::string>(legal.begin(), legal.begin() + 6) ==
          generated(BOOK_START, G_KINGDIAGFIRST));
}

TEST_CASE("legal for them is the black king's safe neighbours in the book's order", "[krk]") {
    // After Re3: BK c2, WK d4, R e3, Black to move.
    CHECK(generated("8/8/8/8/3K4/4R3/2k5/8 b - - 1 1", G_LEGAL) ==
          std::vector<std::string>{"d1", "b1", "d2", "b2", "c1"});
    // Taking an undefended rook is legal; a defended one is not.
    CHECK(generated("8/8/8/8/8/8/1Rk5/5K2 b - - 0 1", G_LEGAL) ==
          std::vector<std::string>{"d3", "d1", "b2", "c3", "c1"});
    CHECK(generated("8/8/8/8/8/K7/1R6/2k5 b - - 0 1", G_LEGAL) == std::vector<std::string>{"d1"});
}

TEST_CASE("us generators generate nothing with Black to move, and nomove nothing at all", "[krk]") {
    CHECK(generated("8/8/8/8/3K4/4R3/2k5/8 b - - 1 1", G_ROOKMOVE).empty());
    CHECK(generated("8/8/8/8/3K4/4R3/2k5/8 b - - 1 1", G_KINGDIAGFIRST).empty());
    CHECK(generated(BOOK_START, G_NOMOVE).empty());
}

TEST_CASE("room is the area of the rook's rectangle around the black king", "[krk]") {
    CHECK(room(state(BOOK_START)) == 4 * 5); // R e6, BK c2: files a-d, ranks 1-5
    CHECK(room(state("8/8/8/8/3K4/4R3/2k5/8 b - - 1 1")) == 4 * 2); // R e3: files a-d, ranks 1-2
    CHECK(room(state("8/8/8/8/3K4/2R5/2k5/8 b - - 1 1")) == 64);    // on the rook's file
}

TEST_CASE("the KRK predicates follow the book's definitions", "[krk]") {
    KrkDomain d;
    const KrkState root = state(BOOK_START);
    const KrkState after_re3 = state("8/8/8/8/3K4/4R3/2k5/8 b - - 1 1");
    CHECK(d.holds(P_NEWROOMSMALLER, after_re3, root));
    CHECK(d.holds(P_ROOKDIVIDES, after_re3, root));       // rank 3 between ranks 4 and 2
    CHECK_FALSE(d.holds(P_ROOKEXPOSED, after_re3, root)); // dist(WK,R)=1, dist(BK,R)=2
    CHECK(d.holds(P_THEMTOMOVE, after_re3, root));
    CHECK_FALSE(d.holds(P_STALEMATE, after_re3, root));
    CHECK_FALSE(d.holds(P_THEIR_KING_EDGE, after_re3, root));
    CHECK(d.holds(P_KINGS_CLOSE, after_re3, root));
    CHECK(d.holds(P_MATE, state("R3k3/8/4K3/8/8/8/8/8 b - - 0 1"), root));
    CHECK(d.holds(P_STALEMATE, state("k7/1R6/1K6/8/8/8/8/8 b - - 0 1"), root));
    CHECK(d.holds(P_ROOKLOST, state("8/8/8/8/8/8/1Rk5/5K2 b - - 0 1"), root));
    CHECK(d.holds(P_LPATT, state("8/8/8/8/8/8/8/k1KR4 w - - 0 1"), root));        // 2 and 3
    CHECK_FALSE(d.holds(P_LPATT, state("8/8/8/8/8/2K5/3R4/k7 w - - 0 1"), root)); // WK 4 away
}

namespace {

std::vector<Move> moves(const KrkDomain::Buffer& b) { return {b.begin(), b.end()}; }

// Calls f with every state of three men on distinct squares, White and Black to move, and with
// the rook captured.
template <class F>
void for_each_state(F f) {
    for (int wk = 0; wk < SQUARE_NB; ++wk)
        for (int bk = 0; bk < SQUARE_NB; ++bk) {
            if (bk == wk) continue;
            for (Color c : {WHITE, BLACK}) {
                f(KrkState{Square(wk), SQ_NONE, Square(bk), c});
                for (int wr = 0; wr < SQUARE_NB; ++wr)
                    if (wr != wk && wr != bk) f(KrkState{Square(wk), Square(wr), Square(bk), c});
            }
        }
}

// The book's room: the area of the rook's rectangle around the black king (64 on its lines).
int book_room(const KrkState& s) {
    if (s.rook_captured() || file_of(s.bk) == file_of(s.wr) || rank_of(s.bk) == rank_of(s.wr))
        return 64;
    const int x = file_of(s.wr), y = rank_of(s.wr);
    const int side_x = file_of(s.bk) < x ? x : 7 - x, side_y = rank_of(s.bk) < y ? y : 7 - y;
    return side_x * side_y;
}

} // namespace

TEST_CASE("the rook's and kings' moves are the chess library's, in its order, in every position",
          "[krk]") {
    int positions = 0, differing = 0;
    for_each_state([&](const KrkState& s) {
        ++positions;
        KrkDomain::Buffer own, library;
        if (s.stm == WHITE) {
            king_diag_first(s, own);
            rook_moves(s, own);
            endgame::library::king_moves(KrkBoard(s), s.wk, WHITE, library);
            if (!s.rook_captured())
                endgame::library::line_moves(KrkBoard(s), ROOK, s.wr, WHITE, library);
        } else {
            black_moves(s, own);
            endgame::library::king_moves(KrkBoard(s), s.bk, BLACK, library);
        }
        if (moves(own) != moves(library)) ++differing;
    });
    CHECK(positions == 64 * 63 * 63 * 2);
    CHECK(differing == 0);
}

TEST_CASE("checkmove is rookmove's moves onto the black king's file, then onto its rank", "[krk]") {
    int differing = 0;
    for_each_state([&](const KrkState& s) {
        KrkDomain::Buffer rook, checks;
        rook_moves(s, rook);
        check_moves(s, checks);
        std::vector<Move> expected;
        for (Move m : rook)
            if (file_of(m.to()) == file_of(s.bk)) expected.push_back(m);
        for (Move m : rook)
            if (rank_of(m.to()) == rank_of(s.bk)) expected.push_back(m);
        if (moves(checks) != expected) ++differing;
    });
    CHECK(differing == 0);
}

TEST_CASE("room is the book's rectangle in every position", "[krk]") {
    int differing = 0;
    for_each_state([&](const KrkState& s) { differing += room(s) != book_room(s); });
    CHECK(differing == 0);
}

} // namespace test_krk_domain
