// The tree checker's own reference library (engine/verify/checker/reference_library.hpp): the trees
// of tables over the chess library pass it, and a lie planted in the library that builds the trees
// is caught.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/compile/compile.hpp"
#include "engine/endgame/think.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/search/core.hpp"
#include "engine/verify/checker/tree_checker.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "tables/builtin.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

namespace test_reference_library {

namespace {

using namespace al0;

// The native KRK domain with one planted bug: mate holds in stalemate too (no legal move, in
// check or not).
struct MateWithoutCheck : krk::KrkDomain {
    std::int32_t value(const search::Instance& in, const State& s) const {
        if (in.kind == search::Instance::Kind::predicate &&
            in.primitive == contract::chess::P_MATE) {
            search::Instance stalemate = in;
            stalemate.primitive = contract::chess::P_STALEMATE;
            return krk::KrkDomain::value(in, s) | krk::KrkDomain::value(stalemate, s);
        }
        return krk::KrkDomain::value(in, s);
    }
};
static_assert(search::InstanceDomain<MateWithoutCheck>);

struct Tally {
    int trees = 0, defects = 0;
    verify::Defect first{};
};

// Builds BUILDER's tree with DOMAIN from every STEP-th legal White-to-move position and checks
// it, as the piece of advice of the same name in CHECKED, with the tree checker.
template <class D>
Tally check_trees(const D& domain, const search::Program& builder, const search::Program& checked,
                  int step) {
    Tally t;
    const auto states = verify::legal_white_states();
    search::SearchResult<Move> r;
    for (std::size_t i = 0; i < states.size(); i += std::size_t(step)) {
        const krk::KrkState s = verify::state_at(states[i]);
        search::build_tree_into(domain, builder, s, {}, r);
        if (r.outcome != search::Outcome::found) continue;
        const int advice = checked.advice_index(builder.advice[std::size_t(r.advice)].name);
        REQUIRE(advice >= 0);
        ++t.trees;
        if (auto d = verify::check_tree(checked, checked.advice[std::size_t(advice)], r.tree,
                                        krk::to_position(s), false)) {
            if (t.defects++ == 0) t.first = d->kind;
        }
    }
    return t;
}

} // namespace

TEST_CASE("the tree checker's reference library passes the trees of the book table, over the "
          "prelude and native",
          "[verify][reference]") {
    const search::Program prelude = over_prelude("krk_bratko");
    const krk::KrkDomain domain;
    const Tally own = check_trees(domain, prelude, prelude, 37);
    CHECK(own.trees > 4000);
    CHECK(own.defects == 0);
    // Trees the native library built, checked as the same table over the prelude.
    const Tally native =
        check_trees(domain, compile_builtin("krk_bratko", krk::vocabulary), prelude, 37);
    CHECK(native.trees == own.trees);
    CHECK(native.defects == 0);
}

TEST_CASE("the tree checker's reference library passes the trees of the default table, written "
          "over the chess library with by-orders",
          "[verify][reference]") {
    const search::Program table = compile_builtin("krk", contract::chess::vocabulary);
    const Tally t = check_trees(krk::KrkDomain{}, table, table, 53);
    CHECK(t.trees > 3000);
    CHECK(t.defects == 0);
}

TEST_CASE("a predicate bug planted in the library that builds the trees (mate in stalemate) is "
          "caught by the tree checker",
          "[verify][reference]") {
    const search::Program prelude = over_prelude("krk_bratko");
    const Tally t = check_trees(MateWithoutCheck{}, prelude, prelude, 37);
    CHECK(t.trees > 4000);
    CHECK(t.defects > 0);
    CHECK(t.first == verify::Defect::better_fails_at_leaf); // a stalemate taken for mate
}

} // namespace test_reference_library

namespace test_reference_library {

namespace {

// Returns the first defect the tree checker finds in the plan TABLE (text over the chess
// library, material MATERIAL) makes at FEN, which must be found.
std::optional<verify::TreeDefect> plan_defect(std::string_view material, std::string_view table,
                                              std::string_view fen) {
    const auto roles = endgame::roles_of(material);
    REQUIRE(roles);
    const endgame::CompiledTable compiled{"test", *roles,
                                          compile_table(table, contract::chess::vocabulary)};
    const Position root = *Position::from_fen(fen);
    const auto r = endgame::think(compiled, root);
    REQUIRE(r);
    REQUIRE(r->outcome == search::Outcome::found);
    return verify::check_tree(compiled.program, compiled.program.advice[std::size_t(r->advice)],
                              r->tree, root, false);
}

} // namespace

TEST_CASE("the tree checker keeps a promoted pawn's role: value(our_pawn) is the new queen's",
          "[verify][reference]") {
    const auto defect = plan_defect("KPK",
                                    "material KPK.\nmain :: if true then [queen].\n"
                                    "advice(queen, value(our_pawn) =:= 9 : true : "
                                    "moves(our_pawn) : nomove).\n",
                                    "8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    CHECK_FALSE(defect);
}

TEST_CASE("the tree checker keeps two knights' roles when one jumps past the other",
          "[verify][reference]") {
    // our_knight1 is the knight on a1 at the root; after Nb3 it stands on b3, beyond b1's.
    const auto defect = plan_defect("KNNK",
                                    "material KNNK.\nmain :: if true then [jump].\n"
                                    "advice(jump, rank(our_knight1) =:= 3 : true : "
                                    "moves(our_knight1) : nomove).\n",
                                    "k7/8/8/8/8/8/8/NN5K w - - 0 1");
    CHECK_FALSE(defect);
}

} // namespace test_reference_library
