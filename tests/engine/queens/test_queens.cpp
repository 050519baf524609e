// N-queens through the search core (README, N-queens), driven by the built-in table
// tables/queens.al0.

#include "engine/queens/queens_domain.hpp"
#include "engine/search/core.hpp"
#include "engine/search/enumerate.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace test_queens {

namespace {

using namespace al0;
using queens::Column;
using queens::QueensDomain;
using queens::QueensState;

// The built-in table "queens" (natural order) or "queens_diagfirst".
search::Program queens_program(std::string_view table = "queens") {
    return compile_builtin(table, queens::vocabulary);
}

search::Options unlimited() {
    search::Options options;
    options.node_budget = ~std::uint64_t{0};
    return options;
}

std::uint64_t count(int n, const search::Program& program, int threads = 1) {
    auto r = search::count_all(QueensDomain(n), program, QueensState{}, unlimited(), threads);
    REQUIRE(r.outcome != search::Outcome::budget_exceeded);
    return r.solutions;
}

// Returns whether the columns place one queen per row with no two on a column or diagonal
// (checked square by square, independently of the domain's bitmasks).
bool valid_solution(const std::vector<Column>& columns, int n) {
    if (int(columns.size()) != n) return false;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            if (columns[a] == columns[b] || std::abs(columns[a] - columns[b]) == b - a)
                return false;
    return true;
}

std::vector<Column> first_solution(int n, const search::Program& program,
                                   search::Statistics* stats = nullptr) {
    auto r = search::build_tree(QueensDomain(n), program, QueensState{}, unlimited());
    if (stats) *stats = r.stats;
    return r.outcome == search::Outcome::found ? queens::placement(r.tree) : std::vector<Column>{};
}

// OEIS A000170, from N = 1.
constexpr std::uint64_t A000170[] = {1,   0,   0,    2,     10,    4,      40,     92,
                                     352, 724, 2680, 14200, 73712, 365596, 2279184};

} // namespace

TEST_CASE("Counting through the core gives OEIS A000170 for N = 1..12", "[queens]") {
    const auto program = queens_program();
    const int n = GENERATE(range(1, 13));
    CAPTURE(n);
    CHECK(count(n, program) == A000170[n - 1]);
}

TEST_CASE("Counting through the core gives OEIS A000170 for N = 13..15", "[.][slow][queens]") {
    const auto program = queens_program();
    const int n = GENERATE(range(13, 16));
    CAPTURE(n);
    CHECK(count(n, program) == A000170[n - 1]);
}

TEST_CASE("Counting on several threads gives the single-thread count and statistics", "[queens]") {
    const auto program = queens_program();
    const int n = GENERATE(1, 2, 4, 8, 11);
    const int threads = GENERATE(2, 3);
    CAPTURE(n, threads);
    auto one = search::count_all(QueensDomain(n), program, QueensState{}, unlimited(), 1);
    auto many = search::count_all(QueensDomain(n), program, QueensState{}, unlimited(), threads);
    CHECK(many.solutions == A000170[n - 1]);
    CHECK(many.solutions == one.solutions);
    CHECK(many.stats.nodes == one.stats.nodes);
    CHECK(many.stats.backtracks == one.stats.backtracks);
}

TEST_CASE("All 92 solutions of 8-queens are valid, distinct and in generation order", "[queens]") {
    const auto program = queens_program();
    std::vector<std::vector<Column>> seen;
    auto r = search::visit_all(
        QueensDomain(8), program, QueensState{},
        [&](std::span<const Column> line) { seen.emplace_back(line.begin(), line.end()); });
    CHECK(r.outcome == search::Outcome::found);
    CHECK(r.solutions == 92);
    REQUIRE(seen.size() == 92);
    // Each solution as a number whose octal digits are its columns, first row first: distinct
    // solutions have distinct keys, and lexicographic order is numeric order.
    std::vector<std::uint32_t> keys;
    for (const auto& s : seen) {
        CHECK(valid_solution(s, 8));
        std::uint32_t key = 0;
        for (Column c : s) key = key * 8 + c;
        keys.push_back(key);
    }
    CHECK(std::set<std::uint32_t>(keys.begin(), keys.end()).size() == 92);
    // place_safe tries columns left to right, so the solutions come in lexicographic order.
    CHECK(std::is_sorted(keys.begin(), keys.end()));
    CHECK(seen.front() == first_solution(8, program));
}

TEST_CASE("Counting and visiting every solution agree on nodes and backtracks", "[queens]") {
    const auto program = queens_program();
    auto counted = search::count_all(QueensDomain(9), program, QueensState{}, unlimited());
    std::uint64_t visited = 0;
    auto all = search::visit_all(
        QueensDomain(9), program, QueensState{}, [&](std::span<const Column>) { ++visited; },
        unlimited());
    CHECK(visited == 352);
    CHECK(all.solutions == counted.solutions);
    CHECK(all.stats.nodes == counted.stats.nodes);
    CHECK(all.stats.backtracks == counted.stats.backtracks);
}

