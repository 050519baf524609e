// A symmetric table verified once per symmetry class: the same figures as over every position,
// from about an eighth of the trees (a few positions' classes, picked by a start filter).

#include "engine/endgame/symmetry.hpp"
#include "tests/support/verify_fixture.hpp"

namespace test_verify_classes {

using namespace al0;
using verify::Verdict;

namespace {

verify::SetTable symmetric_table(const std::string& name, const char* material) {
    const std::string text = test::read_source("tests/data/verify/" + name + ".al0");
    return verify::set_table({name, *endgame::roles_of(material),
                              compile_table(text, contract::chess::vocabulary), search::Program{},
                              true});
}

// Runs SET from the won positions with the black king on the edge and the kings at most
// MAX_GAP apart (a filter the symmetries keep), by class or at every position.
verify::EndgameVerification run(const verify::TableSet& set, int max_gap, bool by_class) {
    verify::VerifyOptions options;
    options.by_class = by_class;
    options.starts_where = [max_gap](const Position& p) {
        const Square k = p.king(BLACK);
        const bool edge = file_of(k) == 0 || file_of(k) == 7 || rank_of(k) == 0 || rank_of(k) == 7;
        return edge && distance(p.king(WHITE), k) <= max_gap;
    };
    return verify::EndgameVerification::run(set, shared_registry(), options);
}

void check_same_figures(const verify::TableSummary& a, const verify::TableSummary& b) {
    CHECK(a.positions == b.positions);
    CHECK(a.population == b.population);
    CHECK(a.counts == b.counts);
    CHECK(a.reachable == b.reachable);
    CHECK(a.worst == b.worst);
    CHECK(a.mean == Approx(b.mean));
    CHECK(a.histogram == b.histogram);
    CHECK(a.optimal_histogram == b.optimal_histogram);
    CHECK(a.optimal_mean == Approx(b.optimal_mean));
    CHECK(a.excess_mean == Approx(b.excess_mean));
    CHECK(a.excess_worst == b.excess_worst);
}

} // namespace

TEST_CASE("a symmetric KQK table verified by class has every figure of the verification at every "
          "position, from fewer trees, and its lines are the position's own",
          "[verify][kqk]") {
    const verify::TableSet set{{symmetric_table("kqk_small", "KQK")}};
    const auto by_class = run(set, 2, true);
    const auto every = run(set, 2, false);
    const verify::TableSummary &c = by_class.summary(), &e = every.summary();
    REQUIRE(e.positions > 500);
    check_same_figures(c, e);
    CHECK(c.states * 5 < e.states);
    for (Verdict v : {Verdict::won, Verdict::cycle})
        for (const Position& p : every.examples(v, 3)) {
            CHECK(by_class.verdict(p) == v);
            const verify::DefendingLine line = by_class.line(p);
            CHECK(line.start.fen() == p.fen());
            if (v == Verdict::won) {
                CHECK(by_class.worst(p) == every.worst(p));
                check_line_ends_as_said(line);
            }
        }
}

TEST_CASE("a symmetric KPK table verified by class (the file mirror) has the figures of every "
          "position when the KQK table it promotes into is symmetric too; else it is verified at "
          "every position",
          "[verify][kpk]") {
    const verify::TableSet both{
        {symmetric_table("kpk_small", "KPK"), symmetric_table("kqk_small", "KQK")}};
    const auto by_class = run(both, 2, true);
    const auto every = run(both, 2, false);
    REQUIRE(every.summary().positions > 100);
    check_same_figures(by_class.summary(), every.summary());
    CHECK(by_class.summary().states < every.summary().states);
    const verify::TableSet kqk_as_written{
        {symmetric_table("kpk_small", "KPK"), test_table("kqk_small", "KQK")}};
    CHECK(run(kqk_as_written, 2, true).summary().states ==
          run(kqk_as_written, 2, false).summary().states);
}

} // namespace test_verify_classes
