// Verification of KQK tables over every won White-to-move position, through the endgame domain
// as `al0 play` runs them: a small table of the tests' own, and planted weaknesses (a
// table that can stalemate, one that can lose the queen) reported with the right verdict and a
// line that ends in it.

#include "tests/support/verify_fixture.hpp"

namespace test_verify_kqk {

using namespace al0;
using verify::Verdict;

namespace {

verify::TableSet kqk_set(const std::string& name) { return {{test_table(name, "KQK")}}; }

} // namespace

TEST_CASE("a small KQK table is verified over every won position: mates, and the cycles its "
          "box allows, each replayed",
          "[verify][kqk][.slow][slow]") {
    const verify::TableSet set = kqk_set("kqk_small");
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == won_positions(W_QUEEN));
    CHECK(s.counts[std::size_t(Verdict::won)] + s.counts[std::size_t(Verdict::cycle)] ==
          s.positions);
    CHECK(s.optimal_worst == 10); // the longest KQK mate
    CHECK(s.worst >= s.optimal_worst);
    CHECK(s.excess_mean >= 0);
    CHECK(s.histogram.size() == std::size_t(s.worst) + 1);
    const Position worst = v.worst_position();
    CHECK(v.worst(worst) == s.worst);
    const verify::DefendingLine longest = v.line(worst);
    CHECK(int(longest.moves.size() + 1) / 2 == s.worst);
    check_line_ends_as_said(longest);
    for (const Position& p : v.examples(Verdict::cycle, 3)) {
        const verify::DefendingLine line = v.line(p);
        check_line_ends_as_said(line);
        REQUIRE(line.repeats_from >= 0);
        Position a = line.start, b = line.start;
        for (std::size_t i = 0; i < line.moves.size(); ++i) {
            if (int(i) < line.repeats_from) a.do_move(line.moves[i]);
            b.do_move(line.moves[i]);
        }
        CHECK(a.key() == b.key()); // the line comes back to where it repeats from
    }
    std::uint64_t trees = 0;
    double excess = 0;
    for (const verify::AdviceUse& a : s.advice_use) trees += a.trees, excess += a.line_excess;
    CHECK(trees == s.states);
    CHECK(excess == Approx(s.excess_mean)); // the worst lines' losses add up to the excess
}

TEST_CASE("a KQK table that can stalemate is reported as stalemate, with the stalemating line",
          "[verify][kqk][.slow][slow]") {
    const verify::TableSet set = kqk_set("kqk_stalemate");
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    REQUIRE(v.summary().counts[std::size_t(Verdict::stalemate)] > 0);
    for (const Position& p : v.examples(Verdict::stalemate, 3)) {
        const verify::DefendingLine line = v.line(p);
        CHECK(line.verdict == Verdict::stalemate);
        check_line_ends_as_said(line);
    }
}

TEST_CASE("a KQK table that can lose its queen is reported as win lost, the line ending at the "
          "move that loses it",
          "[verify][kqk][.slow][slow]") {
    const verify::TableSet set = kqk_set("kqk_queen_lost");
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    REQUIRE(v.summary().counts[std::size_t(Verdict::win_lost)] > 0);
    for (const Position& p : v.examples(Verdict::win_lost, 3)) {
        const verify::DefendingLine line = v.line(p);
        CHECK(line.verdict == Verdict::win_lost);
        check_line_ends_as_said(line);
    }
}

} // namespace test_verify_kqk
