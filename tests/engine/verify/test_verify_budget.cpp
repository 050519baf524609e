// engine/verify: a state whose search runs out of its node budget on the walk's threads is walked
// again alone, with the failure memo forgotten (verify/shared/budget_retries.hpp), so that
// "over the budget" does not depend on what the other threads searched meanwhile.

#include "engine/krk/krk_domain.hpp"
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include <memory>
#include <thread>

namespace test_verify_budget {

using namespace al0;
using verify::Verdict;

// The book's KRK table, played by the native KRK domain. With NOISY, a search at about one
// position in eight that runs on another thread than THIS_THREAD gets a budget of one node: as
// a search does whose failures another thread's searches evicted from the memo.
verify::TableSet book_set(bool noisy, std::thread::id this_thread) {
    auto program =
        std::make_shared<const search::Program>(compile_builtin("krk_bratko", krk::vocabulary));
    verify::SetTable t{*tablebase::Material::parse("KRK"), "krk_bratko", {}, {}};
    for (const auto& a : program->advice) t.advice.push_back(a.name);
    t.build = [program, noisy, this_thread](const Position& p, search::Options o,
                                            search::SearchResult<Move>& result) {
        if (noisy && std::this_thread::get_id() != this_thread &&
            (p.occupied() * 0x9E3779B97F4A7C15ull) >> 61 == 0)
            o.node_budget = 1;
        search::build_tree_into(krk::KrkDomain{}, *program, *krk::to_state(p), o, result);
    };
    return {{t}};
}

TEST_CASE("a state over the budget on the threads is walked again alone, and the verification "
          "comes out as if it had fitted the first time",
          "[verify][endgame]") {
    verify::VerifyOptions quiet, noisy;
    quiet.sample = noisy.sample = 300;
    quiet.threads = 1;
    noisy.threads = 2;
    noisy.progress = [](std::size_t, std::size_t) {}; // every state walked on a thread of its own
    const verify::TableSet plain = book_set(false, std::this_thread::get_id()),
                           spoilt = book_set(true, std::this_thread::get_id());
    const auto q = verify::EndgameVerification::run(plain, shared_registry(), quiet);
    const auto n = verify::EndgameVerification::run(spoilt, shared_registry(), noisy);
    const verify::TableSummary &a = q.summary(), &b = n.summary();
    CHECK(a.retries.retried == 0);
    CHECK(b.retries.retried > 10);
    CHECK(b.retries.fitted == b.retries.retried); // alone, with the whole budget, each fits
    CHECK(b.retries.nodes > 0);
    CHECK(b.counts[std::size_t(Verdict::budget_exceeded)] == 0);
    CHECK(b.counts == a.counts);
    CHECK(b.reachable == a.reachable);
    CHECK(b.failing_states == a.failing_states);
    CHECK(b.histogram == a.histogram);
    CHECK(b.worst == a.worst);
    CHECK(b.mean == a.mean);
    CHECK(b.states == a.states); // the retried states' lines were walked on
    CHECK(b.graph_edges == a.graph_edges);
    for (std::size_t i = 0; i < a.advice_use.size(); ++i) {
        CHECK(b.advice_use[i].trees == a.advice_use[i].trees);
        CHECK(b.advice_use[i].loss.lost == a.advice_use[i].loss.lost);
        CHECK(b.advice_use[i].line_excess == a.advice_use[i].line_excess);
    }
}

} // namespace test_verify_budget
