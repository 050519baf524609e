// Canonical play (`material ..., symmetric.`): a symmetric table plays every image of a position
// under the board's symmetries as the mirror of its move there; the symmetries themselves.

#include "contract/chess_library.hpp"
#include "engine/endgame/symmetry.hpp"
#include "engine/endgame/think.hpp"
#include "tests/support/files.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tables_fixture.hpp"

#include <catch2/catch.hpp>

namespace test_canonical_play {

using namespace al0;

namespace {

// The verifier tests' small KQK table: its queen moves are ordered by the box alone, ties in
// move generation order, so that play that is not canonical shows.
endgame::CompiledTable oriented_table(bool symmetric) {
    return {"kqk_small", *endgame::roles_of("KQK"),
            compile_table(test::read_source("tests/data/verify/kqk_small.al0"),
                          contract::chess::vocabulary),
            search::Program{}, symmetric};
}

// Returns the tree's moves at the image of POS under symmetry T, mapped back onto POS.
std::vector<Move> moves_at_image(const endgame::CompiledTable& table, const Position& pos, int t) {
    auto r = endgame::think(table, endgame::transform(t, pos));
    REQUIRE(r);
    std::vector<Move> moves;
    for (const auto& edge : r->tree.edges)
        moves.push_back(endgame::transform(endgame::inverse(t), edge.move));
    return moves;
}

// Returns the number of KQK positions (a spread of them, both colours strong) where some
// image's tree is not the mirror of the position's own.
int asymmetric_positions(const endgame::CompiledTable& table) {
    int differ = 0, positions = 0;
    for_each_spread(W_QUEEN, {0, 7}, {2, 9}, {1, 11}, [&](Position pos) {
        if (++positions % 2) pos = endgame::flip(pos); // Black strong
        const std::vector<Move> own = moves_at_image(table, pos, 0);
        for (int t = 1; t < endgame::BOARD_SYMMETRIES; ++t)
            if (moves_at_image(table, pos, t) != own) {
                ++differ;
                break;
            }
    });
    REQUIRE(positions > 100);
    return differ;
}

} // namespace

TEST_CASE("each symmetry is undone by its inverse, and the eight are distinct", "[endgame]") {
    for (int t = 0; t < endgame::BOARD_SYMMETRIES; ++t) {
        for (int s = 0; s < 64; ++s)
            CHECK(endgame::transform(endgame::inverse(t), endgame::transform(t, Square(s))) ==
                  Square(s));
        for (int u = 0; u < t; ++u)
            CHECK(endgame::transform(t, Square(1)) != endgame::transform(u, Square(1)));
    }
}

TEST_CASE("a position's class representative is the same board from each of its images, and a "
          "class holds 8 positions but on a symmetric board",
          "[endgame]") {
    const Position pos = *Position::from_fen("8/8/8/4k3/8/8/2Q5/1K6 w - - 0 1");
    const Position representative = endgame::transform(endgame::canonical_symmetry(pos), pos);
    for (int t = 0; t < endgame::BOARD_SYMMETRIES; ++t) {
        const Position image = endgame::transform(t, pos);
        CHECK(endgame::transform(endgame::canonical_symmetry(image), image).fen() ==
              representative.fen());
    }
    CHECK(endgame::class_size(pos) == 8);
    // Kings and queen on the long diagonal: the diagonal's reflection keeps the board.
    CHECK(endgame::class_size(*Position::from_fen("7k/8/8/8/8/8/1K6/Q7 w - - 0 1")) == 4);
    // With a pawn only the file mirror: two positions, or one on a board symmetric in it.
    CHECK(endgame::class_size(*Position::from_fen("8/8/8/4k3/8/2P5/8/1K6 w - - 0 1")) == 2);
}

TEST_CASE("a symmetric table plays every image of a position as the mirror of its own moves, "
          "and without the clause the images play otherwise",
          "[endgame]") {
    CHECK(asymmetric_positions(oriented_table(true)) == 0);
    CHECK(asymmetric_positions(oriented_table(false)) > 0);
}

TEST_CASE("a symmetric pawn table plays the file mirror of a position as its mirror", "[endgame]") {
    endgame::CompiledTable kpk = shipped("kpk");
    kpk.symmetric = true;
    for (const char* fen : {"8/8/8/4k3/8/2P5/1K6/8 w - - 0 1", "8/8/1k6/8/8/5K2/5P2/8 w - - 0 1",
                            "8/6p1/8/3k4/8/8/8/2K5 b - - 0 1"})
        CHECK(moves_at_image(kpk, *Position::from_fen(fen), 1) ==
              moves_at_image(kpk, *Position::from_fen(fen), 0));
}

} // namespace test_canonical_play
