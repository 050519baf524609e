// The proof that the language is enough: the book's KRK vocabulary written in AL0
// (tables/lib/krk_book.al0, over the chess library) makes the book's table build the very same
// forcing trees as the native KRK library on every White-to-move position, and verify to the
// same figures.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/compile/compile.hpp"
#include "engine/krk/krk_library_domain.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tables/builtin.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/same_search.hpp"

#include <catch2/catch.hpp>

#include <cmath>

namespace test_prelude_parity {

namespace {

using namespace al0;

// Checks that both programs choose the same rule and advice and build the same tree (so the
// same first move) from every legal White-to-move position, each on the domain it runs on:
// searched alike (the same node count) where the prelude's search remembers nothing, and to
// the same tree in fewer nodes where it keeps its failures across searches.
void check_same_trees(const search::Program& native, const search::Program& prelude) {
    search::Options remembering_nothing;
    remembering_nothing.explain = true; // an explaining search keeps no memo
    search::SearchResult<Move> a, b, c;
    int positions = 0, differ = 0;
    std::uint64_t native_nodes = 0, remembering_nodes = 0;
    for (std::int32_t index : verify::legal_white_states()) {
        const krk::KrkState s = verify::state_at(index);
        krk::build_krk_tree_into(native, s, {}, a);
        krk::build_krk_tree_into(prelude, s, remembering_nothing, b);
        krk::build_krk_tree_into(prelude, s, {}, c);
        ++positions;
        native_nodes += a.stats.nodes;
        remembering_nodes += c.stats.nodes;
        const bool same = same_search(a, b) && same_plan(a, c);
        if (!same && ++differ <= 3) {
            INFO("position index " << index);
            CHECK(a.rule == b.rule);
            CHECK(a.advice == b.advice);
            CHECK(a.stats.nodes == b.stats.nodes);
            CHECK(same_plan(a, c));
        }
    }
    CHECK(positions == verify::LEGAL_WHITE_STATES);
    CHECK(differ == 0);
    CHECK(remembering_nodes < native_nodes);
}

const tablebase::KrkTablebase& tb() {
    static const tablebase::KrkTablebase table = tablebase::KrkTablebase::build();
    return table;
}

} // namespace

TEST_CASE("the book table over the AL0 prelude builds the native library's tree on all 175,168 "
          "positions",
          "[prelude][parity]") {
    check_same_trees(compile_builtin("krk_bratko", krk::vocabulary), over_prelude("krk_bratko"));
}

TEST_CASE("the book table over the AL0 prelude verifies to the native figures: 175,120 won, 48 "
          "stalemates, worst 34, mean 19.73",
          "[prelude][verify]") {
    const auto v = verify::TableVerification::run(over_prelude("krk_bratko"), tb(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 175'168);
    CHECK(s.counts[std::size_t(verify::Verdict::won)] == 175'120);
    CHECK(s.counts[std::size_t(verify::Verdict::stalemate)] == 48);
    CHECK(s.worst == 34);
    CHECK(std::round(s.mean * 100) == 1973);
}

} // namespace test_prelude_parity
