#pragma once
// What the parity tests of compiled goals (tests/engine/codegen) share: a program with its goals
// loaded as machine code, the KRK positions where two programs search differently, and the
// comparison of two KRK programs' verification figures.

#include "engine/codegen/goal_library.hpp"
#include "engine/krk/krk_library_domain.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tests/support/same_figures.hpp"
#include "tests/support/same_search.hpp"

#include <catch2/catch.hpp>

#include <string>

// PROGRAM with its goals as machine code, loaded by LOAD (a codegen loader of a program): a
// build that cannot compile them fails here (the sanitizer build skips these tests).
template <class Load>
al0::search::Program with_compiled_goals(al0::search::Program program, Load&& load) {
    const auto loaded = load(program);
    INFO((loaded ? std::string() : loaded.error()));
    REQUIRE(loaded);
    return program;
}

// The positions (indices of verify::legal_white_states) where the two KRK programs build
// different trees or search different node counts, each on the domain it runs on
// (krk::on_krk_domain) and each tree fresh: the failures kept across searches (failure_memo.hpp)
// would make a tree's node count depend on the trees before it.
inline int differing_krk_positions(const al0::search::Program& a, const al0::search::Program& b) {
    al0::search::SearchResult<al0::Move> x, y;
    int differ = 0;
    for (std::int32_t index : al0::verify::legal_white_states()) {
        const al0::krk::KrkState s = al0::verify::state_at(index);
        al0::search::FailureMemo::forget_all();
        al0::krk::build_krk_tree_into(a, s, {}, x);
        al0::search::FailureMemo::forget_all();
        al0::krk::build_krk_tree_into(b, s, {}, y);
        differ += !(same_search(x, y) && x.attempts.size() == y.attempts.size());
    }
    return differ;
}

// Checks that the KRK programs A and B verify to the same figures over all KRK positions, each
// verified on one thread from no kept failure, as a new `al0 verify --threads 1` (on more, which
// thread finds which kept failure varies the node count).
inline void check_same_krk_verification(const al0::search::Program& a,
                                        const al0::search::Program& b) {
    static const al0::tablebase::KrkTablebase tb = al0::tablebase::KrkTablebase::build();
    al0::verify::VerifyOptions options;
    options.threads = 1;
    al0::search::FailureMemo::forget_all();
    const al0::verify::TableSummary x =
        al0::verify::TableVerification::run(a, tb, options).summary();
    al0::search::FailureMemo::forget_all();
    const al0::verify::TableSummary y =
        al0::verify::TableVerification::run(b, tb, options).summary();
    CHECK(x.positions == 175'168);
    check_same_figures(x, y);
}
