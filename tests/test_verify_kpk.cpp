// Verification of a KPK table over every won White-to-move position, going on after promotion
// with the KQK table: the verdict covers the whole line, and the lines cross the promotion.

#include "verify_fixture.hpp"

namespace test_verify_kpk {

using namespace al0;
using verify::Verdict;

TEST_CASE("a KPK table is verified through promotion, the KQK table taking over until mate",
          "[verify][kpk][.slow][slow]") {
    const verify::TableSet set{{test_table("kpk_small", "KPK"), test_table("kqk_small", "KQK")}};
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == won_positions(W_PAWN));
    CHECK(s.optimal_worst == 28); // the longest KPK mate
    REQUIRE(s.counts[std::size_t(Verdict::won)] > 0);
    CHECK(s.states > std::uint64_t(s.positions)); // KQK states were walked too
    std::uint64_t kqk_trees = 0;
    for (const verify::AdviceUse& a : s.advice_use)
        kqk_trees += a.table == "kqk_small" ? a.trees : 0;
    CHECK(kqk_trees > 0);
    // The longest win queens the pawn, then the KQK table mates.
    const verify::DefendingLine longest = v.line(v.worst_position());
    check_line_ends_as_said(longest);
    CHECK(int(longest.moves.size() + 1) / 2 == s.worst);
    const auto promoted = std::find(longest.advice.begin(), longest.advice.end(), "promote");
    REQUIRE(promoted != longest.advice.end());
    CHECK(longest.advice.back().starts_with("kqk_small: "));
    for (Verdict k : {Verdict::win_lost, Verdict::stalemate, Verdict::cycle})
        for (const Position& p : v.examples(k, 2)) {
            const verify::DefendingLine line = v.line(p);
            CHECK(line.verdict == k);
            check_line_ends_as_said(line);
        }
}

TEST_CASE("a KPK table without a table for the promoted material fails as no advice applies, "
          "naming the material",
          "[verify][kpk][.slow][slow]") {
    const verify::TableSet set{{test_table("kpk_small", "KPK")}};
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    // Won only where the promotion itself mates.
    for (const Position& p : v.examples(Verdict::won, 3)) {
        const verify::DefendingLine line = v.line(p);
        check_line_ends_as_said(line);
        CHECK(line.advice.back() == "promote");
    }
    REQUIRE(v.summary().counts[std::size_t(Verdict::no_advice)] > 0);
    bool named = false;
    for (const Position& p : v.examples(Verdict::no_advice, 20))
        named = named || v.line(p).note == "no table for KQK";
    CHECK(named);
}

} // namespace test_verify_kpk
