// tables/krk.al0, al0's default KRK table: moves the tablebase calls fastest in the families a
// repair of the plan is about.

#include "tests/support/tables_fixture.hpp"

namespace test_tables_krk {

using namespace al0;

// The rook shuts the black king into a small box that the white king shares (Re6 with the
// kings on g5 and f3), where the old plan only let it cut between the kings.
TEST_CASE("The KRK table boxes the black king in with its own king inside where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/7R/6K1/8/5k2/8/8 w - - 0 1", "8/8/6K1/8/5k2/8/8/6R1 w - - 0 1",
                         "8/1R6/5K2/8/5k2/8/8/8 w - - 0 1", "8/8/8/8/6k1/8/6K1/1R6 w - - 0 1",
                         "1R6/8/8/1K6/8/8/8/2k5 w - - 0 1", "8/8/8/8/8/5k2/1RK5/8 w - - 0 1"});
}

// The rook shuts the black king into a strip along the edge, far enough from it to need no
// guard (Rg2 with the kings on b5 and d1), wherever the white king stands (Ra7 with the kings
// on a8 and g8), where the old plan kept it next to its king or between the kings.
TEST_CASE("The KRK table shuts the black king into a strip along the edge where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"6R1/8/8/1K6/8/8/8/3k4 w - - 0 1", "8/6R1/8/8/8/8/8/1K2k3 w - - 0 1",
                         "1R2K3/8/8/8/8/8/8/4k3 w - - 0 1", "5k2/8/8/8/3R4/2K5/8/8 w - - 0 1",
                         "K5k1/8/8/8/8/R7/8/8 w - - 0 1", "8/8/R7/8/8/8/5K2/3k4 w - - 0 1"});
}

// The far white king comes nearer while the black king may still come next to the rook, where
// the old plan moved the rook first.
TEST_CASE("The KRK table brings its far king nearer before the rook where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"7K/8/4k3/8/5R2/8/8/8 w - - 0 1", "8/8/8/3R4/1k6/8/8/K7 w - - 0 1",
                         "8/8/8/6K1/2R5/8/1k6/8 w - - 0 1", "7K/8/8/5k2/8/8/4R3/8 w - - 0 1",
                         "3k4/8/2R5/8/7K/8/8/8 w - - 0 1"});
}

// The far white king steps into the black king's box, however large, where the old plan
// re-cut the black king with the rook first (Ke3 with the rook on a5 and the kings on f2, c4).
TEST_CASE("The KRK table brings its far king into the black king's box where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/R7/2k5/8/5K2/8 w - - 0 1", "8/8/8/R7/3k4/8/6K1/8 w - - 0 1",
                         "8/8/8/R7/6k1/8/8/5K2 w - - 0 1", "8/8/2k5/8/8/1K3R2/8/8 w - - 0 1",
                         "8/1R3K2/8/8/4k3/8/8/8 w - - 0 1"});
}

TEST_CASE("The KRK table's king approaches inside the box where that is fastest", "[tables][krk]") {
    check_plays_fastest(shipped("krk"), {"3K4/8/4k3/R7/8/8/8/8 w - - 0 1"});
}

// The white king comes first where the rook would only take a line off a wide box (Kc2 with the
// rook on e1 and the kings on b1 and f5), steps off the edge first among equal steps, and in
// a divide with the king far from its rook steps before the rook runs (Kg1 with the rook on e7
// and the kings on h1 and f3), where the old plan moved the rook.
TEST_CASE(
    "The KRK table's king comes before the rook takes a line off a wide box where that is fastest",
    "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/5k2/8/8/8/1K2R3 w - - 0 1", "8/8/8/8/1k3K2/8/8/2R5 w - - 0 1",
                         "8/8/8/4k3/7R/7K/8/8 w - - 0 1", "8/4R3/8/8/8/5k2/8/7K w - - 0 1",
                         "2R5/1k6/7K/8/8/8/8/8 w - - 0 1"});
}

