// engine/verify: whole-table verification reproduces the play loop against every defence (its
// lines replay move for move in play::Game), finds the book table's stalemates and each kind of
// failure in broken tables; per-advice verification re-checks trees and measures completeness.

#include "engine/chess/movegen.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/play/game.hpp"
#include "engine/tablebase/krk_index.hpp"
#include "engine/verify/advice/advice_verifier.hpp"
#include "engine/verify/checker/tree_checker.hpp"
#include "engine/verify/graph/state_graph.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "engine/verify/krk/optimal_defender.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tests/support/play_fixture.hpp"
#include "tests/support/program_fixture.hpp"

#include <fstream>
#include <random>
#include <sstream>

namespace test_verify {

using namespace al0;
using verify::Verdict;

namespace {

const tablebase::KrkTablebase& tb() {
    static const tablebase::KrkTablebase table = tablebase::KrkTablebase::build();
    return table;
}

search::Program table_file(const std::string& name) {
    std::ifstream in(std::string(AL0_SOURCE_DIR) + "/tests/data/verify/" + name + ".al0");
    std::ostringstream text;
    text << in.rdbuf();
    return compile_table(text.str(), krk::vocabulary);
}

search::Program book() { return compile_builtin("krk_bratko", krk::vocabulary); }

int count(const verify::TableSummary& s, Verdict v) { return s.counts[std::size_t(v)]; }

// Returns the table NAME (krk_bratko or a file of tests/data/verify) as the play loop plays it.
play::Table playable(const std::string& name) {
    if (name == "krk_bratko") return krk_table(name);
    std::ifstream in(std::string(AL0_SOURCE_DIR) + "/tests/data/verify/" + name + ".al0");
    std::ostringstream text;
    text << in.rdbuf();
    return krk_table_text(text.str(), name);
}

// Replays a defending line in play::Game (the interactive loop) with the table NAME: the engine
// must choose every White move of the line, and the game must end as the verdict says.
void replay_in_game(const std::string& name, const verify::DefendingLine& line) {
    INFO(line.start.fen() << "  " << verify::line_text(line));
    auto game = game_of(playable(name), line.start);
    for (std::size_t ply = 0; ply < line.moves.size(); ++ply) {
        if (ply % 2 == 0) {
            auto played = game.engine_move();
            REQUIRE(played);
            REQUIRE(played->move == line.moves[ply]);
        } else {
            REQUIRE_FALSE(game.opponent_move(line.moves[ply]));
        }
    }
    switch (line.verdict) {
    case Verdict::won:
    case Verdict::over_fifty:
        CHECK(game.ending() == play::Ending::mate);
        break;
    case Verdict::stalemate:
        CHECK(game.ending() == play::Ending::stalemate);
        break;
    case Verdict::win_lost:
        CHECK(game.ending() == play::Ending::insufficient_material);
        break;
    case Verdict::no_advice:
        CHECK_FALSE(game.engine_move());
        CHECK(game.ending() == play::Ending::no_advice);
        break;
    case Verdict::budget_exceeded:
        CHECK_FALSE(game.engine_move());
        break;
    case Verdict::depth_exceeded:
        CHECK_FALSE(game.engine_move());
        CHECK(game.ending() == play::Ending::depth_exceeded);
        break;
    case Verdict::unexplored: // the line ends where the verifier stopped walking: play goes on
        CHECK(game.engine_to_move());
        CHECK(game.ending() == play::Ending::none);
        break;
    case Verdict::cycle: {
        REQUIRE(line.repeats_from >= 0);
        Position earlier = line.start;
        for (int ply = 0; ply < line.repeats_from; ++ply)
            earlier.do_move(line.moves[std::size_t(ply)]);
        CHECK(*krk::to_state(game.position()) == *krk::to_state(earlier));
        CHECK(game.engine_to_move());
        CHECK_FALSE(game.has_tree()); // a rebuild state, so play goes round again
        break;
    }
    }
}

} // namespace

TEST_CASE("the verifier's positions are exactly the tablebase's legal White-to-move positions",
          "[verify]") {
    const auto states = verify::legal_white_states();
    CHECK(states.size() == std::size_t(verify::LEGAL_WHITE_STATES));
    int legal = 0;
    for (int i = 0; i < verify::STATE_INDICES; ++i) {
        const krk::KrkState s = verify::state_at(i);
        legal += tb().entry(WHITE, s.wk, s.bk, s.wr) != tablebase::ILLEGAL;
    }
    CHECK(legal == verify::LEGAL_WHITE_STATES);
    for (std::int32_t i : states) {
        const krk::KrkState s = verify::state_at(i);
        REQUIRE(tb().entry(WHITE, s.wk, s.bk, s.wr) != tablebase::ILLEGAL);
        REQUIRE(verify::state_index(s) == i);
    }
}

TEST_CASE("the state graph settles worst cases, reachable failures and cycles", "[verify]") {
    // 0 -(2)-> 1 (mates in 3); 2 <-> 3 (a cycle); 4 -(1)-> 5 (stalemates); 6 -> 0 and 6 -> 4.
    verify::StateGraph g;
    g.first = {0, 1, 1, 2, 3, 4, 4, 6};
    g.target = {1, 3, 2, 5, 0, 4};
    g.moves = {2, 1, 1, 1, 4, 1};
    g.own_failures = {0, 0, 0, 0, 0, verify::verdict_bit(Verdict::stalemate), 0};
    g.own_mate = {1, 3, 0, 0, 0, 0, 0};
    const verify::GraphSolution s = verify::solve(g, fifty_move_limit());
    CHECK(s.reachable[1] == 0);
    CHECK(s.worst[1] == 3);
    CHECK(s.reachable[0] == 0);
    CHECK(s.worst[0] == 5);
    CHECK(s.reachable[2] == verify::verdict_bit(Verdict::cycle));
    CHECK(s.reachable[3] == verify::verdict_bit(Verdict::cycle));
    CHECK(s.component[2] == s.component[3]);
    CHECK(s.cyclic[s.component[2]]);
    CHECK(s.reachable[4] == verify::verdict_bit(Verdict::stalemate));
    CHECK(s.reachable[6] == verify::verdict_bit(Verdict::stalemate));
}

TEST_CASE("the book table wins every position except its stalemates, which replay in the play loop",
          "[verify]") {
    const search::Program program = book();
    const auto v = verify::TableVerification::run(program, tb(), {});
    const verify::TableSummary& s = v.summary();
    CHECK(s.positions == 175'168);
    CHECK(count(s, Verdict::stalemate) == 48);
    CHECK(count(s, Verdict::won) == 175'168 - 48);
    CHECK(s.worst == 34);
    CHECK(s.optimal_worst == 16);
    CHECK(s.excess_worst >= s.worst - 16);
    int histogram = 0;
    for (int n : s.histogram) histogram += n;
    CHECK(histogram == count(s, Verdict::won));
    for (const krk::KrkState& e : v.examples(Verdict::stalemate, 48))
        replay_in_game("krk_bratko", v.line(e));
}

TEST_CASE("a won position's longest line takes its worst case and replays to mate in the play loop",
          "[verify]") {
    const search::Program program = book();
    const auto v = verify::TableVerification::run(program, tb(), {});
    for (const krk::KrkState& e : v.examples(Verdict::won, 40)) {
        const verify::DefendingLine line = v.line(e);
        CHECK(int(line.moves.size() + 1) / 2 == v.worst(e));
        CHECK(v.worst(e) >= tb().entry(WHITE, e.wk, e.bk, e.wr));
        replay_in_game("krk_bratko", line);
    }
}

TEST_CASE("random defences against the book table end in mate within each position's worst case",
          "[verify]") {
    const search::Program program = book();
    const auto v = verify::TableVerification::run(program, tb(), {});
    const auto states = verify::legal_white_states();
    std::mt19937 rng(7);
    for (std::size_t i = 0; i < states.size(); i += 1009) {
        const krk::KrkState s = verify::state_at(states[i]);
        if (v.verdict(s) != Verdict::won) continue;
        auto game = game_of(playable("krk_bratko"), krk::to_position(s));
        int white_moves = 0;
        while (!game.over()) {
            if (game.engine_to_move()) {
                REQUIRE(game.engine_move());
                ++white_moves;
            } else {
                const MoveList replies = generate_legal(game.position());
                REQUIRE_FALSE(game.opponent_move(replies[int(rng() % unsigned(replies.size()))]));
            }
        }
        INFO(krk::to_position(s).fen());
        CHECK(game.ending() == play::Ending::mate);
        CHECK(white_moves <= v.worst(s));
    }
}

TEST_CASE("a table that leaves the rook en prise is reported as win lost, with the capture",
          "[verify]") {
    const search::Program program = table_file("rook_lost");
    const auto v = verify::TableVerification::run(program, tb(), {});
    CHECK(count(v.summary(), Verdict::win_lost) > 0);
    CHECK(count(v.summary(), Verdict::won) == 0);
    for (const krk::KrkState& e : v.examples(Verdict::win_lost, 3))
        replay_in_game("rook_lost", v.line(e));
}

TEST_CASE("a table whose only advice can fail is reported as no advice applies", "[verify]") {
    const search::Program program = table_file("no_advice");
    const auto v = verify::TableVerification::run(program, tb(), {});
    CHECK(count(v.summary(), Verdict::no_advice) == 175'168);
    for (const krk::KrkState& e : v.examples(Verdict::no_advice, 3))
        replay_in_game("no_advice", v.line(e));
}

TEST_CASE("a table that only waits is reported as cycles, each line returning to a position",
          "[verify]") {
    const search::Program program = table_file("cycle");
    const auto v = verify::TableVerification::run(program, tb(), {});
    CHECK(count(v.summary(), Verdict::cycle) > 0);
    CHECK(v.summary().reachable[std::size_t(Verdict::cycle)] >= count(v.summary(), Verdict::cycle));
    for (const krk::KrkState& e : v.examples(Verdict::cycle, 3)) replay_in_game("cycle", v.line(e));
}

TEST_CASE("worst cases above the move limit fail as over fifty moves", "[verify]") {
    const search::Program program = book();
    verify::VerifyOptions options;
    options.move_limit = 30;
    const auto v = verify::TableVerification::run(program, tb(), options);
    const verify::TableSummary& s = v.summary();
    CHECK(s.worst == 30);
    CHECK(count(s, Verdict::over_fifty) > 0);
    CHECK(count(s, Verdict::stalemate) == 48);
    for (const krk::KrkState& e : v.examples(Verdict::over_fifty, 2)) {
        const verify::DefendingLine line = v.line(e);
        CHECK(int(line.moves.size() + 1) / 2 > 30);
        replay_in_game("krk_bratko", line);
    }
}

TEST_CASE("a search over its node budget is reported, never taken for a plan", "[verify]") {
    verify::VerifyOptions options;
    options.search.node_budget = 1;
    const auto v = verify::TableVerification::run(book(), tb(), options);
    CHECK(count(v.summary(), Verdict::budget_exceeded) == 175'168);
}

TEST_CASE("whole-table verification gives the same answer on one thread and on several",
          "[verify]") {
    const search::Program program = table_file("cycle");
    verify::VerifyOptions one, three;
    one.threads = 1;
    three.threads = 3;
    const auto a = verify::TableVerification::run(program, tb(), one);
    const auto b = verify::TableVerification::run(program, tb(), three);
    CHECK(a.summary().counts == b.summary().counts);
    CHECK(a.summary().reachable == b.summary().reachable);
    CHECK(a.summary().graph_edges == b.summary().graph_edges);
    for (Verdict k : verify::ALL_VERDICTS) {
        const auto ea = a.examples(k, 2);
        REQUIRE(ea == b.examples(k, 2));
        for (const krk::KrkState& e : ea) CHECK(a.line(e).moves == b.line(e).moves);
    }
}

TEST_CASE("mate_in_2 verification is sound and finds every mate in two", "[verify][advice]") {
    const search::Program program = book();
    const auto r = verify::verify_advice(program, program.advice_index("mate_in_2"), tb(), {}, 3);
    CHECK(r.mating);
    CHECK(r.mate_depth == 2);
    CHECK(r.satisfiable > 0);
    CHECK(r.defects.empty());
    CHECK(r.unsound.empty());
    CHECK(r.sound == r.satisfiable);
    const auto& by_mate = tb().stats().by_mate_in[WHITE];
    CHECK(r.mate_within_depth == by_mate[1] + by_mate[2]);
    CHECK(r.found + r.missed() == r.mate_within_depth);
    CHECK(r.passed());
}

TEST_CASE("weakened mating advice misses positions, grouped by why, with lines",
          "[verify][advice]") {
    const search::Program program = table_file("mate_in_2_weakened");
    const auto rook_first =
        verify::verify_advice(program, program.advice_index("rook_first"), tb(), {}, 2);
    CHECK(rook_first.passed());
    CHECK(rook_first.sound == rook_first.satisfiable);
    CHECK(rook_first.missed() > 0);
    CHECK(rook_first.found + rook_first.missed() == rook_first.mate_within_depth);
    for (const verify::ReasonGroup& g : rook_first.misses)
        CHECK(g.reason.find("unexplained") == std::string::npos);
    CHECK(rook_first.misses.front().reason == "depth 0: no allowed move mates in time");

    const auto inside =
        verify::verify_advice(program, program.advice_index("king_inside"), tb(), {}, 2);
    REQUIRE(inside.misses.size() == 1);
    CHECK(inside.misses.front().reason == "depth 0: the holding goal fails (not our_king_edge)");
    for (const verify::AdviceExample& e : inside.misses.front().examples) {
        const krk::KrkState s = *krk::to_state(e.position);
        CHECK(krk::on_edge(s.wk));
        CHECK(tb().entry(WHITE, s.wk, s.bk, s.wr) <= 2);
    }
}

TEST_CASE("non-mating advice trees are re-checked without tablebase figures", "[verify][advice]") {
    const search::Program program = book();
    const auto r = verify::verify_advice(program, program.advice_index("squeeze"), tb(), {}, 1);
    CHECK_FALSE(r.mating);
    CHECK(r.satisfiable > 0);
    CHECK(r.defects.empty());
    CHECK(r.passed());
}

namespace {

// The first position (in index order) where the advice's tree has a them node with at least
// `replies` replies, with that tree and node.
struct TreeAt {
    Position root;
    search::ForcingTree<Move> tree;
    std::uint32_t them = 0;
};
TreeAt first_tree(const search::Program& program, const search::CompiledAdvice& advice,
                  std::uint32_t replies) {
    const krk::KrkDomain domain;
    TreeAt t;
    for (std::int32_t i : verify::legal_white_states()) {
        const krk::KrkState s = verify::state_at(i);
        t.tree = {};
        search::Statistics stats;
        if (search::AdviceSearch<krk::KrkDomain>(domain, program, advice, s, t.tree, stats, 100000)
                .run()
                .failure != search::Failure::none)
            continue;
        t.root = krk::to_position(s);
        for (t.them = 0; t.them < t.tree.nodes.size(); ++t.them)
            if (t.tree.node(t.them).kind == search::NodeKind::them &&
                t.tree.node(t.them).edge_count >= replies)
                return t;
    }
    FAIL("no such tree");
    return t;
}

} // namespace

TEST_CASE("the tree checker finds a missing reply, an illegal move and a false leaf",
          "[verify][advice]") {
    const search::Program program = book();
    const auto& mate_in_2 = program.advice[std::size_t(program.advice_index("mate_in_2"))];
    const auto& divide_in_2 = program.advice[std::size_t(program.advice_index("divide_in_2"))];

    const TreeAt divide = first_tree(program, divide_in_2, 2);
    REQUIRE_FALSE(verify::check_tree(program, divide_in_2, divide.tree, divide.root, false));
    auto missing = divide.tree;
    --missing.nodes[divide.them].edge_count;
    auto d = verify::check_tree(program, divide_in_2, missing, divide.root, false);
    REQUIRE(d);
    CHECK(d->kind == verify::Defect::reply_missing);
    CHECK(d->line.size() >= 2);

    const TreeAt mate = first_tree(program, mate_in_2, 1);
    REQUIRE_FALSE(verify::check_tree(program, mate_in_2, mate.tree, mate.root, true));
    auto illegal = mate.tree;
    illegal.edges[illegal.nodes[0].first_edge].move = Move(SQ_H8, SQ_A1); // no piece stands on h8
    d = verify::check_tree(program, mate_in_2, illegal, mate.root, true);
    REQUIRE(d);
    CHECK(d->kind == verify::Defect::illegal_move);

    auto false_leaf = mate.tree;
    false_leaf.nodes[mate.them] = {search::NodeKind::leaf, 0, 0};
    d = verify::check_tree(program, mate_in_2, false_leaf, mate.root, true);
    REQUIRE(d);
    CHECK(d->kind == verify::Defect::better_fails_at_leaf);
}

TEST_CASE("the optimal defence takes a hanging rook, else resists longest", "[verify]") {
    // BK b2 next to the undefended rook on a1.
    const Position hanging = *Position::from_fen("8/8/8/8/8/8/1k6/R5K1 b - - 0 1");
    CHECK(verify::optimal_defence(tb(), hanging) == Move(make_square(FILE_B, RANK_2), SQ_A1));
    const Position pos = *Position::from_fen("8/8/8/3k4/8/8/8/R3K3 b - - 0 1");
    const Move m = verify::optimal_defence(tb(), pos);
    int longest = -1;
    for (Move r : generate_legal(pos))
        longest = std::max(longest, tb().white_mate_in(pos.after(r)));
    CHECK(tb().white_mate_in(pos.after(m)) == longest);
    CHECK(verify::optimal_defence(tb(), *Position::from_fen("k7/2K5/8/8/8/8/8/R7 b - - 0 1")) ==
          MOVE_NONE);
}

} // namespace test_verify
