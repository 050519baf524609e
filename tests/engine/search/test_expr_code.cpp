// Expressions as straight-line code (engine/search/expr_code.hpp) against the tree walk that
// defines them: every compiled expression of the shipped tables, at positions of their
// materials with either side to move; folding and sharing; the step limit.

#include "engine/compile/compile.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/search/expr_code.hpp"
#include "tests/support/tables_fixture.hpp"

#include <catch2/catch.hpp>

namespace test_expr_code {

using namespace al0;

std::vector<std::uint16_t> coded(const search::Program& program) {
    std::vector<std::uint16_t> out;
    for (std::size_t e = 0; e < program.expr_code.size(); ++e)
        if (program.expr_code[e].count != 0) out.push_back(std::uint16_t(e));
    return out;
}

search::Program compiled(const std::string& text) {
    const auto loaded = search::load({"test.al0", text}, contract::chess::vocabulary);
    REQUIRE(loaded.table);
    auto program = search::compile(*loaded.table, contract::chess::vocabulary);
    REQUIRE(program);
    return std::move(*program);
}

TEST_CASE("Compiled expressions of the shipped tables have the value of the expression tree",
          "[search][expr_code]") {
    const std::string name = GENERATE("kqk", "kpk", "krk", "krk_bratko");
    const endgame::CompiledTable table = shipped(name);
    const search::Program& program = table.program;
    const std::vector<std::uint16_t> expressions = coded(program);
    CHECK(!expressions.empty());
    // Every comparison's operand that is more than a number, a primitive or a root value has
    // code.
    for (const search::GoalNode& g : program.goal_nodes)
        if (g.op == search::GoalOp::compare)
            for (search::GoalId e : {g.lhs, g.rhs}) {
                const search::ExprOp op = program.expr_nodes[e].op;
                CHECK((program.expr_code[e].count != 0) ==
                      (op != search::ExprOp::number && op != search::ExprOp::value &&
                       op != search::ExprOp::root));
            }

    const endgame::Domain domain(table.roles);
    int mismatches = 0;
    const int positions =
        for_sampled_nodes(table, [&](const endgame::State& s, const endgame::State& root) {
            search::Evaluator<endgame::Domain> eval(domain, program);
            for (std::uint16_t e : expressions) {
                search::NodeValues a, c;
                mismatches += eval.value(e, s, root, a) != eval.walk_value(e, s, root, c);
            }
        });
    CHECK(positions > 100);
    CHECK(mismatches == 0);
}

TEST_CASE("Numbers are folded and a value written twice is computed once", "[search][expr_code]") {
    const std::string text = "material KRK.\n"
                             "measure twice := file(our_king) + file(our_king).\n"
                             "p :- 2 * 3 - 1 + twice * (4 - 2) > twice - abs(-7).\n"
                             "r :: if true then [a].\nadvice(a, p : not p : legal : nomove).\n";
    const search::Program program = compiled(text);
    std::vector<search::ExprStep> steps;
    for (std::uint16_t e : coded(program)) {
        const search::ExprCode& code = program.expr_code[e];
        steps.insert(steps.end(), program.expr_steps.begin() + code.first,
                     program.expr_steps.begin() + code.first + code.count);
    }
    // Left: slot, add (twice), mul_number 2, add_number 5. Right: slot, add, sub_number 7.
    CHECK(steps.size() == 7);
    for (const search::ExprStep& s : steps) CHECK(s.op != search::ExprStepOp::number);

    const endgame::Roles roles = *endgame::roles_of("KRK");
    const endgame::Domain domain(roles);
    const auto at = endgame::orient(roles, *Position::from_fen("8/8/8/8/8/2k5/8/K5R1 w - - 0 1"));
    search::Evaluator<endgame::Domain> eval(domain, program);
    for (std::uint16_t e : coded(program)) {
        search::NodeValues a, c;
        CHECK(eval.value(e, at->state, at->state, a) ==
              eval.walk_value(e, at->state, at->state, c));
    }
}

TEST_CASE("An expression that needs more steps than the limit keeps the tree walk",
          "[search][expr_code]") {
    // A chain of additions of three measures in turn, appended to a table that has them as its
    // value slots: one step per addition, no two alike.
    search::Program program =
        compiled("material KRK.\np :- file(our_king) + rank(our_rook) > file(their_king).\n"
                 "r :: if true then [a].\nadvice(a, p : not p : legal : nomove).\n");
    REQUIRE(program.value_slots.size() >= 3);
    for (std::uint8_t s = 0; s < 3; ++s)
        program.expr_nodes.push_back({search::ExprOp::value, 0, s, 0});
    const auto first = std::uint16_t(program.expr_nodes.size() - 3);
    std::uint16_t chain = first;
    auto add = [&](std::uint16_t a, std::uint16_t b) {
        program.expr_nodes.push_back({search::ExprOp::add, 0, a, b});
        return std::uint16_t(program.expr_nodes.size() - 1);
    };
    std::uint16_t shortchain = 0;
    for (std::size_t i = 1; i <= search::MAX_EXPR_STEPS; ++i) {
        chain = add(chain, std::uint16_t(first + i % 3));
        if (i == 10) shortchain = chain;
    }
    program.add_goal(
        {search::GoalOp::compare, std::uint8_t(search::CompareOp::gt), chain, shortchain});
    search::add_expr_code(program);
    CHECK(program.expr_code.at(chain).count == 0);
    CHECK(program.expr_code.at(shortchain).count == 13); // three measures and ten additions

    const endgame::Roles roles = *endgame::roles_of("KRK");
    const endgame::Domain domain(roles);
    const auto at = endgame::orient(roles, *Position::from_fen("8/8/8/8/8/2k5/8/K5R1 w - - 0 1"));
    search::Evaluator<endgame::Domain> eval(domain, program);
    for (std::uint16_t e : {chain, shortchain}) {
        search::NodeValues a, c;
        CHECK(eval.value(e, at->state, at->state, a) ==
              eval.walk_value(e, at->state, at->state, c));
    }
}

} // namespace test_expr_code
