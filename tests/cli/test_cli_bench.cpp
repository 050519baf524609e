// al0 bench, run as a person would: the figures each workload prints (never their values: speed
// is measured, not asserted).

#include "tests/support/cli_runner.hpp"
#include "tests/support/scoped_env.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <string>

namespace test_cli_bench {

using al0::test::run_al0;

TEST_CASE("bench verify sets the book table's verification against a reference workload",
          "[cli][bench]") {
    const auto r = run_al0("bench verify --quick --threads 1");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("whole-table verification, 175168 positions, 1 threads") != std::string::npos);
    // The reference does not depend on al0's code: a slower search shows as fewer positions.
    CHECK(std::regex_search(r.out, std::regex("  [0-9.e+]+ positions per CPU second; the reference "
                                              "\\(a plain 12-queens count, 14200 solutions\\) "
                                              "takes [0-9.e+-]+ ms CPU: [0-9.e+]+ positions "
                                              "verified per reference\n")));
}

TEST_CASE("bench tablebase gives each table's wall and CPU time on the threads asked for",
          "[cli][bench]") {
    const auto r = run_al0("bench tablebase --quick --repetitions 1 --threads 2");
    REQUIRE(r.status == 0);
    for (const char* material : {"KQK", "KRK", "KBK", "KNK", "KPK"}) {
        INFO(material);
        CHECK(std::regex_search(r.out, std::regex(std::string(material) +
                                                  ": built in [0-9.e+-]+ ms, [0-9.e+-]+ ms CPU "
                                                  "\\(2 threads, median of 1\\)\n")));
    }
}

TEST_CASE("bench krk with --position times that book position's trees alone", "[cli][bench]") {
    const auto r = run_al0("bench krk --quick --repetitions 1 --position 2");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("  7R/8/8/8/8/2K5/8/3k4 w - - 0 1: ") != std::string::npos);
    CHECK(r.out.find("/2k5/8 w - - 0 1: ") == std::string::npos); // the first book position
    CHECK(r.out.find("book position 2 alone: ") != std::string::npos);
    CHECK(r.out.find("median over the book positions") == std::string::npos);
    const auto out_of_range = run_al0("bench krk --quick --position 7");
    CHECK(out_of_range.status != 0);
}

TEST_CASE("bench krk times the book table's goals interpreted and compiled, and their ratio",
          "[cli][bench]") {
    const auto r = run_al0("--goals interpreted bench krk --quick --repetitions 1 --position 3");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("compiled") == std::string::npos);
#ifndef AL0_SANITIZED // a sanitizer build interprets goals
    const auto both = run_al0("--goals compiled bench krk --quick --repetitions 1 --position 3");
    REQUIRE(both.status == 0);
    CHECK(
        std::regex_search(both.out, std::regex("goals interpreted:\n(.*\n)+goals compiled to "
                                               "machine code[^\n]*:\n(.*\n)+compiled goals against "
                                               "interpreted: [0-9.e+-]+x per tree\n")));
#else
    CHECK(run_al0("--goals compiled bench krk --quick --position 3").status != 0);
#endif
    CHECK(run_al0("--goals fast bench krk --quick --position 3").status != 0);
}

TEST_CASE("bench krk_prelude and verify_prelude time the goals of the table over the prelude "
          "interpreted and compiled, krk_prelude against krk_endgame too",
          "[cli][bench]") {
    const auto r = run_al0("--goals auto bench krk_prelude verify_prelude --quick --repetitions 1 "
                           "--position 3 --threads 1");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("against krk_endgame (") != std::string::npos);
#ifndef AL0_SANITIZED // a sanitizer build interprets goals
    CHECK(std::regex_search(r.out, std::regex("goals interpreted:\n(.*\n)+goals compiled to "
                                              "machine code[^\n]*:\n(.*\n)+compiled goals against "
                                              "interpreted: [0-9.e+-]+x per tree\n")));
    CHECK(std::regex_search(r.out, std::regex("goals interpreted:\nwhole-table verification(.*\n)+"
                                              "goals compiled to machine code[^\n]*:\nwhole-table "
                                              "verification")));
#endif
}

TEST_CASE("bench stops with status 2 and says why when its goals cannot be compiled as asked",
          "[cli][bench]") {
    // A cache folder that cannot be made: below a file that is not a folder.
    const al0::test::ScopedEnv env("AL0_GOALS_CACHE", "/dev/null/goals");
    const auto asked = run_al0("--goals compiled bench krk --quick --repetitions 1 --position 3");
    const auto fallback = run_al0("bench krk --quick --repetitions 1 --position 3");
    CHECK(asked.status == 2);
    CHECK(asked.err.find("cannot compile the goals of krk_bratko") != std::string::npos);
    CHECK(asked.out.find("us per forcing tree") == std::string::npos);
    // --goals auto: interpreted, with a warning (a sanitizer build, silently)
    CHECK(fallback.status == 0);
#ifndef AL0_SANITIZED
    CHECK(fallback.err.find("interpreting them") != std::string::npos);
#endif
    CHECK(fallback.out.find("compiled") == std::string::npos);
}

} // namespace test_cli_bench
