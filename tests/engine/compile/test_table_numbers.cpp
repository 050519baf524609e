// Numbers in a table compile to what they say: depth bounds past 16 bits, goal ids
// past 65535, and the limits the checker puts on what a table may ask of the search.

#include "advice/check.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "engine/verify/shared/goal_text.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_table_numbers {

namespace {

using namespace al0;

} // namespace

TEST_CASE("A depth bound compiles to its own value, not to it modulo 65536", "[limits][compile]") {
    const search::Program p = compile_table(
        "r :: if true then [a].\n"
        "advice(a, mate : true : (depth = 65536) and legal : (depth < 2147483647) and legal).\n",
        krk::vocabulary);
    const auto& us = p.advice[0].us_moves.alternatives.at(0).depth_tests.at(0);
    CHECK(us.n == 65536);
    CHECK_FALSE(us.accepts(0));
    CHECK(us.accepts(65536));
    CHECK(p.advice[0].them_moves.alternatives.at(0).depth_tests.at(0).n == 2147483647);
}

TEST_CASE("A table of more than 65536 goal nodes compiles every goal to itself",
          "[limits][compile]") {
    // 10,000 pieces of advice of 8 goal nodes each; the last ones sit past 16-bit ids.
    const char* names[] = {"mate", "stalemate", "rooklost", "their_king_edge", "kings_close"};
    std::string text = "r :: if true then [a0].\n";
    for (int i = 0; i < 10'000; ++i) {
        const std::string p = names[i % 5], q = names[(i + 1) % 5];
        text += "advice(a" + std::to_string(i) + ", " + p + " and not " + q + " : not " + p +
                " or " + q + " : legal : nomove).\n";
    }
    const search::Program program = compile_table(text, krk::vocabulary);
    REQUIRE(program.goal_nodes.size() > 65536);
    for (int i : {0, 8191, 8192, 9999}) {
        INFO("advice a" << i);
        const search::CompiledAdvice& a = program.advice.at(std::size_t(i));
        const std::string p = names[i % 5], q = names[(i + 1) % 5];
        CHECK(verify::goal_text(program, a.better_goal, krk::vocabulary) == p + " and not " + q);
        CHECK(verify::goal_text(program, a.holding_goal, krk::vocabulary) ==
              "not " + p + " or " + q);
    }
}

TEST_CASE("A move constraint of more than max_alternatives alternatives is an error where it is",
          "[limits][check]") {
    std::string wide = "(legal then legal)";
    for (int i = 0; i < 12; ++i) wide = "(legal then legal) and " + wide; // 2^13 alternatives
    const auto d =
        diagnostics_of("r :: if true then [a].\nadvice(a, mate : true :\n" + wide + " : nomove).\n",
                       krk::vocabulary);
    REQUIRE(d.size() == 1);
    CHECK(d[0].severity == advice::Diagnostic::Severity::error);
    CHECK(d[0].line == 3);
    CHECK(d[0].column == 1);
    CHECK(d[0].message == "this move constraint has more than 4096 alternatives once 'and' "
                          "pairs its 'then' parts");
}

TEST_CASE("al0 check warns about advice whose moves have no depth bound within the search's",
          "[limits][check]") {
    const std::string message =
        "advice 'a' has no depth bound on its moves within " +
        std::to_string(advice::max_search_depth) +
        " plies, where every search stops (add one, as in (depth < 5) and legal)";
    for (const char* moves :
         {"legal : legal", "(depth < 100000) and legal : (depth < 100000) and legal",
          "(depth > 2) and legal : legal then (depth = 1) and legal",
          "filter(legal, check) : legal"}) {
        INFO(moves);
        const auto d = diagnostics_of(std::string("r :: if true then [a].\n\n") +
                                          "advice(a, mate : not rooklost : " + moves + ").\n",
                                      krk::vocabulary);
        REQUIRE(d.size() == 1);
        CHECK(d[0].severity == advice::Diagnostic::Severity::warning);
        CHECK(d[0].line == 3);
        CHECK(d[0].message == message);
    }
    for (const char* moves : {"(depth < 1001) and legal : legal", "legal : (depth = 3) and legal",
                              "(depth =< 4) and (legal then checkmove) : nomove",
                              "filter((depth < 3) and legal, check) : legal"}) {
        INFO(moves);
        CHECK(diagnostics_of(std::string("r :: if true then [a].\n") +
                                 "advice(a, mate : not rooklost : " + moves + ").\n",
                             krk::vocabulary)
                  .empty());
    }
    // N-queens lines end by themselves, one queen a row.
    CHECK(diagnostics_of(
              "q :: if true then [a].\nadvice(a, all_placed : safe : place_safe : nomove).\n",
              queens::vocabulary)
              .empty());
}

} // namespace test_table_numbers
