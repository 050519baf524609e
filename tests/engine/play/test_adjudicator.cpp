// The one adjudicator of play, match and uci: every move checked for legality, and each ending
// named.

#include "engine/chess/notation.hpp"
#include "engine/play/adjudicator.hpp"

#include <catch2/catch.hpp>

namespace test_adjudicator {

using namespace al0;
using play::Ending;

namespace {

play::Adjudicator adjudicator_at(const char* fen) {
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    return play::Adjudicator(*pos);
}

// Plays the moves (UCI text) and returns the ending after the last; every move must be accepted.
Ending play_all(play::Adjudicator& referee, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        INFO(text);
        REQUIRE(referee.ending() == Ending::none);
        auto m = parse_uci(referee.position(), text);
        REQUIRE(m);
        auto why = referee.play(*m);
        REQUIRE_FALSE(why);
    }
    return referee.ending();
}

std::string result_of(const play::Adjudicator& referee) {
    return play::ending_result(referee.ending(), referee.position());
}

} // namespace

TEST_CASE("the adjudicator gives mate by White as 1-0", "[adjudicator]") {
    auto referee = adjudicator_at("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    CHECK(play_all(referee, {"h1h8"}) == Ending::mate);
    CHECK(std::string(play::ending_name(referee.ending())) == "mate");
    CHECK(result_of(referee) == "1-0");
}

TEST_CASE("the adjudicator gives mate by Black as 0-1", "[adjudicator]") {
    auto referee = adjudicator_at("K7/8/1k6/8/8/8/8/7r b - - 0 1");
    CHECK(play_all(referee, {"h1h8"}) == Ending::mate);
    CHECK(result_of(referee) == "0-1");
}

TEST_CASE("the adjudicator gives stalemate as a draw", "[adjudicator]") {
    auto referee = adjudicator_at("k7/8/K7/8/8/8/8/7R w - - 0 1");
    CHECK(play_all(referee, {"h1b1"}) == Ending::stalemate);
    CHECK(result_of(referee) == "1/2-1/2");
}

TEST_CASE("the capture of the last piece that could mate is insufficient material",
          "[adjudicator]") {
    auto referee = adjudicator_at("8/8/8/8/8/8/1kR5/7K b - - 0 1");
    CHECK(play_all(referee, {"b2c2"}) == Ending::insufficient_material);
    CHECK(std::string(play::ending_name(referee.ending())) == "insufficient material");
    CHECK(result_of(referee) == "1/2-1/2");
}

TEST_CASE("insufficient material: bare kings, one minor piece, bishops on one colour only",
          "[adjudicator]") {
    auto [fen, dead] = GENERATE(table<const char*, bool>({
        {"8/8/8/4k3/8/8/8/K7 w - - 0 1", true},
        {"8/8/8/4k3/8/8/8/KB6 w - - 0 1", true},
        {"8/8/8/4k3/8/8/8/KN6 w - - 0 1", true},
        {"8/8/8/4k3/8/8/8/KB1b4 w - - 0 1", true}, // b1 and d1: both light squares
        {"8/8/8/4k3/8/8/8/KBb5 w - - 0 1", false}, // b1 light, c1 dark
        {"8/8/8/4k3/8/8/8/KBN5 w - - 0 1", false}, // KBNK mates
        {"8/8/8/4k3/8/8/8/KNN5 w - - 0 1", false}, // a mate exists (if the defender helps)
        {"8/8/8/4k3/8/8/P7/K7 w - - 0 1", false},
        {"8/8/8/4k3/8/8/8/KR6 w - - 0 1", false},
    }));
    INFO(fen);
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    CHECK(play::insufficient_material(*pos) == dead);
}

TEST_CASE("the adjudicator applies the fifty-move rule at the hundredth quiet half-move",
          "[adjudicator]") {
    auto referee = adjudicator_at("8/8/4R3/8/3K4/8/2k5/8 w - - 98 80");
    CHECK(play_all(referee, {"d4d5"}) == Ending::none);
    CHECK(play_all(referee, {"c2c1"}) == Ending::fifty_moves);
}

TEST_CASE("a pawn move restarts the fifty-move count", "[adjudicator]") {
    auto referee = adjudicator_at("8/8/8/8/4k3/8/P7/K7 w - - 99 80");
    CHECK(play_all(referee, {"a2a3"}) == Ending::none);
    CHECK(referee.position().halfmove_clock() == 0);
}

TEST_CASE("a mate on the hundredth half-move is a mate, not a fifty-move draw", "[adjudicator]") {
    auto referee = adjudicator_at("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    CHECK(play_all(referee, {"h1h8"}) == Ending::mate);
}

TEST_CASE("the adjudicator gives the third occurrence of a position as a draw", "[adjudicator]") {
    auto referee = adjudicator_at("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1");
    // The start position occurs for the third time after the eighth half-move.
    CHECK(play_all(referee, {"d4d5", "c2c1", "d5d4", "c1c2", "d4d5", "c2c1", "d5d4"}) ==
          Ending::none);
    CHECK(play_all(referee, {"c1c2"}) == Ending::threefold_repetition);
    CHECK(result_of(referee) == "1/2-1/2");
}

TEST_CASE("the adjudicator refuses illegal moves with the reason and changes nothing",
          "[adjudicator]") {
    auto referee = adjudicator_at("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1");
    const std::uint64_t before = referee.position().key();
    const char* text = GENERATE("d4c3", "c2d3", "e6e6", "a1a2", "e6e3q");
    INFO(text);
    auto square = [&](int i) { return make_square(File(text[i] - 'a'), Rank(text[i + 1] - '1')); };
    auto why = referee.play(Move(square(0), square(2), text[4] ? QUEEN : NO_PIECE_TYPE));
    REQUIRE(why);
    CHECK_FALSE(why->empty());
    CHECK(referee.position().key() == before);
    CHECK(referee.ending() == Ending::none);
}

TEST_CASE("the adjudicator refuses any move after the game has ended", "[adjudicator]") {
    auto referee = adjudicator_at("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    REQUIRE(play_all(referee, {"h1h8"}) == Ending::mate);
    auto after = referee.play(Move(make_square(File(1), Rank(5)), make_square(File(1), Rank(6))));
    REQUIRE(after);
    CHECK(after->find("over") != std::string::npos);
}

TEST_CASE("a start position that is already over is adjudicated at once", "[adjudicator]") {
    auto referee = adjudicator_at("R1k5/8/2K5/8/8/8/8/8 b - - 0 1");
    CHECK(referee.ending() == Ending::mate);
    CHECK(referee.over());
}

} // namespace test_adjudicator
