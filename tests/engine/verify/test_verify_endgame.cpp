// engine/verify, any material: the generic verifier (EndgameVerification) run on KRK through the
// native KRK domain gives the KRK fast path's figures position for position, and its lines are
// lines of the table; the fifty-move count resets at captures and pawn moves.

#include "engine/krk/krk_domain.hpp"
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"
#include "tools/app/verify_json.hpp"

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace test_verify_endgame {

using namespace al0;
using verify::Verdict;

namespace {

search::Program krk_table(const std::string& name) {
    if (name == "krk_bratko") return compile_builtin(name, krk::vocabulary);
    std::ifstream in(std::string(AL0_SOURCE_DIR) + "/tests/data/verify/" + name + ".al0");
    std::ostringstream text;
    text << in.rdbuf();
    return compile_table(text.str(), krk::vocabulary);
}

// A table set of one KRK table played by the native KRK domain.
verify::TableSet krk_set(const std::string& name, const search::Program& program) {
    auto shared = std::make_shared<const search::Program>(program);
    verify::SetTable t{*tablebase::Material::parse("KRK"), name, {}, {}};
    for (const auto& a : program.advice) t.advice.push_back(a.name);
    t.build = [shared](const Position& p, const search::Options& o,
                       search::SearchResult<Move>& result) {
        search::build_tree_into(krk::KrkDomain{}, *shared, *krk::to_state(p), o, result);
    };
    return {{t}};
}

const tablebase::KrkTablebase& krk_tb() {
    static const tablebase::KrkTablebase table = tablebase::KrkTablebase::build();
    return table;
}

// The first moves' losses of one advice, as the two verifiers measure them (their worst
// examples may differ: each is the first in its own verifier's order of positions).
void check_same_loss(const verify::MoveLoss& a, const verify::MoveLoss& b) {
    CHECK(a.moves == b.moves);
    CHECK(a.lost == b.lost);
    CHECK(a.losing == b.losing);
    CHECK(a.worst == b.worst);
}

// WIN_LOST: the table loses its rook, and the two verifiers stop at different points of such a
// line (the fast path at Black's capture, the generic one at White's move after which the
// tablebase no longer says won, leaving the other replies unwalked): only the verdicts agree.
void check_same_figures(const std::string& name, bool win_lost = false) {
    const search::Program program = krk_table(name);
    const verify::TableSet set = krk_set(name, program);
    // On different numbers of threads, so that the figures' sameness covers them too.
    verify::VerifyOptions one, three;
    one.threads = 1;
    three.threads = 3;
    const auto generic = verify::EndgameVerification::run(set, shared_registry(), three);
    const auto fast = verify::TableVerification::run(program, krk_tb(), one);
    const verify::TableSummary &g = generic.summary(), &f = fast.summary();
    CHECK(g.positions == verify::LEGAL_WHITE_STATES);
    CHECK(g.counts == f.counts);
    if (!win_lost) CHECK(g.reachable == f.reachable);
    CHECK(g.worst == f.worst);
    CHECK(g.mean == Approx(f.mean));
    CHECK(g.histogram == f.histogram);
    CHECK(g.optimal_histogram == f.optimal_histogram);
    CHECK(g.optimal_mean == Approx(f.optimal_mean));
    CHECK(g.excess_worst == f.excess_worst);
    if (!win_lost) CHECK(g.graph_edges == f.graph_edges);
    double excess = 0;
    for (std::size_t a = 0; a < g.advice_use.size(); ++a) {
        CHECK(g.advice_use[a].trees == f.advice_use[a].trees);
        if (!win_lost) check_same_loss(g.advice_use[a].loss, f.advice_use[a].loss);
        excess += g.advice_use[a].line_excess;
    }
    if (f.counts[std::size_t(Verdict::won)] > 0) CHECK(excess == Approx(g.excess_mean));
    // Position for position, on the examples of every verdict.
    for (Verdict k : verify::ALL_VERDICTS)
        for (const krk::KrkState& e : fast.examples(k, 3)) {
            const Position p = krk::to_position(e);
            CHECK(generic.verdict(p) == k);
            CHECK(generic.worst(p) == fast.worst(e));
            const verify::DefendingLine a = generic.line(p), b = fast.line(e);
            CHECK(a.verdict == b.verdict);
            CHECK(a.advice.size() == (a.moves.size() + 1) / 2);
            // Why not the moves: Black's replies come in another order, so ties between
            // equally long lines break differently.
            if (k == Verdict::won) CHECK(int(a.moves.size() + 1) / 2 == generic.worst(p));
        }
}

} // namespace

TEST_CASE("the generic verifier gives the book table's KRK figures, position for position",
          "[verify][endgame]") {
    check_same_figures("krk_bratko");
}

TEST_CASE("the generic verifier finds the broken KRK tables' failures as the fast path does",
          "[verify][endgame]") {
    for (const char* name : {"cycle", "no_advice"}) {
        INFO(name);
        check_same_figures(name);
    }
    check_same_figures("rook_lost", true);
}

TEST_CASE("the generic verifier's worst position is won with the summary's worst case",
          "[verify][endgame]") {
    const search::Program program = krk_table("krk_bratko");
    const verify::TableSet set = krk_set("krk_bratko", program);
    const auto v = verify::EndgameVerification::run(set, shared_registry(), {});
    const Position p = v.worst_position();
    CHECK(v.worst(p) == v.summary().worst);
    const verify::DefendingLine line = v.line(p);
    CHECK(int(line.moves.size() + 1) / 2 == v.summary().worst);
    CHECK(verify::advice_text(line).find(" [") != std::string::npos);
}

TEST_CASE("the generic verifier reports progress over every state its lines reach, not only the "
          "starts",
          "[verify]") {
    const search::Program program = krk_table("krk_bratko");
    const verify::TableSet set = krk_set("krk_bratko", program);
    std::vector<std::pair<std::size_t, std::size_t>> reports;
    verify::VerifyOptions options;
    options.sample = 20;
    options.threads = 2;
    options.progress = [&](std::size_t done, std::size_t total) {
        reports.emplace_back(done, total);
    };
    const auto v = verify::EndgameVerification::run(set, shared_registry(), options);
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.front().second == 20); // the starts first
    CHECK(v.summary().states > 20);      // their lines reach more states ...
    CHECK(reports.back() ==
          std::pair<std::size_t, std::size_t>(v.summary().states, v.summary().states));
    for (std::size_t i = 0; i < reports.size(); ++i) { // ... counted on, never back
        CHECK(reports[i].first <= reports[i].second);
        if (i > 0) CHECK(reports[i].first >= reports[i - 1].first);
        if (i > 0) CHECK(reports[i].second >= reports[i - 1].second);
    }
}

