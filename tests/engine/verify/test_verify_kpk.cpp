// Verification of a KPK table over every won White-to-move position, going on after promotion
// with the KQK table: the verdict covers the whole line, and the lines cross the promotion.

#include "tests/support/tables_fixture.hpp"
#include "tests/support/verify_fixture.hpp"

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
    double kqk_excess = 0, excess = 0;
    for (const verify::AdviceUse& a : s.advice_use) {
        kqk_trees += a.table == "kqk_small" ? a.trees : 0;
        kqk_excess += a.table == "kqk_small" ? a.line_excess : 0;
        excess += a.line_excess;
    }
    CHECK(kqk_trees > 0);
    // The worst lines' losses add up to the excess, the KQK table's part of the lines included.
    CHECK(excess == Approx(s.excess_mean));
    CHECK(kqk_excess != 0);
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

TEST_CASE("a mate on the last move the fifty-move rule allows after a promotion is a win, one "
          "move more is over the limit, as the adjudicator counts",
          "[verify][endgame][kpk]") {
    // KPK positions where the pawn promotes at once (a reset), then the KQK table mates: the
    // rule with a limit of L moves allows the mate on White's L-th move after the promotion.
    const verify::TableSet set{
        {test_table("kpk_promote", "KPK"), verify::set_table(shipped("kqk"))}};
    constexpr int limit = 6;
    verify::VerifyOptions options;
    options.move_limit = limit;
    const auto v = verify::EndgameVerification::run(set, shared_registry(), options);
    int boundary = 0, over = 0;
    for (Verdict k : {Verdict::won, Verdict::over_fifty})
        for (const Position& p : v.examples(k, 1'000'000)) {
            const int after_promotion = v.worst(p) - 1;
            INFO(p.fen());
            CHECK(k == (after_promotion > limit ? Verdict::over_fifty : Verdict::won));
            boundary += after_promotion == limit;
            over += after_promotion > limit;
        }
    CHECK(boundary > 0);
    CHECK(over > 0);
}

} // namespace test_verify_kpk
