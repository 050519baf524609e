// al0 queens, run as a person would: solutions, counts, statistics, tables and bad input.

#include "tables/builtin.hpp"
#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace test_cli_queens {

using al0::test::lines_of;
using al0::test::run_al0;
using al0::test::shell_quote;
using al0::test::temp_table;

namespace {} // namespace

TEST_CASE("al0 queens 8 --mode count prints 92", "[cli][queens]") {
    auto r = run_al0("queens 8 --mode count");
    CHECK(r.status == 0);
    CHECK(r.out == "92\n");
    CHECK(r.err.empty());
}

TEST_CASE("al0 queens 14 --mode count prints 365596", "[.][slow][cli][queens]") {
    auto r = run_al0("queens 14 --mode count");
    CHECK(r.status == 0);
    CHECK(r.out == "365596\n");
}

TEST_CASE("al0 queens counts on two threads as on one", "[cli][queens]") {
    auto r = run_al0("queens 10 --mode count --threads 2");
    CHECK(r.status == 0);
    CHECK(r.out == "724\n");
}

TEST_CASE("al0 queens 8 prints the first solution in natural order", "[cli][queens]") {
    auto r = run_al0("queens 8");
    CHECK(r.status == 0);
    CHECK(r.out == "[1,5,8,6,3,7,2,4]\n");
}

TEST_CASE("al0 queens says so when a board has no solution", "[cli][queens]") {
    auto first = run_al0("queens 3");
    CHECK(first.status == 0);
    CHECK(first.out == "no solution\n");
    auto all = run_al0("queens 2 --mode all");
    CHECK(all.status == 0);
    CHECK(all.out == "0\n");
}

TEST_CASE("al0 queens --mode all prints every solution, one per line, then the count",
          "[cli][queens]") {
    auto r = run_al0("queens 6 --mode all");
    CHECK(r.status == 0);
    CHECK(lines_of(r.out) == std::vector<std::string>{"[2,4,6,1,3,5]", "[3,6,2,5,1,4]",
                                                      "[4,1,5,2,6,3]", "[5,3,1,6,4,2]", "4"});
    auto ten = lines_of(run_al0("queens 10 --mode all").out);
    REQUIRE(ten.size() == 725);
    CHECK(ten.back() == "724");
    const std::regex solution(R"(\[([1-9]|10)(,([1-9]|10)){9}\])");
    for (std::size_t i = 0; i + 1 < ten.size(); ++i) CHECK(std::regex_match(ten[i], solution));
}

TEST_CASE("al0 queens --board draws each solution", "[cli][queens]") {
    auto r = run_al0("queens 4 --board");
    CHECK(r.status == 0);
    CHECK(r.out == "[2,4,1,3]\n"
                   ". Q . .\n"
                   ". . . Q\n"
                   "Q . . .\n"
                   ". . Q .\n\n");
}

TEST_CASE("al0 queens --stats prints nodes, backtracks and time before the count",
          "[cli][queens]") {
    auto r = run_al0("queens 4 --mode count --stats");
    CHECK(r.status == 0);
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 4);
    // The root, 4 queens on row 1 and 3 nodes below each; the dead ends below columns 1 and 4
    // are 4 each (two placements with no next move, and the two queens above them).
    CHECK(lines[0] == "nodes: 17");
    CHECK(lines[1] == "backtracks: 8");
    CHECK(std::regex_match(lines[2], std::regex(R"(time: [0-9]+\.[0-9]+ s)")));
    CHECK(lines[3] == "2");
}

TEST_CASE("al0 queens --order diagfirst backtracks less on 4-queens", "[cli][queens]") {
    auto natural = lines_of(run_al0("queens 4 --stats").out);
    auto diagfirst = lines_of(run_al0("queens 4 --stats --order diagfirst").out);
    REQUIRE(natural.size() == 4);
    REQUIRE(diagfirst.size() == 4);
    CHECK(natural[0] == "[2,4,1,3]");
    CHECK(diagfirst[0] == "[2,4,1,3]");
    CHECK(natural[2] == "backtracks: 4");
    CHECK(diagfirst[2] == "backtracks: 0");
}

TEST_CASE("al0 queens --order diagfirst is the built-in table queens_diagfirst", "[cli][queens]") {
    auto by_table = run_al0("queens 8 --table queens_diagfirst");
    auto by_order = run_al0("queens 8 --order diagfirst");
    CHECK(by_table.status == 0);
    CHECK(by_table.out != "[1,5,8,6,3,7,2,4]\n");
    CHECK(by_table.out == by_order.out);

    SECTION("and says so when a table is given too") {
        auto r = run_al0("queens 8 --order diagfirst --table queens");
        CHECK(r.status == 2);
        CHECK(r.err.find("al0: error: --order diagfirst runs the built-in table "
                         "queens_diagfirst; give --table or --order, not both") == 0);
    }
}

TEST_CASE("al0 queens --table follows the table's text, its own order included", "[cli][queens]") {
    std::string text(*al0::tables::builtin("queens"));
    text.replace(text.find("place_safe"), 10, "place_safe by 0 - column");
    const auto table = temp_table("al0_queens_right_first.al0", text);
    auto r = run_al0("queens 8 --table " + shell_quote(table));
    CHECK(r.status == 0);
    // Columns right to left: the mirror image of the natural first solution [1,5,8,6,3,7,2,4].
    CHECK(r.out == "[8,4,1,3,6,2,7,5]\n");
    std::filesystem::remove(table);
}

TEST_CASE("al0 queens refuses a bad table with its diagnostics", "[cli][queens]") {
    const auto table = temp_table(
        "al0_queens_bad.al0", "queens :: if true then [place_all].\n"
                              "advice(place_all, all_placed : safe : place_sideways : nomove).\n");
    auto r = run_al0("queens 8 --table " + shell_quote(table));
    CHECK(r.status == 2);
    CHECK(r.err.find("place_sideways") != std::string::npos);
    std::filesystem::remove(table);
}

TEST_CASE("al0 queens refuses a board size outside 1..32 with a reason", "[cli][queens]") {
    const std::string size = GENERATE("0", "-3", "abc", "33", "8x", "''", "99999999999999999999");
    CAPTURE(size);
    auto r = run_al0("queens " + size);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("al0: error: N must be a whole number from 1 to 32") == 0);
}

TEST_CASE("al0 queens accepts the largest board, 32", "[cli][queens]") {
    auto r = run_al0("queens 32 --order diagfirst");
    CHECK(r.status == 0);
    CHECK(std::regex_match(r.out, std::regex(R"(\[\d+(,\d+){31}\]\n)")));
}

TEST_CASE("al0 queens refuses --threads outside --mode count", "[cli][queens]") {
    auto r = run_al0("queens 8 --threads 2");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: --threads applies to --mode count only\n");
}

TEST_CASE("al0 queens ends a search past its node budget with a message", "[cli][queens]") {
    auto r = run_al0("queens 10 --mode count --budget 100");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err.find("al0: error: search budget exceeded in advice place_all") == 0);
}

} // namespace test_cli_queens