TEST_CASE("the generic verifier's progress counts the states walked one by one, not by the "
          "chunks handed to its threads",
          "[verify]") {
    const search::Program program = krk_table("krk_bratko");
    const verify::TableSet set = krk_set("krk_bratko", program);
    std::vector<std::size_t> first_round; // the counts reported while the starts are walked
    verify::VerifyOptions options;
    options.threads = 1;
    options.progress = [&](std::size_t done, std::size_t total) {
        if (total == std::size_t(verify::LEGAL_WHITE_STATES) && done < total)
            first_round.push_back(done);
    };
    verify::EndgameVerification::run(set, shared_registry(), options);
    // A chunk of KBNK states can take minutes: counted by chunks, the bar stood still as long.
    CHECK(std::any_of(first_round.begin(), first_round.end(),
                      [](std::size_t done) { return done % verify::ChunkShares::CHUNK != 0; }));
}

TEST_CASE("the generic verifier says when it finds its starts and when it solves its graph, "
          "the phases its progress does not count",
          "[verify]") {
    const search::Program program = krk_table("krk_bratko");
    const verify::TableSet set = krk_set("krk_bratko", program);
    std::vector<std::string> events;
    verify::VerifyOptions options;
    options.sample = 20;
    options.progress = [&](std::size_t, std::size_t) {
        if (events.empty() || events.back() != "progress") events.emplace_back("progress");
    };
    options.status = [&](const std::string& what) { events.push_back(what); };
    verify::EndgameVerification::run(set, shared_registry(), options);
    CHECK(events == std::vector<std::string>{"loading the tablebases, finding the won starts",
                                             "progress", "solving the graph"});
}

TEST_CASE("a report counts the lines it walks again, from none to all of them", "[verify]") {
    const search::Program program = krk_table("krk_bratko");
    const verify::TableSet set = krk_set("krk_bratko", program);
    verify::VerifyOptions options;
    options.sample = 50;
    const auto v = verify::EndgameVerification::run(set, shared_registry(), options);
    std::vector<std::pair<std::size_t, std::size_t>> reports;
    const tools::TableReport r =
        tools::make_report("krk_bratko", "KRK", v, 2, 3, [&](std::size_t done, std::size_t total) {
            reports.emplace_back(done, total);
        });
    std::size_t lines = r.worst_lines.size() + (r.worst_line ? 1 : 0);
    for (const auto& [verdict, examples] : r.examples) lines += examples.size();
    REQUIRE(lines > 1); // the worst line and a worst case's
    REQUIRE(reports.size() == lines + 1);
    for (std::size_t i = 0; i < reports.size(); ++i)
        CHECK(reports[i] == std::pair<std::size_t, std::size_t>(i, lines));
}

