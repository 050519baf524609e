// Legal move generation, proven by perft counts from an independent engine (Stockfish 15.1,
// shared/data/perft-endgames.txt and perft-krk.txt; copied here because they are facts, not
// inputs): promotions, en passant (with its rank pin), and twelve materials.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

namespace test_movegen {

using namespace al0;

namespace {

std::uint64_t perft_of(const std::string& fen, int depth) {
    Position pos = from_fen(fen);
    return perft(pos, depth);
}

} // namespace

TEST_CASE("Perft counts match Stockfish for every endgame and KRK row to depth 5",
          "[movegen][perft]") {
    using u64 = std::uint64_t;
    auto [fen, d1, d2, d3, d4, d5] = GENERATE(table<const char*, u64, u64, u64, u64, u64>({
        {"8/4P3/8/8/8/8/k6K/8 w - - 0 1", 9, 45, 575, 3046, 50319},
        {"8/K7/8/8/8/8/4p3/7k b - - 0 1", 7, 35, 430, 2229, 35435},
        {"3r4/4P3/8/8/8/8/k6K/8 w - - 0 1", 13, 179, 2167, 31282, 449954},
        {"8/8/8/3pP3/8/8/k6K/8 w - d6 0 1", 7, 41, 270, 1774, 12613},
        {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 6, 78, 528, 8288, 55203},
        {"8/8/8/8/4pP2/8/K6k/8 b - f3 0 1", 7, 41, 270, 1769, 12473},
        {"8/8/3K4/8/4Q3/8/8/1k6 b - - 0 1", 4, 140, 502, 15192, 61093},
        {"8/2N5/8/6K1/8/8/4B2k/8 b - - 0 1", 5, 110, 457, 9728, 45322},
        {"8/5PK1/8/8/8/8/8/4k3 w - - 0 1", 11, 51, 551, 3499, 51819},
        {"5K2/8/8/2k5/8/1P6/6p1/8 b - - 0 1", 11, 60, 702, 4646, 65778},
        {"8/1k6/8/8/4K3/5R2/8/7n w - - 0 1", 21, 189, 3398, 25169, 448031},
        {"8/2k5/R7/8/5P2/8/K1r5/8 w - - 0 1", 4, 68, 1021, 16692, 253738},
        {"8/1r6/8/1Q6/2K5/8/2k5/8 b - - 0 1", 13, 259, 3498, 78760, 1082380},
        {"1B6/8/2k5/8/8/1B6/8/4K3 w - - 0 1", 21, 104, 2266, 12688, 282082},
        {"8/1k3P2/5P2/7K/8/8/8/8 w - - 0 1", 9, 66, 767, 4058, 55646},
        {"6N1/5K2/8/k7/8/8/2p5/8 w - - 0 1", 10, 90, 946, 12377, 126662},
        {"8/8/8/7k/8/8/1pK5/2R5 w - - 0 1", 14, 133, 1842, 18877, 276738},
        {"3Q4/8/7K/8/8/8/p1k5/8 w - - 0 1", 26, 228, 5946, 57364, 1446212},
        {"8/8/8/1Q6/2K5/8/8/5k2 w - - 0 1", 26, 101, 2855, 13592, 383252},
        {"4N3/1K6/8/5k2/8/8/8/2B5 w - - 0 1", 19, 98, 1844, 10088, 189772},
        {"1K6/8/6P1/6k1/8/8/8/8 b - - 0 1", 8, 47, 312, 2133, 15028},
        {"8/4P3/8/5K1p/8/1k6/8/8 b - - 0 1", 9, 100, 777, 10723, 76299},
        {"4R3/8/2k5/8/8/8/n7/7K b - - 0 1", 11, 187, 1811, 30907, 311185},
        {"8/3k4/4r3/8/1P6/8/2K5/4R3 b - - 0 1", 21, 400, 6842, 120944, 2044026},
        {"1Qk5/8/8/8/1r6/8/8/6K1 b - - 0 1", 3, 33, 437, 7217, 101780},
        {"4k3/4B3/8/8/8/7B/7K/8 w - - 0 1", 20, 44, 797, 3897, 72015},
        {"8/8/4P2P/3K4/8/8/1k6/8 b - - 0 1", 8, 69, 373, 3676, 22319},
        {"5N1k/8/6K1/3p4/8/8/8/8 b - - 0 1", 2, 17, 48, 457, 1736},
        {"8/8/8/8/8/5R2/6p1/1k4K1 b - - 0 1", 5, 85, 439, 6827, 42364},
        {"K7/8/8/1Q6/8/8/p7/2k5 b - - 0 1", 7, 140, 1033, 22496, 195576},
        {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 15, 109, 1971, 13224, 246330},
        {"8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", 20, 116, 2281, 11005, 219726},
        {"8/8/5R2/8/4k3/2K5/8/8 b - - 0 1", 3, 60, 233, 4570, 24575},
        {"7k/8/8/8/8/8/1K6/R7 w - - 0 1", 21, 57, 1080, 5592, 110367},
        {"8/8/8/8/3K4/8/2k5/1R6 w - - 0 1", 20, 63, 1139, 5024, 95144},
        {"R3k3/8/4K3/8/8/8/8/8 b - - 0 1", 0, 0, 0, 0, 0},
        {"k7/1R6/1K6/8/8/8/8/8 b - - 0 1", 0, 0, 0, 0, 0},
    }));
    CAPTURE(fen);
    CHECK(perft_of(fen, 1) == d1);
    CHECK(perft_of(fen, 2) == d2);
    CHECK(perft_of(fen, 3) == d3);
    CHECK(perft_of(fen, 4) == d4);
    CHECK(perft_of(fen, 5) == d5);
}

TEST_CASE("Perft counts match Stockfish for every endgame and KRK row at depth 6",
          "[.][slow][movegen][perft]") {
    auto [fen, d6] = GENERATE(table<const char*, std::uint64_t>({
        {"8/4P3/8/8/8/8/k6K/8 w - - 0 1", 268061},
        {"8/K7/8/8/8/8/4p3/7k b - - 0 1", 184746},
        {"3r4/4P3/8/8/8/8/k6K/8 w - - 0 1", 6730204},
        {"8/8/8/3pP3/8/8/k6K/8 w - d6 0 1", 88498},
        {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", 921406},
        {"8/8/8/8/4pP2/8/K6k/8 b - f3 0 1", 85316},
        {"8/8/3K4/8/4Q3/8/8/1k6 b - - 0 1", 1778632},
        {"8/2N5/8/6K1/8/8/4B2k/8 b - - 0 1", 930841},
        {"8/5PK1/8/8/8/8/8/4k3 w - - 0 1", 301504},
        {"5K2/8/8/2k5/8/1P6/6p1/8 b - - 0 1", 398954},
        {"8/1k6/8/8/4K3/5R2/8/7n w - - 0 1", 3696345},
        {"8/2k5/R7/8/5P2/8/K1r5/8 w - - 0 1", 4092296},
        {"8/1r6/8/1Q6/2K5/8/2k5/8 b - - 0 1", 25305128},
        {"1B6/8/2k5/8/8/1B6/8/4K3 w - - 0 1", 1363667},
        {"8/1k3P2/5P2/7K/8/8/8/8 w - - 0 1", 308526},
        {"6N1/5K2/8/k7/8/8/2p5/8 w - - 0 1", 2030817},
        {"8/8/8/7k/8/8/1pK5/2R5 w - - 0 1", 3174852},
        {"3Q4/8/7K/8/8/8/p1k5/8 w - - 0 1", 16203223},
        {"8/8/8/1Q6/2K5/8/8/5k2 w - - 0 1", 1652814},
        {"4N3/1K6/8/5k2/8/8/8/2B5 w - - 0 1", 1022453},
        {"1K6/8/6P1/6k1/8/8/8/8 b - - 0 1", 119508},
        {"8/4P3/8/5K1p/8/1k6/8/8 b - - 0 1", 1224243},
        {"4R3/8/2k5/8/8/8/n7/7K b - - 0 1", 5345440},
        {"8/3k4/4r3/8/1P6/8/2K5/4R3 b - - 0 1", 36012664},
        {"1Qk5/8/8/8/1r6/8/8/6K1 b - - 0 1", 2071327},
        {"4k3/4B3/8/8/8/7B/7K/8 w - - 0 1", 351128},
        {"8/8/4P2P/3K4/8/8/1k6/8 b - - 0 1", 249258},
        {"5N1k/8/6K1/3p4/8/8/8/8 b - - 0 1", 17057},
        {"8/8/8/8/8/5R2/6p1/1k4K1 b - - 0 1", 662789},
        {"K7/8/8/1Q6/8/8/p7/2k5 b - - 0 1", 4438818},
        {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 1596231},
        {"8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", 1065115},
        {"8/8/5R2/8/4k3/2K5/8/8 b - - 0 1", 483893},
        {"7k/8/8/8/8/8/1K6/R7 w - - 0 1", 544919},
        {"8/8/8/8/3K4/8/2k5/1R6 w - - 0 1", 446218},
        {"R3k3/8/4K3/8/8/8/8/8 b - - 0 1", 0},
        {"k7/1R6/1K6/8/8/8/8/8 b - - 0 1", 0},
    }));
    CAPTURE(fen);
    CHECK(perft_of(fen, 6) == d6);
}

TEST_CASE("Perft of depth 0 counts the position itself", "[movegen][perft]") {
    CHECK(perft_of("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 0) == 1);
    CHECK(perft_of("R3k3/8/4K3/8/8/8/8/8 b - - 0 1", 0) == 1);
}

TEST_CASE("Perft leaves the position as it found it", "[movegen][perft]") {
    Position pos = from_fen("8/8/4R3/8/3K4/8/2k5/8 w - - 7 30");
    const Position before = pos;
    (void)perft(pos, 4);
    CHECK(pos == before);
}

TEST_CASE("The black king may take an unguarded rook but not a guarded one", "[movegen]") {
    Position lone = from_fen("8/8/8/8/8/8/1k6/R3K3 b - - 0 1");
    CHECK(generate_legal(lone).contains(Move(make_square(FILE_B, RANK_2), SQ_A1)));
    Position by_king = from_fen("8/8/8/8/8/1k6/R7/1K6 b - - 0 1");
    CHECK_FALSE(generate_legal(by_king).contains(
        Move(make_square(FILE_B, RANK_3), make_square(FILE_A, RANK_2))));
    Position by_rook = from_fen("8/8/8/8/4K3/8/1k6/R6R b - - 0 1");
    CHECK_FALSE(generate_legal(by_rook).contains(Move(make_square(FILE_B, RANK_2), SQ_A1)));
}

TEST_CASE("The black king cannot step back along the checking rook's line", "[movegen]") {
    // Black king e5 in check from the rook on e1: e6 stays on the e-file behind the king.
    Position pos = from_fen("8/8/8/4k3/8/8/8/4R1K1 b - - 0 1");
    REQUIRE(pos.in_check());
    const Square e5 = make_square(FILE_E, RANK_5);
    CHECK_FALSE(generate_legal(pos).contains(Move(e5, make_square(FILE_E, RANK_6))));
    CHECK_FALSE(generate_legal(pos).contains(Move(e5, make_square(FILE_E, RANK_4))));
    CHECK(generate_legal(pos).contains(Move(e5, make_square(FILE_D, RANK_6))));
}

TEST_CASE("A rook is blocked by its own king and the kings never touch", "[movegen]") {
    Position pos = from_fen("8/8/8/8/8/2k5/8/R2K4 w - - 0 1");
    MoveList moves = generate_legal(pos);
    const Square d1 = make_square(FILE_D, RANK_1);
    CHECK(moves.contains(Move(SQ_A1, make_square(FILE_C, RANK_1))));
    CHECK_FALSE(moves.contains(Move(SQ_A1, make_square(FILE_E, RANK_1)))); // behind the king
    CHECK_FALSE(moves.contains(Move(d1, make_square(FILE_D, RANK_2))));    // next to c3
    CHECK_FALSE(moves.contains(Move(d1, make_square(FILE_C, RANK_2))));
    CHECK(moves.contains(Move(d1, make_square(FILE_E, RANK_2))));
}

TEST_CASE("King against king has only king moves, for both sides", "[movegen]") {
    Position pos = from_fen("8/8/8/8/4k3/8/8/4K3 w - - 0 1");
    CHECK(generate_legal(pos).size() == 5);
    // After Kd1 and Kf1 the e4 king has all 8 moves; Kd2 and Kf2 take 2 of them, Ke2 takes 3.
    CHECK(perft(pos, 2) == 8 + 8 + 6 + 6 + 5);
}

TEST_CASE("A black king move is generated exactly when the position after it is legal",
          "[movegen]") {
    // Every KRK placement with Black to move: the generator against validate() of the result,
    // which works out attacks on the king's new square afresh (no x-ray trick).
    long checked = 0;
    std::string first_mismatch;
    for (int wk = 0; wk < 64; ++wk)
        for (int bk = 0; bk < 64; ++bk)
            for (int r = 0; r < 64; ++r) {
                if (r == wk || r == bk) continue;
                Position pos = Position::make(
                    {{W_KING, Square(wk)}, {B_KING, Square(bk)}, {W_ROOK, Square(r)}}, BLACK);
                if (!pos.validate().empty()) continue;
                MoveList moves = generate_legal(pos);
                for (Bitboard to = KING_ATTACKS[bk]; to; to &= to - 1) {
                    Move m(Square(bk), lsb(to));
                    if (moves.contains(m) != pos.after(m).validate().empty() &&
                        first_mismatch.empty())
                        first_mismatch = pos.fen() + " " + to_uci(m);
                    ++checked;
                }
            }
    CHECK(first_mismatch == "");
    CHECK(checked > 1000000);
}

// Counts the moves, in the tree of legal moves DEPTH deep from POS, whose gives_check() (either
// way of asking) differs from the position after them being in check; CHECKS counts the checks.
long check_mismatches(Position& pos, int depth, long& checks) {
    if (depth == 0) return 0;
    long mismatches = 0;
    const CheckSquares cs = pos.check_squares();
    for (Move m : generate_legal(pos)) {
        const bool claimed = pos.gives_check(m), claimed_fast = pos.gives_check(m, cs);
        const UndoInfo undo = pos.do_move(m);
        checks += pos.in_check();
        mismatches += (claimed != pos.in_check()) + (claimed_fast != pos.in_check());
        mismatches += check_mismatches(pos, depth - 1, checks);
        pos.undo_move(m, undo);
    }
    return mismatches;
}

TEST_CASE("A move gives check exactly when the side to move is in check after it", "[movegen]") {
    // Direct checks, uncovered lines, promotions to a checking piece, en passant that opens a
    // line: the perft rows with pawns and line pieces, four plies deep.
    auto fen = GENERATE(as<std::string>{}, "8/4P3/8/8/8/8/k6K/8 w - - 0 1",
                        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "8/1r6/8/1Q6/2K5/8/2k5/8 b - - 0 1",
                        "8/3k4/4r3/8/1P6/8/2K5/4R3 b - - 0 1", "4N3/1K6/8/5k2/8/8/8/2B5 w - - 0 1",
                        "3Q4/8/7K/8/8/8/p1k5/8 w - - 0 1", "8/1k3P2/5P2/7K/8/8/8/8 w - - 0 1");
    CAPTURE(fen);
    Position pos = from_fen(fen);
    long checks = 0;
    CHECK(check_mismatches(pos, 4, checks) == 0);
    CHECK(checks > 0);
}

TEST_CASE("Line pieces attack as a walk square by square does, for any occupancy", "[movegen]") {
    // The attack tables stop each ray at its nearest blocker; the walk is the definition.
    constexpr int rook_steps[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    constexpr int bishop_steps[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    std::uint64_t state = 0x2545F4914F6CDD1DULL;
    auto next = [&] { // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    int mismatches = 0;
    for (int s = 0; s < 64; ++s)
        for (int i = 0; i < 200; ++i) {
            // Sparse and dense boards alike: one to three random words ANDed together.
            Bitboard occ = next();
            for (int k = i % 3; k > 0; --k) occ &= next();
            const Square sq = Square(s);
            mismatches += rook_attacks(sq, occ) != ray_attacks(sq, occ, rook_steps, 4);
            mismatches += bishop_attacks(sq, occ) != ray_attacks(sq, occ, bishop_steps, 4);
        }
    CHECK(mismatches == 0);
}

} // namespace test_movegen
