// The KRK library's al0 extensions (docs/KRK_LIBRARY.md): newroomhalved and the move orders
// kingtoward and rookbyroom, which tables/krk.al0 uses.

#include "engine/chess/movegen.hpp"
#include "engine/krk/krk_domain.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>

namespace test_krk_predicates_ext {

using namespace al0;
using namespace al0::krk;

namespace {

constexpr auto& state = krk_state_of;

std::vector<std::string> generated(const KrkState& s, Generator g) {
    KrkDomain d;
    KrkDomain::Buffer b;
    d.generate(g, s, b);
    std::vector<std::string> out;
    for (Move m : b) out.push_back(square_name(m.to()));
    return out;
}

} // namespace

TEST_CASE("kingtoward gives kingdiagfirst's moves nearest the black king first, ties in book order",
          "[krk][krk_ext]") {
    // Manhattan distance to c2: c4 2, e3 3, c5 3, e4 4, d5 4, e5 5.
    CHECK(generated(state(BOOK_START), G_KINGTOWARD) ==
          std::vector<std::string>{"c4", "e3", "c5", "e4", "d5", "e5"});
}

TEST_CASE("rookbyroom gives rookmove's moves leaving the least room first, ties in book order",
          "[krk][krk_ext]") {
    // Rooms after the move, BK c2: e3 8, e4 12, d6 15, e5 16, e7 24, f6 25, e1 28, e8 28,
    // b6 30, g6 30, a6 35, h6 35; on the king's line (e2, c6) 64.
    CHECK(generated(state(BOOK_START), G_ROOKBYROOM) ==
          std::vector<std::string>{"e3", "e4", "d6", "e5", "e7", "f6", "e1", "e8", "b6", "g6", "a6",
                                   "h6", "e2", "c6"});
}

TEST_CASE("the extension generators move nothing with Black to move", "[krk][krk_ext]") {
    const KrkState black = state("8/8/4R3/8/3K4/8/2k5/8 b - - 0 1");
    CHECK(generated(black, G_KINGTOWARD).empty());
    CHECK(generated(black, G_ROOKBYROOM).empty());
}

TEST_CASE("newroomhalved holds when the room is at most half the root's", "[krk][krk_ext]") {
    KrkDomain d;
    const KrkState root = state(BOOK_START);                         // room 4 * 5 = 20
    const KrkState to_e3 = state("8/8/8/8/3K4/4R3/2k5/8 b - - 1 1"); // room 8
    const KrkState to_e4 = state("8/8/8/8/3KR3/8/2k5/8 b - - 1 1");  // room 12
    CHECK(d.holds(P_NEWROOMHALVED, to_e3, root));
    CHECK_FALSE(d.holds(P_NEWROOMHALVED, to_e4, root));
    CHECK(d.holds(P_NEWROOMSMALLER, to_e4, root));
    CHECK_FALSE(d.holds(P_NEWROOMHALVED, to_e3, to_e4)); // 8 is more than half of 12
}

} // namespace test_krk_predicates_ext
