// tables/krk.al0, al0's default KRK table: verified over all 175,168 positions against every
// defence, it wins every one within the bounds it reached (a regression fails here).

#include "contract/chess_library.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tests/support/program_fixture.hpp"

namespace test_default_table {

using namespace al0;

namespace {

// The figures tables/krk.al0 reached (README.md, "The KRK tables"): worst case 24 moves (246
// positions), mean 12.7962.
constexpr int WORST_BOUND = 24;
constexpr double MEAN_BOUND = 12.80;

} // namespace

TEST_CASE("the default table mates from every position against every defence within its bounds",
          "[verify][default_table]") {
    const search::Program program = compile_builtin("krk", contract::chess::vocabulary);
    const auto v = verify::TableVerification::run(program, tablebase::KrkTablebase::build(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 175'168);
    CHECK(s.failed() == 0);
    CHECK(s.counts[std::size_t(verify::Verdict::won)] == 175'168);
    CHECK(s.worst <= WORST_BOUND);
    CHECK(s.mean <= MEAN_BOUND);
}

} // namespace test_default_table