// The white king, away from its rook and from the black king, walks up to its critical square
// (or in front of its rook) before the rook takes a line off the room (Ke4 with the rook on d4
// and the kings on f3 and f6), where the old plan tightened first.
TEST_CASE("The KRK table's king walks up before the rook tightens where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/5k2/8/3R4/5K2/8/8 w - - 0 1", "8/1K1R4/8/8/4k3/8/8/8 w - - 0 1",
                         "2K5/8/3R4/8/8/5k2/8/8 w - - 0 1", "8/8/3k4/8/8/K1R5/8/8 w - - 0 1",
                         "8/8/8/8/4k2K/8/5R2/8 w - - 0 1", "8/3k4/8/8/8/4R3/8/3K4 w - - 0 1"});
}

// Among rook moves that leave the same room, the rook stands where the white king is nearest its
// critical square, then farthest from the black king (Rg6 with the kings on g8 and h1), and a
// rook check is given from farthest away (Rg3+ with the kings on e5 and g5), where the old
// order took the first square of the rook's own order.
TEST_CASE("The KRK table's rook picks among equal rooms the square its king guards soonest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"6K1/8/2R5/8/8/8/8/7k w - - 0 1", "k7/8/6R1/8/6K1/8/8/8 w - - 0 1",
                         "7R/6K1/2k5/8/8/8/8/8 w - - 0 1", "8/2k5/1R6/8/8/8/8/3K4 w - - 0 1",
                         "8/8/8/8/8/6k1/5R2/K7 w - - 0 1", "8/2K5/5R2/8/8/8/2k5/8 w - - 0 1",
                         "8/8/8/4K1k1/8/5R2/8/8 w - - 0 1", "4R3/8/8/8/3K1k2/8/8/8 w - - 0 1"});
}

// A rook move that shrinks the room by a third (Ra6 with the kings on h5 and c7), where the old
// plan asked for a half and brought the king or checked first.
TEST_CASE("The KRK table's rook squeezes the room by a third where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/2k5/8/R6K/8/8/8/8 w - - 0 1", "3k4/8/8/8/K7/8/R7/8 w - - 0 1",
                         "8/8/3k4/8/1K6/6R1/8/8 w - - 0 1", "8/8/2R5/8/8/3K1k2/8/8 w - - 0 1",
                         "4k3/8/8/6K1/6R1/8/8/8 w - - 0 1", "8/8/8/8/3R4/8/3K1k2/8 w - - 0 1"});
}

// A king step, no farther from the critical square, that shrinks the squares the black king can
// walk to (Ke2 with the rook on e3 and the kings on f3 and b2), where the old plan took a line
// off the room with the rook or stepped to the critical square.
TEST_CASE("The KRK table's king shrinks the black king's region where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/8/4RK2/1k6/8 w - - 0 1", "8/1k6/8/8/2K5/2R5/8/8 w - - 0 1",
                         "8/4R3/4K3/8/8/8/8/5k2 w - - 0 1"});
}

// With the black king one step from the edge, a rook check that drives it onto the edge (Rd7+
// with the kings on c5 and b7), where the old plan squeezed the room with the rook first.
TEST_CASE("The KRK table checks the black king onto the edge where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/1k6/8/2KR4/8/8/8/8 w - - 0 1", "8/8/R7/8/8/4K1k1/8/8 w - - 0 1",
                         "8/8/8/8/6K1/8/6k1/3R4 w - - 0 1"});
}

// With the black king one step from the edge in a corner box of four and the white king next
// to its rook, a mate in 4 (Ra3 with the kings on e2 and g2 and the rook on f3), where the old
// plan waited (Ke3: mate in 5).
TEST_CASE("The KRK table mates in 4 in a corner box next to the edge where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/8/5R2/4K1k1/8 w - - 0 1", "8/1k1K4/2R5/8/8/8/8/8 w - - 0 1",
                         "8/8/8/8/8/2R5/1k1K4/8 w - - 0 1", "8/4K1k1/5R2/8/8/8/8/8 w - - 0 1"});
}