TEST_CASE("The first solution of 8-queens in natural order is [1,5,8,6,3,7,2,4]", "[queens]") {
    CHECK(first_solution(8, queens_program()) == std::vector<Column>{0, 4, 7, 5, 2, 6, 1, 3});
}

TEST_CASE("Boards of 2 and 3 have no solution and every other size up to 32 has one",
          "[queens][long]") {
    for (std::string_view table : {"queens", "queens_diagfirst"}) {
        const auto program = queens_program(table);
        for (int n : {2, 3}) CHECK(first_solution(n, program).empty());
        for (int n : {1, 4, 5, 8, 13, 20, 32}) {
            CAPTURE(n, table);
            CHECK(valid_solution(first_solution(n, program), n));
        }
    }
}

TEST_CASE("Diagfirst needs fewer backtracks than natural for the first solution of 4-queens",
          "[queens]") {
    search::Statistics natural, diagfirst;
    CHECK(first_solution(4, queens_program(), &natural) == std::vector<Column>{1, 3, 0, 2});
    CHECK(first_solution(4, queens_program("queens_diagfirst"), &diagfirst) ==
          std::vector<Column>{1, 3, 0, 2});
    CHECK(natural.backtracks > 0);
    CHECK(diagfirst.backtracks < natural.backtracks);
}

TEST_CASE("The measures size, row and column read N and the last queen placed", "[queens]") {
    const QueensDomain d(5);
    const QueensState root, one = d.play(root, 3), two = d.play(one, 0);
    auto value = [&](queens::Measure m, const QueensState& s) {
        return d.value(search::Instance{search::Instance::Kind::measure, m, {}}, s);
    };
    CHECK(value(queens::M_SIZE, root) == 5);
    CHECK(value(queens::M_ROW, root) == 0);
    CHECK(value(queens::M_COLUMN, root) == 0);
    CHECK(value(queens::M_ROW, two) == 2);
    CHECK(value(queens::M_COLUMN, one) == 4);
    CHECK(value(queens::M_COLUMN, two) == 1);
}

TEST_CASE("queens_diagfirst's place_safe tries short diagonals first, ties by column", "[queens]") {
    const auto program = queens_program("queens_diagfirst");
    auto moves = [&](int n, const QueensState& s) {
        QueensDomain::Buffer out;
        search::Evaluator<QueensDomain>(QueensDomain(n), program)
            .generate(program.advice[0].us_moves, s, 0, out);
        return std::vector<Column>(out.begin(), out.end());
    };
    // On 4 x 4 the first row's squares lie on longest diagonals of 4, 3, 3, 4.
    CHECK(moves(4, QueensState{}) == std::vector<Column>{1, 2, 0, 3});
    // 5 x 5, row 2 below a queen in column 1: columns 3, 4, 5 are free, their longest
    // diagonals 4, 5, 4 long.
    CHECK(moves(5, QueensDomain(5).play(QueensState{}, 0)) == std::vector<Column>{2, 4, 3});
}

// Returns the first solution of N-queens by plain backtracking that tries, on each row, the
// free columns by the length of their longest diagonal, shortest first, ties by column: the
// diagonal heuristic written without the table language.
std::vector<Column> diagfirst_reference(int n) {
    std::vector<Column> placed;
    auto longest = [n](int row, int column) {
        return std::max(n - std::abs(row - column), n - std::abs(row + column - (n - 1)));
    };
    auto free = [&](int row, int column) {
        for (int r = 0; r < row; ++r)
            if (placed[r] == column || std::abs(placed[r] - column) == row - r) return false;
        return true;
    };
    auto solve = [&](auto& self, int row) -> bool {
        if (row == n) return true;
        std::vector<int> columns(n);
        for (int c = 0; c < n; ++c) columns[c] = c;
        std::stable_sort(columns.begin(), columns.end(),
                         [&](int a, int b) { return longest(row, a) < longest(row, b); });
        for (int c : columns) {
            if (!free(row, c)) continue;
            placed.push_back(Column(c));
            if (self(self, row + 1)) return true;
            placed.pop_back();
        }
        return false;
    };
    solve(solve, 0);
    return placed;
}

TEST_CASE("queens_diagfirst finds the solutions, nodes and counts of the former C++ diagfirst "
          "order for N = 4..10",
          "[queens]") {
    std::ifstream in(std::filesystem::path(AL0_SOURCE_DIR) /
                     "tests/data/queens/diagfirst_figures.txt");
    REQUIRE(in);
    const auto program = queens_program("queens_diagfirst");
    int rows = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        int n = 0;
        std::string solution;
        std::uint64_t nodes = 0, backtracks = 0, count_nodes = 0, count_backtracks = 0,
                      solutions = 0;
        fields >> n >> solution >> nodes >> backtracks >> count_nodes >> count_backtracks >>
            solutions;
        CAPTURE(n);
        search::Statistics first;
        const auto found = first_solution(n, program, &first);
        std::string text;
        for (Column c : found) {
            text += text.empty() ? '[' : ',';
            text += std::to_string(c + 1);
        }
        CHECK(text + "]" == solution);
        CHECK(found == diagfirst_reference(n));
        CHECK(first.nodes == nodes);
        CHECK(first.backtracks == backtracks);
        auto all = search::count_all(QueensDomain(n), program, QueensState{}, unlimited());
        CHECK(all.stats.nodes == count_nodes);
        CHECK(all.stats.backtracks == count_backtracks);
        CHECK(all.solutions == solutions);
        ++rows;
    }
    CHECK(rows == 7);
}

