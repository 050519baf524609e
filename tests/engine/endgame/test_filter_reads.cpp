// What a filter's goal reads decides which moves the evaluator plays to test it: a goal that
// reads no node is tested once and no move is played; a goal that reads some roles' pieces alone
// is tested at the node for the moves that leave those pieces alone. Either way the filter keeps
// the moves that a test after each move keeps.

#include "engine/chess/movegen.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/think.hpp"
#include "tests/support/counting_domain.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace test_filter_reads {

namespace {

using namespace al0;

using test::CountingDomain;

// Advice 0 filters by the root alone, advice 1 by the node.
constexpr std::string_view KPK_TABLE = R"(material KPK.
measure pawn_rank := rank(our_pawn).
main :: if true then [ by_root, by_node ].
advice( by_root, promoted : true :
        (depth = 0) and filter(legal, root(pawn_rank) >= 4 and 2 * root(pawn_rank) < 13) :
        nomove ).
advice( by_node, promoted : true : (depth = 0) and filter(legal, pawn_rank >= 4) : nomove ).
)";

// Advice 0 filters by the kings' squares (KQK's mate_ready), advice 1 also by the side to move.
constexpr std::string_view KQK_TABLE = R"(material KQK.
main :: if true then [ by_kings, by_board ].
advice( by_kings, mate : true :
        (depth = 0) and filter(legal, distance(our_king, their_king) =:= 2 and
                                      edge_distance(their_king) =:= 0) :
        nomove ).
advice( by_board, mate : true :
        (depth = 0) and filter(legal, distance(our_king, their_king) =:= 2 and check) :
        nomove ).
)";

const search::GeneratorNode& sole_generator(const search::Program& program, int advice) {
    const search::MoveConstraint& c = program.advice[std::size_t(advice)].us_moves;
    return program.generators[c.alternatives[0].generators[0]];
}

// The moves advice ADVICE's filter keeps at S, white to move and S the root, and how many
// moves it played for them.
struct Filtered {
    std::vector<Move> moves;
    int plays = 0;
};
Filtered filtered(const CountingDomain& domain, const search::Program& program, int advice,
                  const endgame::State& s) {
    // One evaluator per root: it keeps the root values of the root it served.
    const search::Evaluator<CountingDomain> eval(domain, program);
    CountingDomain::Buffer out;
    domain.plays = 0;
    eval.generate(program.advice[std::size_t(advice)].us_moves, s, 0, out, &s);
    return {{out.begin(), out.end()}, domain.plays};
}

// The oracle: the moves of the filter's inner constraint after which its goal holds, tested
// after each move.
std::vector<Move> kept_after_each(const CountingDomain& domain, const search::Program& program,
                                  int advice, const endgame::State& s) {
    const search::GeneratorNode& filter = sole_generator(program, advice);
    const search::Evaluator<CountingDomain> eval(domain, program);
    CountingDomain::Buffer moves;
    eval.generate(program.constraints[filter.inner], s, 0, moves, &s);
    std::vector<Move> kept;
    for (Move m : moves)
        if (eval.holds(filter.goal, domain.play(s, m), s)) kept.push_back(m);
    return kept;
}

} // namespace

TEST_CASE("a filter whose goal reads only root values tests it once and keeps the moves that "
          "a test after each move keeps",
          "[search][endgame]") {
    const search::Program program = compile_table(KPK_TABLE, contract::chess::vocabulary);
    const search::GeneratorNode& by_root = sole_generator(program, 0);
    const search::GeneratorNode& by_node = sole_generator(program, 1);
    REQUIRE(by_root.op == search::GeneratorOp::filter);
    REQUIRE(by_node.op == search::GeneratorOp::filter);
    CHECK(by_root.node_blind());
    CHECK_FALSE(by_node.node_blind());

    const endgame::Roles roles = *endgame::roles_of("KPK");
    const CountingDomain domain(roles);
    int kept = 0, dropped = 0;
    for_each_spread(W_PAWN, {0, 5}, {3, 7}, {8, 3, 56}, [&](const Position& pos) {
        const endgame::State s = endgame::orient(roles, pos)->state;
        const std::vector<Move> expected = kept_after_each(domain, program, 0, s);
        const Filtered got = filtered(domain, program, 0, s);
        INFO(pos.fen());
        CHECK(got.plays == 0);
        REQUIRE(got.moves == expected);
        (expected.empty() ? dropped : kept)++;
    });
    // Both outcomes of the goal were met.
    CHECK(kept > 50);
    CHECK(dropped > 50);
}

TEST_CASE("a filter whose goal reads the kings' squares alone plays only the king moves and "
          "keeps the moves that a test after each move keeps; one that reads the check plays "
          "every move",
          "[search][endgame]") {
    const search::Program program = compile_table(KQK_TABLE, contract::chess::vocabulary);
    REQUIRE(sole_generator(program, 0).op == search::GeneratorOp::filter);
    CHECK(sole_generator(program, 0).goal_roles == 0b11); // our king, their king
    CHECK(sole_generator(program, 1).goal_roles == search::ALL_ROLES);

    const endgame::Roles roles = *endgame::roles_of("KQK");
    const CountingDomain domain(roles);
    int queen_moves_kept = 0, queen_moves_dropped = 0;
    for_each_spread(W_QUEEN, {0, 3}, {0, 5}, {1, 7}, [&](const Position& pos) {
        const endgame::State s = endgame::orient(roles, pos)->state;
        INFO(pos.fen());
        CountingDomain::Buffer king_moves;
        domain.generate(search::Instance{search::Instance::Kind::generator,
                                         contract::chess::G_MOVES,
                                         {endgame::OUR_KING, 0, 0}},
                        s, king_moves);
        for (int advice : {0, 1}) {
            const std::vector<Move> expected = kept_after_each(domain, program, advice, s);
            const Filtered got = filtered(domain, program, advice, s);
            REQUIRE(got.moves == expected);
            CHECK(got.plays == (advice == 0 ? king_moves.size() : int(generate_legal(pos).size())));
            if (advice == 1) continue;
            int queen_moves = 0;
            for (Move m : expected) queen_moves += !king_moves.contains(m);
            (queen_moves > 0 ? queen_moves_kept : queen_moves_dropped)++;
        }
    });
    // Both outcomes of the goal at the node were met.
    CHECK(queen_moves_kept > 20);
    CHECK(queen_moves_dropped > 200);
}

} // namespace test_filter_reads