// From the end of a strip of five along the edge, the white king on the edge next to its rook,
// a mate in 4 (Ke1 with the rook on c2 and the black king on g1), where the old plan re-cut
// the black king with the rook (Re2: mate in 5).
TEST_CASE("The KRK table mates in 4 from the end of a strip along the edge where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/8/8/2R5/3K2k1 w - - 0 1", "8/8/8/8/8/8/5R2/1k2K3 w - - 0 1",
                         "8/k7/8/8/K7/1R6/8/8 w - - 0 1", "1k2K3/5R2/8/8/8/8/8/8 w - - 0 1"});
}

// Among squeezes to the same room, the rook first goes where its king is nearer than the black
// king (Rc6 with the kings on e7 and a7), where the old order went farthest from the black king.
TEST_CASE("The KRK table's rook squeezes first where its king reaches it sooner than the black "
          "king, where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/k3K3/8/8/2R5/8/8/8 w - - 0 1", "8/4R3/8/8/1K6/8/7k/8 w - - 0 1",
                         "6k1/8/8/1R6/6K1/8/8/8 w - - 0 1", "8/8/5R2/2K5/8/1k6/8/8 w - - 0 1",
                         "8/8/8/5R2/8/8/3K3k/8 w - - 0 1"});
}

// In the tighter nets, the kings two squares apart, the table searches mates in 4 (a room of 12
// or less) and 5 (6 or less), where the old plan approached first (Kd6 with the rook on h7 and
// the black king on c8; Kd3 with the rook on d2 and the black king on e1).
TEST_CASE("The KRK table mates in 4 or 5 moves in a tight net where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"2k5/4K2R/8/8/8/8/8/8 w - - 0 1", "8/8/1R6/1K6/8/k7/8/8 w - - 0 1",
                         "8/8/8/8/8/8/2KR4/4k3 w - - 0 1", "3k4/5KR1/8/8/8/8/8/8 w - - 0 1",
                         "8/8/8/7k/8/6K1/6R1/8 w - - 0 1"});
}

// With the white king two squares from the black king and next to its rook (or two squares
// from it, the kings on a line), the rook steps next to the black king under the king's guard
// (Rf5 with the kings on g5 and e6; Rc5 with the kings on b6 and d6), where the old plan checked
// first (Re4+; Rd4+).
TEST_CASE("The KRK table's rook steps next to the black king under its king's guard where that "
          "is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/4k3/6K1/5R2/8/8/8 w - - 0 1", "8/8/3k4/1K6/2R5/8/8/8 w - - 0 1",
                         "8/8/8/8/5k2/3R4/4K3/8 w - - 0 1", "8/8/8/2R5/1K6/3k4/8/8 w - - 0 1",
                         "8/8/1K1k4/8/2R5/8/8/8 w - - 0 1", "8/8/4k1K1/8/5R2/8/8/8 w - - 0 1",
                         "8/8/8/5R2/8/4k1K1/8/8 w - - 0 1", "8/2K5/4R3/2k5/8/8/8/8 w - - 0 1"});
}

// The rook shrinks the room onto the line of its king, off the edge, that closes the black
// king's box (Rd2 with the king on b2 and the black king on c4), where the old plan waited with
// the king (Kc2) or tightened between the kings (Rc3 with the rook on b3).
TEST_CASE("The KRK table's rook tightens onto its king's line where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/2k5/8/1K2R3/8 w - - 0 1", "8/8/8/8/4k3/1R6/1K6/8 w - - 0 1",
                         "8/8/8/1R6/8/3k4/1K6/8 w - - 0 1", "8/8/8/3k4/8/8/1KR5/8 w - - 0 1"});
}

// From one step off the edge, a rook check that drives the black king onto the edge two squares
// from the white king, or into a smaller room (Rf5+ with the kings on d6 and f7), where the old
// plan tightened the room with the rook (Re5).
TEST_CASE("The KRK table checks the black king onto the edge next to its king where that is "
          "fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/5k2/3K4/3R4/8/8/8/8 w - - 0 1", "8/8/8/8/4R3/4K3/2k5/8 w - - 0 1",
                         "8/8/8/8/3R4/3K4/5k2/8 w - - 0 1", "8/8/1k6/8/2KR4/8/8/8 w - - 0 1"});
}

