// The match referee: every move checked for legality, and each ending adjudicated.

#include "engine/play/referee.hpp"

#include <catch2/catch.hpp>

using namespace al0;
using play::Verdict;

namespace {

play::Referee referee_at(const char* fen) {
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    return play::Referee(*pos);
}

// Plays the moves and returns the verdict after the last; every move must be accepted.
Verdict play_all(play::Referee& referee, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        INFO(m);
        REQUIRE(referee.verdict() == Verdict::in_progress);
        auto verdict = referee.play(m);
        REQUIRE(verdict);
    }
    return referee.verdict();
}

} // namespace

TEST_CASE("the referee adjudicates mate as a win for White", "[referee]") {
    auto referee = referee_at("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    CHECK(play_all(referee, {"h1h8"}) == Verdict::mate);
    CHECK(std::string(play::verdict_result(referee.verdict())) == "1-0");
    CHECK(referee.moves() == std::vector<std::string>{"h1h8"});
}

TEST_CASE("the referee adjudicates stalemate as a draw", "[referee]") {
    auto referee = referee_at("k7/8/K7/8/8/8/8/7R w - - 0 1");
    CHECK(play_all(referee, {"h1b1"}) == Verdict::stalemate);
    CHECK(std::string(play::verdict_result(referee.verdict())) == "1/2-1/2");
}

TEST_CASE("the referee adjudicates the capture of the rook as a draw", "[referee]") {
    auto referee = referee_at("8/8/8/8/8/8/1kR5/7K b - - 0 1");
    CHECK(play_all(referee, {"b2c2"}) == Verdict::capture);
    CHECK(std::string(play::verdict_name(referee.verdict())) == "rook captured");
    CHECK(std::string(play::verdict_result(referee.verdict())) == "1/2-1/2");
}

TEST_CASE("the referee adjudicates the fifty-move rule at the hundredth quiet half-move",
          "[referee]") {
    auto referee = referee_at("8/8/4R3/8/3K4/8/2k5/8 w - - 98 80");
    CHECK(play_all(referee, {"d4d5"}) == Verdict::in_progress);
    CHECK(play_all(referee, {"c2c1"}) == Verdict::fifty_moves);
}

TEST_CASE("a mate on the hundredth half-move is a mate, not a fifty-move draw", "[referee]") {
    auto referee = referee_at("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    CHECK(play_all(referee, {"h1h8"}) == Verdict::mate);
}

TEST_CASE("the referee adjudicates the third occurrence of a position as a draw", "[referee]") {
    auto referee = referee_at("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1");
    // The start position comes back after four and after eight half-moves.
    CHECK(play_all(referee, {"d4d5", "c2c1", "d5d4", "c1c2", "d4d5", "c2c1", "d5d4"}) ==
          Verdict::in_progress);
    CHECK(play_all(referee, {"c1c2"}) == Verdict::repetition);
    CHECK(std::string(play::verdict_result(referee.verdict())) == "1/2-1/2");
}

TEST_CASE("positions before a capture do not count towards a repetition", "[referee]") {
    auto referee = referee_at("8/8/8/8/8/8/1kR5/7K b - - 0 1");
    CHECK(play_all(referee, {"b2c2"}) == Verdict::capture);
    CHECK_FALSE(referee.play("h1g1")); // and the game is over: nothing more is played
}

TEST_CASE("the referee refuses illegal and unreadable moves and changes nothing", "[referee]") {
    auto referee = referee_at("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1");
    const std::string before = referee.position().fen();
    auto text =
        GENERATE(as<std::string>{}, "d4c3", "c2d3", "e6e6", "a1a1", "zz", "", "e6e3q", "Re3");
    auto verdict = referee.play(text);
    INFO(text);
    REQUIRE_FALSE(verdict);
    CHECK_FALSE(verdict.error().empty());
    CHECK(referee.position().fen() == before);
    CHECK(referee.moves().empty());
    CHECK(referee.verdict() == Verdict::in_progress);
}

TEST_CASE("the referee refuses any move after the game has ended", "[referee]") {
    auto referee = referee_at("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    REQUIRE(play_all(referee, {"h1h8"}) == Verdict::mate);
    auto after = referee.play("b6b7");
    REQUIRE_FALSE(after);
    CHECK(after.error().find("over") != std::string::npos);
}

TEST_CASE("a start position that is already over is adjudicated at once", "[referee]") {
    auto referee = referee_at("R1k5/8/2K5/8/8/8/8/8 b - - 0 1");
    CHECK(referee.verdict() == Verdict::mate);
    CHECK(referee.over());
}
