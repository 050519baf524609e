// An order of orders (`g by a by b`) is one sort by the list of keys: the same moves in the same
// order as nested stable sorts, each move played once.

#include "engine/endgame/domain.hpp"
#include "engine/endgame/think.hpp"
#include "tests/support/counting_domain.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

namespace test_nested_orders {

namespace {

using namespace al0;

using test::CountingDomain;

constexpr std::string_view NESTED_TABLE = R"(material KQK.
main :: if true then [ squeeze ].
advice( squeeze, mate : not lost(our_queen) :
        (depth = 0) and legal by distance(our_king, their_king) by box(our_queen, their_king)
                              by distance(our_queen, their_king) : nomove ).
)";

} // namespace

TEST_CASE("an order of orders plays each move once and sorts as nested stable sorts do",
          "[search][endgame]") {
    const search::Program program = compile_table(NESTED_TABLE, contract::chess::vocabulary);
    const endgame::Roles roles = *endgame::roles_of("KQK");
    const CountingDomain domain(roles);
    const search::Evaluator<CountingDomain> eval(domain, program);
    // The order nodes from the outer one in, and the constraint they order.
    std::vector<std::uint16_t> measures;
    const search::MoveConstraint* base = &program.advice[0].us_moves;
    for (;;) {
        const search::GeneratorNode& g = program.generators[base->alternatives[0].generators[0]];
        if (g.op != search::GeneratorOp::order) break;
        measures.push_back(g.measure);
        base = &program.constraints[g.inner];
    }
    REQUIRE(measures.size() == 3);
    int positions = 0;
    for_each_spread(W_QUEEN, {0, 3}, {1, 5}, {2, 7}, [&](const Position& pos) {
        const endgame::State s = endgame::orient(roles, pos)->state;
        CountingDomain::Buffer legal, ordered;
        eval.generate(*base, s, 0, legal, &s);
        // The oracle: a stable sort by each measure after the move, the inner one first.
        std::vector<Move> expected(legal.begin(), legal.end());
        for (auto m = measures.rbegin(); m != measures.rend(); ++m) {
            auto key = [&](Move move) {
                search::NodeValues values;
                return eval.value(*m, domain.play(s, move), s, values);
            };
            std::stable_sort(expected.begin(), expected.end(),
                             [&](Move a, Move b) { return key(a) < key(b); });
        }
        domain.plays = 0;
        eval.generate(program.advice[0].us_moves, s, 0, ordered, &s);
        INFO(pos.fen());
        CHECK(domain.plays == legal.size());
        REQUIRE(std::vector<Move>(ordered.begin(), ordered.end()) == expected);
        ++positions;
    });
    CHECK(positions > 200);
}

} // namespace test_nested_orders