// The kings facing each other two squares apart, the black king one step from the edge in a
// room of 6 (or two steps in a room of 9): the rook steps onto the white king's line and leaves
// Black to move (Re4 with the kings on f4 and f2; Rd4 with the kings on d3 and f3), where the
// old plan waited with the king (Ke4; Kd4).
TEST_CASE("The KRK table's rook passes the move to the black king in the opposition where that "
          "is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/5K2/4R3/5k2/8 w - - 0 1", "8/5k2/4R3/5K2/8/8/8/8 w - - 0 1",
                         "8/8/8/8/2K5/3R4/2k5/8 w - - 0 1", "8/2k5/3R4/2K5/8/8/8/8 w - - 0 1",
                         "8/8/8/8/4R3/3K1k2/8/8 w - - 0 1", "8/8/8/8/3R4/2k1K3/8/8 w - - 0 1",
                         "8/8/3K1k2/4R3/8/8/8/8 w - - 0 1", "8/8/2k5/3R4/2K5/8/8/8 w - - 0 1"});
}

// With its rook farther from the black king than from itself, the white king steps towards
// the black king (Kc5 with the rook on b3 and the black king on a6), where the old plan stepped
// towards the critical square next to the rook (Kc4).
TEST_CASE("The KRK table's king steps towards the black king while its rook is out of reach "
          "where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/k7/8/3K4/1R6/8/8 w - - 0 1", "8/8/8/8/3K4/8/2R5/5k2 w - - 0 1",
                         "8/8/8/8/4K3/8/5R2/2k5 w - - 0 1", "5k2/2R5/8/3K4/8/8/8/8 w - - 0 1",
                         "8/8/7k/8/4K3/6R1/8/8 w - - 0 1"});
}

// The white king steps onto its rook's line on the black king's side, closing the box (Ke3 with
// the rook on e5 and the black king on c4), where the old plan re-cut with the rook (Re3).
TEST_CASE("The KRK table's king closes the black king's box on its rook's line where that is "
          "fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/4R3/2k5/8/3K4/8 w - - 0 1", "8/8/8/3R4/5k2/8/4K3/8 w - - 0 1",
                         "8/8/3k4/1K6/4R3/8/8/8 w - - 0 1", "8/4K3/8/5k2/3R4/8/8/8 w - - 0 1"});
}

// The rook re-cuts the black king onto the line of its king, off the edge, that closes the box
// (Rb4 with the king on b2 and the black king on d3), where the old plan divided between the
// kings (Rf4, in two moves).
TEST_CASE("The KRK table's rook re-cuts onto its king's line where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/4R3/3k4/1K6/8 w - - 0 1", "8/8/8/3k4/4R3/8/1K6/8 w - - 0 1",
                         "8/8/8/3R4/2k5/8/1K6/8 w - - 0 1", "8/8/8/5R2/4k3/8/1K6/8 w - - 0 1"});
}

// The white king in a corner steps out first, wherever its rook stands (Kb7 with the rook on b1
// and the black king on d4; Ka2 with the rook on e4 and the black king on c3), where the old
// plan moved the rook (Rb6; Re2).
TEST_CASE("The KRK table's king steps out of its corner first where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"K7/8/8/8/3k4/8/8/1R6 w - - 0 1", "8/8/8/8/4k3/8/7R/K7 w - - 0 1",
                         "8/8/8/8/4R3/2k5/8/K7 w - - 0 1", "8/8/8/8/8/8/2k5/KR6 w - - 0 1",
                         "8/8/8/8/4k3/8/2R5/7K w - - 0 1"});
}

// The white king on the edge beside a corner, two squares or more from its rook and three or
// more from the black king, steps out too (Kb3 with the king on a2, the rook on b5 and the black
// king on f4), where the old plan moved the rook (Rc5, Rb4+) or stepped along the edge (Ka3).
TEST_CASE("The KRK table's king steps out from beside its corner first where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/1R6/5k2/8/K7/8 w - - 0 1", "8/8/8/1R6/3k4/8/K7/8 w - - 0 1",
                         "8/8/1R6/8/5k2/8/K7/8 w - - 0 1", "1R6/8/8/8/3k4/8/K7/8 w - - 0 1"});
}

