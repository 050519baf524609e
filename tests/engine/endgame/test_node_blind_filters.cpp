// A filter whose goal reads no node (only numbers and root values) keeps every move or none:
// the evaluator tests it once and plays no move, and keeps the same moves as a test after each.

#include "engine/endgame/domain.hpp"
#include "engine/endgame/think.hpp"
#include "tests/support/counting_domain.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace test_node_blind_filters {

namespace {

using namespace al0;

using test::CountingDomain;

// Advice 0 filters by the root alone, advice 1 by the node.
constexpr std::string_view FILTER_TABLE = R"(material KPK.
measure pawn_rank := rank(our_pawn).
main :: if true then [ by_root, by_node ].
advice( by_root, promoted : true :
        (depth = 0) and filter(legal, root(pawn_rank) >= 4 and 2 * root(pawn_rank) < 13) :
        nomove ).
advice( by_node, promoted : true : (depth = 0) and filter(legal, pawn_rank >= 4) : nomove ).
)";

const search::GeneratorNode& sole_generator(const search::Program& program, int advice) {
    const search::MoveConstraint& c = program.advice[std::size_t(advice)].us_moves;
    return program.generators[c.alternatives[0].generators[0]];
}

} // namespace

TEST_CASE("a filter whose goal reads only root values tests it once and keeps the moves that "
          "a test after each move keeps",
          "[search][endgame]") {
    const search::Program program = compile_table(FILTER_TABLE, contract::chess::vocabulary);
    const search::GeneratorNode& by_root = sole_generator(program, 0);
    const search::GeneratorNode& by_node = sole_generator(program, 1);
    REQUIRE(by_root.op == search::GeneratorOp::filter);
    REQUIRE(by_node.op == search::GeneratorOp::filter);
    CHECK(by_root.node_blind);
    CHECK_FALSE(by_node.node_blind);

    const endgame::Roles roles = *endgame::roles_of("KPK");
    const CountingDomain domain(roles);
    const search::MoveConstraint& legal = program.constraints[by_root.inner];
    int kept = 0, dropped = 0;
    for (int wk = 0; wk < 64; wk += 5)
        for (int bk = 3; bk < 64; bk += 7)
            for (int wp = 8; wp < 56; wp += 3) {
                const Position pos = Position::make(
                    {{W_KING, Square(wk)}, {B_KING, Square(bk)}, {W_PAWN, Square(wp)}}, WHITE);
                if (wk == bk || wp == wk || wp == bk || !pos.validate().empty()) continue;
                const endgame::State s = endgame::orient(roles, pos)->state;
                // One evaluator per root: it keeps the root values of the root it served.
                const search::Evaluator<CountingDomain> eval(domain, program);
                // The oracle: the goal tested after each legal move, the position as the root.
                CountingDomain::Buffer moves, filtered;
                eval.generate(legal, s, 0, moves, &s);
                std::vector<Move> expected;
                for (Move m : moves)
                    if (eval.holds(by_root.goal, domain.play(s, m), s)) expected.push_back(m);
                domain.plays = 0;
                eval.generate(program.advice[0].us_moves, s, 0, filtered, &s);
                INFO(pos.fen());
                CHECK(domain.plays == 0);
                REQUIRE(std::vector<Move>(filtered.begin(), filtered.end()) == expected);
                (expected.empty() ? dropped : kept)++;
            }
    // Both outcomes of the goal were met.
    CHECK(kept > 50);
    CHECK(dropped > 50);
}

} // namespace test_node_blind_filters
