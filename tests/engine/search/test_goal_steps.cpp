// Goals flattened into branching programs (engine/search/goal_steps.hpp) against the tree walk
// that defines them: every goal of the shipped tables, at positions of their materials with
// either side to move.

#include "engine/compile/compile.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/search/goal_steps.hpp"
#include "tests/support/tables_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

namespace test_goal_steps {

using namespace al0;

TEST_CASE("Flattened goals of the shipped tables hold exactly where the goal tree does",
          "[search][goal_steps]") {
    const std::string name = GENERATE("kqk", "kpk", "krk", "krk_bratko");
    const endgame::CompiledTable table = shipped(name);
    const search::Program& program = table.program;
    std::vector<search::GoalId> flattened;
    for (search::GoalId g = 0; g < program.goal_entry.size(); ++g)
        if (program.goal_entry[g] != search::NO_GOAL_STEP) flattened.push_back(g);
    // Every advice's goal but a lone predicate is flattened.
    auto lone_predicate = [&](search::GoalId g) {
        return program.goal_nodes[g].op == search::GoalOp::predicate;
    };
    CHECK(!flattened.empty());
    for (const auto& a : program.advice)
        for (search::GoalId g : {a.better_goal, a.holding_goal})
            CHECK((program.goal_entry[g] != search::NO_GOAL_STEP) == !lone_predicate(g));

    const endgame::Domain domain(table.roles);
    int mismatches = 0;
    const int positions =
        for_sampled_nodes(table, [&](const endgame::State& s, const endgame::State& root) {
            search::Evaluator<endgame::Domain> eval(domain, program);
            for (search::GoalId g : flattened) {
                search::NodeValues a, c;
                mismatches += eval.holds(g, s, root, a) != eval.walk(g, s, root, c);
            }
        });
    CHECK(positions > 100);
    CHECK(mismatches == 0);
}

TEST_CASE("A flattened goal does not test again a literal that the path to it already tested",
          "[search][goal_steps]") {
    // `file(our_rook) < 4` twice on the way to true; the same predicate in two definitions, as
    // lib/krk_book's `not captured(our_rook)`.
    const std::string text = "material KRK.\n"
                             "low :- not captured(our_rook) and rank(our_rook) < 4.\n"
                             "left :- not captured(our_rook) and file(our_rook) < 4.\n"
                             "p :- left and low and (file(our_rook) < 4 or mate) and\n"
                             "     not captured(our_rook).\n"
                             "r :: if true then [a].\n"
                             "advice(a, p : true : legal : legal).\n";
    const auto loaded = search::load({"test.al0", text}, contract::chess::vocabulary);
    REQUIRE(loaded.table);
    auto compiled = search::compile(*loaded.table, contract::chess::vocabulary);
    REQUIRE(compiled);
    const search::Program& program = *compiled;
    const std::uint32_t entry = program.goal_entry.at(program.advice.at(0).better_goal);
    REQUIRE(entry != search::NO_GOAL_STEP);
    int repeats = 0, paths = 0;
    std::vector<const search::GoalStep*> path;
    auto walk = [&](auto&& self, std::uint32_t step) -> void {
        if (step >= search::GOAL_FALSE) {
            ++paths;
            return;
        }
        const search::GoalStep& s = program.goal_steps[step];
        for (const search::GoalStep* earlier : path)
            repeats += search::detail::same_literal(*earlier, s);
        path.push_back(&s);
        self(self, s.if_true);
        self(self, s.if_false);
        path.pop_back();
    };
    walk(walk, entry);
    CHECK(paths >= 4);
    CHECK(repeats == 0);
}

TEST_CASE("Comparisons read from their steps hold exactly where the goal tree does, for every "
          "operator and every kind of operand",
          "[search][goal_steps]") {
    // Each operator between a measure and a number (either side, and the largest number), two
    // measures, a measure and a root value (either side), a root value and a number, and a
    // measure and an expression; each with the shortcuts of `and` and `or` around it.
    const std::vector<std::string> operators = {"<", "=<", ">", ">=", "=:=", "=\\="};
    const std::vector<std::pair<std::string, std::string>> operands = {
        {"file(our_rook)", "4"},
        {"3", "rank(their_king)"},
        {"distance(our_king, our_rook)", "2147483647"},
        {"file(our_king)", "file(their_king)"},
        {"distance(our_king, their_king)", "root(distance(our_king, their_king))"},
        {"root(rank(our_rook))", "rank(our_king)"},
        {"root(file(our_rook))", "5"},
        {"manhattan(our_king, their_king)", "2 * distance(our_rook, their_king)"},
    };
    std::string text = "material KRK.\nr :: if true then [";
    std::string definitions;
    int n = 0;
    for (const auto& op : operators)
        for (const auto& [x, y] : operands) {
            const std::string number = std::to_string(n), a = 'a' + number, p = 'p' + number;
            definitions += p + " :- " + x + " " + op + " " + y + " and not check or stalemate.\n";
            definitions +=
                "advice(" + a + ", " + p + " : not " + p + " or them_to_move : legal : legal).\n";
            text += (n++ ? ", " : "") + a;
        }
    text += "].\n" + definitions;
    const auto loaded = search::load({"test.al0", text}, contract::chess::vocabulary);
    REQUIRE(loaded.table);
    auto compiled = search::compile(*loaded.table, contract::chess::vocabulary);
    REQUIRE(compiled);
    const endgame::CompiledTable table{"test", *endgame::roles_of("KRK"), std::move(*compiled)};
    const search::Program& program = table.program;

    // Every comparison of value slots, numbers and root values but of a root value with a
    // number is read from its step.
    int direct = 0, walked = 0;
    for (const search::GoalStep& step : program.goal_steps) {
        if (step.literal.op != search::GoalOp::compare) continue;
        const search::ExprOp x = program.expr_nodes[step.literal.lhs].op,
                             y = program.expr_nodes[step.literal.rhs].op;
        auto plain = [](search::ExprOp k) {
            return k == search::ExprOp::value || k == search::ExprOp::number ||
                   k == search::ExprOp::root;
        };
        const bool expected =
            plain(x) && plain(y) && (x == search::ExprOp::value || y == search::ExprOp::value);
        CHECK((step.test != search::StepTest::literal) == expected);
        ++(expected ? direct : walked);
    }
    CHECK(direct > 0);
    CHECK(walked > 0);

    const endgame::Domain domain(table.roles);
    int mismatches = 0, held = 0;
    const int positions =
        for_sampled_nodes(table, [&](const endgame::State& s, const endgame::State& root) {
            search::Evaluator<endgame::Domain> eval(domain, program);
            for (const search::CompiledAdvice& a : program.advice)
                for (search::GoalId g : {a.better_goal, a.holding_goal}) {
                    REQUIRE(program.goal_entry[g] != search::NO_GOAL_STEP);
                    search::NodeValues v, w;
                    const bool holds = eval.holds(g, s, root, v);
                    mismatches += holds != eval.walk(g, s, root, w);
                    held += holds;
                }
        });
    CHECK(positions > 100);
    CHECK(held > 0);
    CHECK(mismatches == 0);
}

TEST_CASE("A goal that would flatten into too many steps keeps the tree walk",
          "[search][goal_steps]") {
    // p24 is 2^24 uses of mate as a tree (16.7 million steps), though 25 nodes as a graph.
    std::string text = "material KRK.\np0 :- mate.\n";
    for (int i = 1; i <= 24; ++i) {
        const std::string below = std::to_string(i - 1);
        text.append("p").append(std::to_string(i)).append(" :- p").append(below);
        text.append(" and p").append(below).append(".\n");
    }
    text += "r :: if true then [a].\nadvice(a, p24 : not p24 : legal : nomove).\n";
    // The checker refuses p24 (too many operations written out), and the compiler must still
    // keep its goal a walk: the parsed table is compiled without the checker.
    const auto loaded = search::load({"test.al0", text}, contract::chess::vocabulary);
    REQUIRE(loaded.table);
    auto compiled = search::compile(*loaded.table, contract::chess::vocabulary);
    REQUIRE(compiled);
    const search::Program program = std::move(*compiled);
    const search::CompiledAdvice& a = program.advice.at(0);
    CHECK(program.goal_entry.at(a.better_goal) == search::NO_GOAL_STEP);
    CHECK(program.goal_entry.at(a.holding_goal) == search::NO_GOAL_STEP);
    CHECK(program.goal_steps.size() < search::MAX_GOAL_STEPS);

    // Mate: both sides of the advice still hold as the walk says.
    const endgame::Roles roles = *endgame::roles_of("KRK");
    const endgame::Domain domain(roles);
    const auto mate = endgame::orient(roles, *Position::from_fen("k6R/8/1K6/8/8/8/8/8 b - - 0 1"));
    search::Evaluator<endgame::Domain> eval(domain, program);
    CHECK(eval.holds(a.better_goal, mate->state, mate->state));
    CHECK_FALSE(eval.holds(a.holding_goal, mate->state, mate->state));
}

} // namespace test_goal_steps
