// al0 verify --starts-where GOAL: only the won positions where a goal of the table's language
// holds are start positions (every defence is still followed from them).

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

namespace test_cli_verify_starts {

using al0::test::run_al0;
using al0::test::shell_quote;

TEST_CASE("verify --starts-where starts from the won positions where the goal holds: a goal and "
          "its negation split them",
          "[cli][verify]") {
    const std::string edge = "edge_distance(their_king) =:= 0";
    const auto whole = run_al0("verify --json --table kqk");
    const auto on = run_al0("verify --json --table kqk --starts-where " + shell_quote(edge));
    const auto off =
        run_al0("verify --json --table kqk --starts-where " + shell_quote("not (" + edge + ")"));
    REQUIRE(whole.status == 0);
    REQUIRE(on.status == 0);
    REQUIRE(off.status == 0);
    const auto w = nlohmann::json::parse(whole.out);
    const auto a = nlohmann::json::parse(on.out);
    const auto b = nlohmann::json::parse(off.out);
    CHECK(a["positions"].get<int>() > 0);
    CHECK(b["positions"].get<int>() > 0);
    CHECK(a["positions"].get<int>() + b["positions"].get<int>() == w["positions"].get<int>());
    CHECK(a["sampled_from"] == a["positions"]); // the filtered starts are the whole population
    CHECK(a["starts_where"] == edge);
    CHECK(a["worst"].get<int>() <= w["worst"].get<int>());
    CHECK(std::max(a["worst"].get<int>(), b["worst"].get<int>()) == w["worst"].get<int>());
    const auto text = run_al0("verify --table kqk --starts-where " + shell_quote(edge));
    CHECK(al0::test::contains(text.out, std::to_string(a["positions"].get<int>()) +
                                            " won positions with White to move where " + edge +
                                            " holds"));
}

TEST_CASE("verify --starts-where takes the table's own definitions and goes with --sample",
          "[cli][verify]") {
    const std::string table = al0::test::temp_table(
        "al0_starts_where.al0",
        "material KQK.\n"
        "measure edge := edge_distance(their_king).\n"
        "r :: if true then [mate_in_1].\n"
        "advice(mate_in_1, mate : true : (depth = 0) and checks : nomove).\n");
    const auto r = run_al0("verify --json --sample 30 --starts-where 'edge > 0' --table " +
                           shell_quote(table));
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["positions"] == 30);
    // No mate in one with the black king off the edge: every start fails.
    CHECK(j["won"] == 0);
}

TEST_CASE("verify --starts-where says why a goal does not compile, and is refused for KRK and "
          "with --advice",
          "[cli][verify]") {
    for (const std::string goal :
         {"edge_distance(their_king) =:=", "no_such_measure > 1", "edge_distance(their_king)"}) {
        const auto r = run_al0("verify --table kqk --starts-where " + shell_quote(goal));
        CHECK(r.status == 2);
        CHECK(al0::test::contains(r.err, "al0: error: --starts-where '" + goal + "'"));
        CHECK(r.out.empty());
    }
    const auto krk = run_al0("verify --table krk --starts-where true");
    CHECK(krk.status == 2);
    CHECK(al0::test::contains(krk.err, "--starts-where"));
    const auto advice = run_al0("verify --table kqk --advice mate_in_2 --starts-where true");
    CHECK(advice.status == 2);
    CHECK(al0::test::contains(advice.err, "--advice"));
}

TEST_CASE("verify --starts-where points at the goal's own text, and does not warn of the filter",
          "[cli][verify]") {
    const auto r = run_al0("verify --table kqk --starts-where " +
                           shell_quote("distance(our_king, their_king) > no_such_measure"));
    CHECK(r.status == 2);
    // The column counts in what the user wrote, not in the table the goal is compiled with.
    CHECK(al0::test::contains(r.err, "--starts-where:1:34: error: unknown measure "
                                     "'no_such_measure'"));
    CHECK_FALSE(al0::test::contains(r.err, "warning"));
    CHECK_FALSE(al0::test::contains(r.err, "builtin:kqk"));
}

TEST_CASE("verify --starts-where that holds at no won position is an error, not a pass",
          "[cli][verify]") {
    const auto r = run_al0("verify --table kqk --starts-where " +
                           shell_quote("distance(our_king, their_king) > 9"));
    CHECK(r.status == 2);
    CHECK(al0::test::contains(r.err, "holds at no won position of KQK"));
    CHECK_FALSE(al0::test::contains(r.out, "PASSED"));
}

} // namespace test_cli_verify_starts