// With the white king cornered and the black king next to its rook, the rook runs as far from
// it as it can into a box the king shares (Rh4 with the king on a1 and the black king on d3),
// and the king beside its corner inside such a box steps nearer the black king (Ka3 with the
// king on a2, the rook on d8 and the black king on c3), where the old plan divided (Rb4, Rb8).
TEST_CASE("The KRK table's cornered king keeps the black king's box instead of re-cutting it "
          "where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/8/4R3/3k4/8/K7 w - - 0 1", "8/8/8/3R4/2k5/8/8/K7 w - - 0 1",
                         "8/8/8/8/2R5/3k4/8/K7 w - - 0 1", "3R4/8/8/8/8/2k5/K7/8 w - - 0 1",
                         "8/8/8/8/7R/2k5/8/1K6 w - - 0 1"});
}

// With the white king within two squares of a corner, off the kings' line, the rook does not
// step next to the black king under its guard (Rb6 with the king on a7 and the black king on
// c5): the king comes out first (Kb7), or the rook checks (Rg4+ with the kings on f2 and e4).
TEST_CASE("The KRK table's rook does not climb beside its cornered king where that is slower",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/K7/R7/2k5/8/8/8/8 w - - 0 1", "8/8/8/8/8/4k3/8/5RK1 w - - 0 1",
                         "8/8/8/8/4k3/6R1/5K2/8 w - - 0 1"});
}

// The kings three squares apart on a line, the white king next to its rook: it steps onto the
// rook's line two squares from the rook and from the black king (Kf4 with the rook on d4 and the
// kings on e3 and e6), where the old plan stepped next to the rook (Ke4).
TEST_CASE("The KRK table's king steps aside onto its rook's line where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/4k3/8/3R4/4K3/8/8 w - - 0 1", "8/8/3k4/8/4R3/3K4/8/8 w - - 0 1",
                         "8/8/8/8/4k3/8/3R4/4K3 w - - 0 1", "8/4K3/3R4/8/4k3/8/8/8 w - - 0 1"});
}

// Among equally small rooms the rook tightens onto a square its king guards (Re4 with the king
// on e3 and the black king on f6), where the old plan left it alone (Rd5).
TEST_CASE("The KRK table's rook tightens onto a square its king guards where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/5k2/8/3R4/4K3/8/8 w - - 0 1", "8/8/2k5/5K2/4R3/8/8/8 w - - 0 1",
                         "8/8/3K4/4R3/8/2k5/8/8 w - - 0 1", "8/8/4K3/3R4/8/5k2/8/8 w - - 0 1"});
}

// With the kings two squares apart and the black king on the line next to its rook's, the rook
// steps onto that line with check (Rg5+ with the kings on b3 and d5 and the rook on g6), where
// the old plan re-cut the black king in two moves (Rg4).
TEST_CASE("The KRK table's rook checks the black king off its king's way where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/6R1/3k4/8/1K6/8/8 w - - 0 1", "8/5R2/8/8/8/4k3/2K5/8 w - - 0 1",
                         "8/8/8/8/4k3/8/3K4/5R2 w - - 0 1", "8/8/R7/3k4/1K6/8/8/8 w - - 0 1"});
}

// Among king steps equally near the black king by manhattan distance, the one nearer in king
// steps first (Kf5 with the rook on f4 and the black king on h3), where the old order stepped
// off the edge first (Ke4), a move slower.
TEST_CASE("The KRK table's king steps nearest the black king in king steps where that is fastest",
          "[tables][krk]") {
    check_plays_fastest(shipped("krk"),
                        {"8/8/8/4K3/5R2/7k/8/8 w - - 0 1", "8/8/7k/5R2/4K3/8/8/8 w - - 0 1",
                         "8/8/8/3K4/2R5/k7/8/8 w - - 0 1"});
}

} // namespace test_tables_krk
