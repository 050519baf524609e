// The KRK library of docs/KRK_LIBRARY.md: exact generator order and the predicates.

#include "engine/chess/movegen.hpp"
#include "engine/krk/krk_domain.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>

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

} // namespace test_krk_domain