TEST_CASE("a cap on trees leaves the starts it does not reach unexplored, the same ones on any "
          "number of threads, and never calls a position won that is not",
          "[verify][endgame]") {
    const search::Program program = krk_table("krk_bratko");
    const verify::TableSet set = krk_set("krk_bratko", program);
    verify::VerifyOptions options;
    options.sample = 20;
    const auto whole = verify::EndgameVerification::run(set, shared_registry(), options);
    const std::uint64_t walked = whole.summary().states;
    REQUIRE(walked > 20);
    CHECK(whole.summary().unwalked == 0);
    options.max_trees = std::uint32_t(walked - 1); // one tree short of the whole walk
    const auto capped = verify::EndgameVerification::run(set, shared_registry(), options);
    options.threads = 2;
    const auto again = verify::EndgameVerification::run(set, shared_registry(), options);
    const verify::TableSummary& c = capped.summary();
    CHECK(c.states == walked - 1);
    CHECK(c.unwalked == 1); // every state was found, the last one not walked
    CHECK(c.positions == 20);
    const int unexplored = c.counts[std::size_t(Verdict::unexplored)];
    CHECK(unexplored > 0);
    CHECK(unexplored < 20);
    CHECK(c.counts[std::size_t(Verdict::won)] + unexplored == 20); // the book table wins these
    CHECK(again.summary().counts == c.counts);
    CHECK(again.summary().unwalked == c.unwalked);
    for (const Position& p : capped.examples(Verdict::won, 20)) {
        CHECK(whole.verdict(p) == Verdict::won);
        CHECK(capped.worst(p) == whole.worst(p));
    }
    for (const Position& p : capped.examples(Verdict::unexplored, 20)) {
        CHECK(again.verdict(p) == Verdict::unexplored);
        const verify::DefendingLine line = capped.line(p);
        CHECK(line.verdict == Verdict::unexplored);
        CHECK_FALSE(line.note.empty());
        CHECK(line.advice.size() == (line.moves.size() + 1) / 2);
    }
    options.max_trees = std::uint32_t(walked); // a cap the run does not reach changes nothing
    const auto roomy = verify::EndgameVerification::run(set, shared_registry(), options);
    CHECK(roomy.summary().counts == whole.summary().counts);
    CHECK(roomy.summary().unwalked == 0);
}

TEST_CASE("the state graph counts the fifty-move rule's plies from the last capture or pawn move",
          "[verify][endgame]") {
    // Counts are plies (fifty_move_count), the limit 100. 0 -(30 moves: 20 before a reset, 40
    // after)-> 1 (mates in 35: 68): 40 + 68 is over. 2 -(30 moves, no reset: 60)-> 3 (mates in
    // 25: 48): 108 from 2. 4 -(50 moves: 90 before, 10 after)-> 3: 90, then 10 + 48, both within
    // the limit, though its worst case is 75. 5 -(White's reset, Black's reply: 0 before, 1
    // after)-> 6 (mates in 50: 98): the mate lands on the 50th move after the reset, allowed;
    // 7 -(likewise)-> 8 (mates in 51): one move more, over.
    verify::StateGraph g;
    g.first = {0, 1, 1, 2, 2, 3, 4, 4, 5, 5};
    g.target = {1, 3, 3, 6, 8};
    g.moves = {30, 30, 50, 1, 1};
    g.before = {20, 60, 90, 0, 0};
    g.after = {40, verify::NO_RESET, 10, 1, 1};
    g.own_failures = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    g.own_mate = {0, 35, 0, 25, 0, 0, 50, 0, 51};
    const verify::GraphSolution s = verify::solve(g, fifty_move_limit());
    const std::uint8_t fifty = verify::verdict_bit(Verdict::over_fifty);
    CHECK(s.reachable[0] == fifty);
    CHECK(s.worst[0] == 65);
    CHECK(s.run[0] == 20);
    CHECK(s.reachable[2] == 0);
    CHECK(s.run[2] == 108);
    CHECK(s.reachable[4] == 0);
    CHECK(s.run[4] == 90);
    CHECK(s.worst[4] == 75);
    CHECK(s.reachable[5] == 0);
    CHECK(s.reachable[7] == fifty);
    verify::TableSummary summary;
    verify::SummaryTally tally(summary, fifty_move_limit());
    CHECK(tally.add(s.reachable[0], s.worst[0], s.run[0], 10) == Verdict::over_fifty);
    CHECK(tally.add(s.reachable[2], s.worst[2], s.run[2], 10) == Verdict::over_fifty);
    CHECK(tally.add(s.reachable[4], s.worst[4], s.run[4], 10) == Verdict::won);
    CHECK(tally.add(s.reachable[5], s.worst[5], s.run[5], 10) == Verdict::won);
}

} // namespace test_verify_endgame