TEST_CASE("place puts a queen anywhere and safe then rejects the attacked ones", "[queens]") {
    const QueensDomain d(4);
    const QueensState root;
    QueensDomain::Buffer moves;
    d.generate(queens::G_PLACE, d.play(root, 0), moves);
    CHECK(moves.size() == 4);
    CHECK_FALSE(d.holds(queens::P_SAFE, d.play(d.play(root, 0), 1), root)); // diagonal
    CHECK_FALSE(d.holds(queens::P_SAFE, d.play(d.play(root, 0), 0), root)); // column
    CHECK(d.holds(queens::P_SAFE, d.play(d.play(root, 0), 2), root));
    CHECK_FALSE(d.holds(queens::P_ALL_PLACED, d.play(root, 0), root));
}

TEST_CASE("The table's text drives the solver", "[queens]") {
    const std::string table(*tables::builtin("queens"));
    auto edited = [&](std::string from, std::string to) {
        std::string text = table;
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
        return compile_table(text, queens::vocabulary);
    };
    SECTION("place instead of place_safe: the same solutions, found through more nodes") {
        const auto original = queens_program();
        const auto unsafe = edited("place_safe", "place");
        auto a = search::count_all(QueensDomain(6), original, QueensState{}, unlimited());
        auto b = search::count_all(QueensDomain(6), unsafe, QueensState{}, unlimited());
        CHECK(b.solutions == 4);
        CHECK(b.stats.nodes > a.stats.nodes);
    }
    SECTION("holding goal true with place: every placement counts, N^N of them") {
        auto program = edited("safe :\n        place_safe", "true :\n        place");
        CHECK(count(4, program) == 256);
        CHECK(count(5, program) == 3125);
    }
    SECTION("place_safe ordered by a measure: another first solution, the one of "
            "queens_diagfirst when the measure is its longest diagonal") {
        auto program = edited("place_safe", "place_safe by max(size - abs(row - column), "
                                            "size - abs(row + column - size - 1))");
        const auto first = first_solution(8, program);
        CHECK(valid_solution(first, 8));
        CHECK(first != first_solution(8, queens_program()));
        CHECK(first == first_solution(8, queens_program("queens_diagfirst")));
    }
    SECTION("nomove instead of place_safe: no solution at all") {
        CHECK(count(6, edited("place_safe", "nomove")) == 0);
    }
}

TEST_CASE("A count past its node budget says so instead of a wrong count", "[queens]") {
    search::Options small;
    small.node_budget = 1000;
    const int threads = GENERATE(1, 2);
    auto r = search::count_all(QueensDomain(10), queens_program(), QueensState{}, small, threads);
    CHECK(r.outcome == search::Outcome::budget_exceeded);
    CHECK(r.stats.nodes <= 1000);
    CHECK(r.stats.nodes > 500); // it spent its budget before it stopped
}

TEST_CASE("A count compiled for its table's node test counts the lines, nodes and backtracks of "
          "the walk that asks the table at run time",
          "[queens]") {
    // Every holding goal, better goal and us generator of the library, and goals of more than one
    // predicate, which the compiled walks do not cover.
    const std::string table(*tables::builtin("queens"));
    const std::string advice = "all_placed :\n        safe :\n        place_safe :";
    REQUIRE(table.find(advice) != std::string::npos);
    int fixed = 0;
    for (const char* better : {"all_placed", "true", "safe", "all_placed and safe"})
        for (const char* holding : {"safe", "true", "all_placed", "not all_placed or safe"})
            for (const char* us : {"place_safe", "place", "nomove"}) {
                std::string text = table;
                text.replace(text.find(advice), advice.size(),
                             std::string(better) + " :\n " + holding + " :\n " + us + " :");
                const search::Program program = compile_table(text, queens::vocabulary);
                const search::CompiledAdvice& a = program.advice.at(0);
                fixed += search::with_node_shape<QueensDomain>(
                    program, a, [](auto shape) { return decltype(shape)::holding >= 0; });
                for (int threads : {1, 2}) {
                    const auto compiled = search::count_all(QueensDomain(5), program, QueensState{},
                                                            unlimited(), threads);
                    search::Statistics stats;
                    search::CountOnly none;
                    const QueensDomain domain(5);
                    search::LineWalker<QueensDomain, search::CountOnly> asking(
                        domain, program, a, QueensState{}, none, stats, ~std::uint64_t{0});
                    INFO(better << " : " << holding << " : " << us << ", threads " << threads);
                    CHECK(compiled.solutions == asking.walk(QueensState{}, 0));
                    CHECK(compiled.stats.nodes == stats.nodes);
                    CHECK(compiled.stats.backtracks == stats.backtracks);
                }
            }
    CHECK(fixed == 3 * 3 * 3);
}

} // namespace test_queens
