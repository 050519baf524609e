// The goals compiled to machine code for the endgame domain (engine/codegen/endgame_goal_source)
// against the interpreter they stand in for: the book table over lib/krk_book builds the same
// tree from every legal White-to-move KRK position (its rule choice compiled too), and the shipped
// KQK and KPK tables verify to the same figures from a sample of their won positions (KPK's
// orders' measures compiled too).

#include "engine/codegen/endgame_goal_source.hpp"
#include "engine/codegen/goal_library.hpp"
#include "engine/endgame/compiled_domain.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "tests/support/same_figures.hpp"
#include "tests/support/same_search.hpp"
#include "tests/support/tables_fixture.hpp"

#include <catch2/catch.hpp>

#include <utility>
#include <vector>

namespace test_endgame_compiled_goals {

using namespace al0;

#ifndef AL0_SANITIZED // a sanitizer build interprets goals (codegen::sanitized_build)

namespace {

// The shipped table NAME with its goals as machine code (a build that cannot compile them fails
// here: the sanitizer build skips these tests).
endgame::CompiledTable compiled(const std::string& name) {
    endgame::CompiledTable table = shipped(name);
    const auto loaded = codegen::load_endgame_goals(table.program, table.roles);
    INFO((loaded ? std::string() : loaded.error()));
    REQUIRE(loaded);
    return table;
}

// The KRK positions (indices of verify::legal_white_states) where the two tables build different
// trees or search different node counts.
int differing_positions(const endgame::CompiledTable& a, const endgame::CompiledTable& b) {
    search::SearchResult<Move> x, y;
    int differ = 0;
    for (std::int32_t index : verify::legal_white_states()) {
        const Position pos = krk::to_position(verify::state_at(index));
        // Each tree fresh: the failures kept across searches (failure_memo.hpp) would make a
        // tree's node count depend on the trees before it.
        search::FailureMemo::forget_all();
        REQUIRE_FALSE(endgame::think_into(a, pos, {}, x));
        search::FailureMemo::forget_all();
        REQUIRE_FALSE(endgame::think_into(b, pos, {}, y));
        differ += !(same_search(x, y) && x.attempts.size() == y.attempts.size());
    }
    return differ;
}

// The summary of verifying TABLES (the first verified) from 400 of its won positions drawn at
// random (a fixed seed).
verify::TableSummary sampled_summary(const std::vector<endgame::CompiledTable>& tables) {
    verify::TableSet set;
    for (const endgame::CompiledTable& table : tables)
        set.tables.push_back(verify::set_table(table));
    verify::VerifyOptions options;
    options.sample = 400;
    options.threads = 1; // on more, which thread finds which kept failure varies the node count
    search::FailureMemo::forget_all();
    return verify::EndgameVerification::run(set, shared_registry(), options).summary();
}

// The same of the shipped tables NAMES, each table's goals compiled or not.
verify::TableSummary sampled_summary(const std::vector<std::string>& names, bool compile) {
    std::vector<endgame::CompiledTable> tables;
    for (const std::string& name : names)
        tables.push_back(compile ? compiled(name) : shipped(name));
    return sampled_summary(tables);
}

void check_same_summary(const std::vector<std::string>& names) {
    check_same_figures(sampled_summary(names, true), sampled_summary(names, false));
}

// Swaps the machine code FIELD of the first two generators of PROGRAM that have it: each then
// stands for the other.
void swap_first_two(search::Program& program,
                    search::NativeFunction search::GeneratorNode::*field) {
    std::vector<search::GeneratorNode*> compiled;
    for (search::GeneratorNode& g : program.generators)
        if (g.*field) compiled.push_back(&g);
    REQUIRE(compiled.size() >= 2);
    std::swap(compiled[0]->*field, compiled[1]->*field);
}

// Returns whatever rule it is not asked for: a rule choice compiled wrong.
int second_rule(endgame::State) { return 1; }

} // namespace

TEST_CASE("the book table on the endgame domain builds the interpreter's tree with its goals "
          "compiled, from every legal KRK position",
          "[codegen][parity]") {
    const endgame::CompiledTable fast = compiled("krk_bratko");
    REQUIRE(fast.program.advice.front().native_goals != nullptr);
    // Each advice's search compiled whole (mate_in_2's checkmove, no primitive generator, walked
    // by AdviceSearch).
    for (const search::CompiledAdvice& a : fast.program.advice) REQUIRE(a.native_search != nullptr);
    REQUIRE(fast.program.native_rule_choice != nullptr);
    CHECK(differing_positions(fast, shipped("krk_bratko")) == 0);
}

TEST_CASE("the book table on the endgame domain builds the interpreter's tree with its goals "
          "compiled and without the compiled searches",
          "[codegen][parity]") {
    endgame::CompiledTable goals_only = compiled("krk_bratko");
    for (search::CompiledAdvice& a : goals_only.program.advice) a.native_search = nullptr;
    CHECK(differing_positions(goals_only, shipped("krk_bratko")) == 0);
}

TEST_CASE("the endgame parity check tells apart goals compiled for the wrong advice",
          "[codegen][parity]") {
    endgame::CompiledTable swapped = compiled("krk_bratko");
    std::swap(swapped.program.advice[1].native_goals, swapped.program.advice[2].native_goals);
    for (search::CompiledAdvice& a : swapped.program.advice) a.native_search = nullptr;
    CHECK(differing_positions(swapped, shipped("krk_bratko")) > 0);
}

TEST_CASE("the endgame parity check tells apart a search compiled for another depth bound",
          "[codegen][parity]") {
    // divide_in_2 and divide_in_3: the same goals and generators, searched 3 and 5 plies deep.
    endgame::CompiledTable swapped = compiled("krk_bratko");
    REQUIRE(swapped.program.advice[4].name == "divide_in_2");
    REQUIRE(swapped.program.advice[5].name == "divide_in_3");
    std::swap(swapped.program.advice[4].native_search, swapped.program.advice[5].native_search);
    CHECK(differing_positions(swapped, shipped("krk_bratko")) > 0);
}

TEST_CASE("the endgame parity check tells apart a filter's goal after a move compiled for "
          "another filter",
          "[codegen][parity]") {
    endgame::CompiledTable swapped = compiled("krk_bratko");
    swap_first_two(swapped.program, &search::GeneratorNode::native_goal_after);
    CHECK(differing_positions(swapped, shipped("krk_bratko")) > 0);
}

TEST_CASE("the endgame parity check tells apart a rule choice compiled wrong",
          "[codegen][parity]") {
    endgame::CompiledTable wrong = compiled("krk_bratko"); // its rule choice compiled (above)
    wrong.program.native_rule_choice = reinterpret_cast<search::NativeFunction>(&second_rule);
    CHECK(differing_positions(wrong, shipped("krk_bratko")) > 0);
}

TEST_CASE("the endgame parity check tells apart an order's measure after a move compiled for "
          "another order",
          "[codegen][parity]") {
    const verify::TableSummary right = sampled_summary({"kpk", "kqk", "krk"}, true);
    endgame::CompiledTable swapped = compiled("kpk");
    swap_first_two(swapped.program, &search::GeneratorNode::native_measure_after);
    CHECK(sampled_summary({swapped, compiled("kqk"), compiled("krk")}).search_nodes !=
          right.search_nodes);
}

TEST_CASE("the shipped KQK table verifies to the same figures with its goals compiled",
          "[codegen][parity]") {
    check_same_summary({"kqk"});
}

TEST_CASE("the shipped KPK table verifies to the same figures with its goals compiled",
          "[codegen][parity]") {
    check_same_summary({"kpk", "kqk", "krk"});
}

#endif

TEST_CASE("goals of the native KRK vocabulary are not compiled for the endgame domain, and the "
          "generator says why",
          "[codegen]") {
    const auto roles = endgame::roles_of("KRK");
    REQUIRE(roles);
    const auto refused =
        codegen::endgame_goal_source(compile_builtin("krk_bratko", krk::vocabulary), *roles);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().find("instances") != std::string::npos);
    CHECK(codegen::endgame_goal_source(shipped("krk_bratko").program, *roles));
}

} // namespace test_endgame_compiled_goals
