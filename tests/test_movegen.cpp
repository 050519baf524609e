// Legal move generation, proven by perft counts from an independent engine (Stockfish 15.1,
// shared/data/perft-krk.txt; copied here because they are facts, not inputs).

#include "engine/chess/movegen.hpp"
#include "position_fixture.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

using namespace al0;

namespace {

constexpr auto& from_fen = position_of;

std::uint64_t perft_of(const std::string& fen, int depth) {
    Position pos = from_fen(fen);
    return perft(pos, depth);
}

} // namespace

TEST_CASE("Perft counts match Stockfish for every KRK row to depth 5", "[movegen][perft]") {
    using u64 = std::uint64_t;
    auto [fen, d1, d2, d3, d4, d5] = GENERATE(table<const char*, u64, u64, u64, u64, u64>({
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

TEST_CASE("Perft counts match Stockfish for every KRK row at depth 6",
          "[.][slow][movegen][perft]") {
    auto [fen, d6] = GENERATE(table<const char*, std::uint64_t>({
        {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 1596231},
        {"8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", 1065115},
        {"8/8/5R2/8/4k3/2K5/8/8 b - - 0 1", 483893},
        {"7k/8/8/8/8/8/1K6/R7 w - - 0 1", 544919},
        {"8/8/8/8/3K4/8/2k5/1R6 w - - 0 1", 446218},
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
                Position pos = Position::make(Square(wk), Square(bk), {{ROOK, Square(r)}}, BLACK);
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
