// The search core driven by a toy domain defined here: proof that it knows nothing of chess.

#include "engine/search/core.hpp"
#include "engine/search/enumerate.hpp"
#include "engine/search/goal_steps.hpp"

#include <catch2/catch.hpp>

#include <vector>

namespace test_search_core {

namespace {

// A race to a target: a counter that us raises by 1, 2 or 3 and them raises by 1 or 2.
struct Race {
    struct State {
        int n = 0;
        bool us = true;
    };
    using Move = int;
    static constexpr al0::search::Traits traits{.max_moves = 4};
    enum Predicate : std::uint8_t { at_least_10, exactly_10, odd, over_root_plus_3, never };
    enum Generator : std::uint8_t { up_to_3, up_to_2, none };

    [[nodiscard]] bool us_to_move(const State& s) const { return s.us; }
    [[nodiscard]] State play(const State& s, Move m) const { return {s.n + m, !s.us}; }
    [[nodiscard]] bool holds(std::uint8_t p, const State& s, const State& root) const {
        switch (p) {
        case at_least_10:
            return s.n >= 10;
        case exactly_10:
            return s.n == 10;
        case odd:
            return s.n % 2 == 1;
        case over_root_plus_3:
            return s.n > root.n + 3;
        default:
            return false;
        }
    }
    void generate(std::uint8_t g, const State& s,
                  al0::search::MoveBuffer<Move, traits.max_moves>& out) const {
        if (g == none) return;
        int top = g == up_to_3 ? 3 : 2;
        if (g == up_to_3 && !s.us) return; // an us-only generator
        for (int i = 1; i <= top; ++i) out.push(i);
    }
};
static_assert(al0::search::Domain<Race>);

using namespace al0::search;

// One rule (true) with one advice; the moves are `up_to_3` for us and `up_to_2` for them,
// each below the given depth.
Program race_program(std::uint8_t better, int depth_limit,
                     std::uint8_t holding = Race::over_root_plus_3, bool negate_holding = true) {
    Program p;
    CompiledAdvice a;
    a.name = "race";
    a.better_goal = p.predicate(better);
    a.holding_goal = negate_holding ? p.negation(p.predicate(holding)) : p.predicate(holding);
    a.us_moves.alternatives = {Conjunction{{DepthTest{DepthOp::lt, std::uint16_t(depth_limit)}},
                                           {p.generator(Race::up_to_3)}}};
    a.them_moves.alternatives = {Conjunction{{DepthTest{DepthOp::lt, std::uint16_t(depth_limit)}},
                                             {p.generator(Race::up_to_2)}}};
    p.advice.push_back(a);
    CompiledRule r;
    r.name = "always";
    r.condition = p.negation(p.predicate(Race::odd));
    r.advice = {0};
    p.rules.push_back(r);
    return p;
}

} // namespace

TEST_CASE("the core picks the first us move whose subtree succeeds, in generator order",
          "[search]") {
    Race domain;
    // From 7 with us to move: +3 reaches 10 at once; +1 and +2 do not.
    Program p = race_program(Race::at_least_10, 1, Race::over_root_plus_3, true);
    auto r = build_tree(domain, p, Race::State{8, true});
    REQUIRE(r.outcome == Outcome::found);
    CHECK(r.tree.children(0)[0].move == 2); // 8 + 1 = 9 fails, 8 + 2 = 10 succeeds
    CHECK(r.tree.node(r.tree.children(0)[0].child).kind == NodeKind::leaf);
}

TEST_CASE("a them node keeps one subtree per reply and needs every reply to succeed", "[search]") {
    Race domain;
    // From 6: +1 → 7; them +1 → 8 (us +1 → 9 fails at the depth limit, us +2 → 10) or +2 → 9
    // (us +1 → 10). Holding goal: not never.
    Program p = race_program(Race::at_least_10, 3, Race::never, true);
    auto r = build_tree(domain, p, Race::State{6, true});
    REQUIRE(r.outcome == Outcome::found);
    const auto root_edge = r.tree.children(0)[0];
    CHECK(root_edge.move == 1);
    const auto replies = r.tree.children(root_edge.child);
    REQUIRE(r.tree.node(root_edge.child).kind == NodeKind::them);
    REQUIRE(replies.size() == 2);
    CHECK(replies[0].move == 1);
    CHECK(replies[1].move == 2);
    CHECK(r.tree.children(replies[0].child)[0].move == 2);
    CHECK(r.tree.children(replies[1].child)[0].move == 1);
    CHECK(r.tree.height() == 3);
    CHECK(r.stats.backtracks > 0);
}

TEST_CASE("a holding goal that fails at the root fails the advice there", "[search]") {
    Race domain;
    Program p = race_program(Race::exactly_10, 3, Race::odd, false); // holding: odd
    auto r = build_tree(domain, p, Race::State{6, true});
    REQUIRE(r.outcome == Outcome::no_advice);
    CHECK(r.attempts[0].failure == Failure::holding_at_root);
}

TEST_CASE("no allowed reply at a them node is a failure unless the better goal holds", "[search]") {
    Race domain;
    Program p = race_program(Race::at_least_10, 1);
    auto r = build_tree(domain, p, Race::State{4, true});
    REQUIRE(r.outcome == Outcome::no_advice);
    CHECK(r.attempts[0].failure == Failure::all_moves_fail);
    CHECK(r.attempts[0].root_moves == 3);
}

TEST_CASE("an explosive advice ends with the budget exceeded, naming the advice", "[search]") {
    Race domain;
    Program p = race_program(Race::exactly_10, 40, Race::over_root_plus_3, false);
    p.advice[0].holding_goal = p.negation(p.predicate(Race::exactly_10)); // never reaches a leaf
    auto r = build_tree(domain, p, Race::State{0, true}, Options{10'000});
    REQUIRE(r.outcome == Outcome::budget_exceeded);
    CHECK(r.advice == 0);
    CHECK(r.stats.nodes >= 10'000);
    CHECK(r.tree.empty());
}

TEST_CASE("a rule whose condition fails at the root is never tried", "[search]") {
    Race domain;
    Program p = race_program(Race::at_least_10, 1);
    auto r = build_tree(domain, p, Race::State{9, true}); // odd: the only rule does not apply
    CHECK(r.outcome == Outcome::no_rule);
    CHECK(r.rule == -1);
    CHECK(r.attempts.empty());
}

TEST_CASE("then generates all moves of the left constraint first, and depth tests only filter",
          "[search]") {
    Race domain;
    Program p;
    const std::uint16_t up_to_2 = p.generator(Race::up_to_2), up_to_3 = p.generator(Race::up_to_3);
    Evaluator<Race> eval(domain, p);
    MoveConstraint c;
    c.alternatives = {Conjunction{{DepthTest{DepthOp::eq, 0}}, {up_to_2}},
                      Conjunction{{DepthTest{DepthOp::lt, 5}}, {up_to_3}}};
    Race::State s{0, true};
    MoveBuffer<int, Race::traits.max_moves> at0, at1;
    eval.generate(c, s, 3, at0); // depth 3: only the second alternative
    REQUIRE(at0.size() == 3);
    CHECK(*at0.begin() == 1);
    MoveConstraint filtered;
    filtered.alternatives = {Conjunction{{}, {up_to_3, up_to_2}}}; // up_to_3 and up_to_2
    eval.generate(filtered, s, 0, at1);
    REQUIRE(at1.size() == 2);
    CHECK(std::vector<int>(at1.begin(), at1.end()) == std::vector<int>{1, 2});
}

TEST_CASE("a generator resolved for the search accepts exactly the depths its tests accept, "
          "with its depth mask built or not",
          "[search]") {
    Program p;
    const std::uint16_t g = p.generator(Race::up_to_2);
    int differing = 0, accepted = 0, refused = 0;
    for (DepthOp op : {DepthOp::eq, DepthOp::lt, DepthOp::le, DepthOp::gt, DepthOp::ge})
        for (std::int32_t n : {0, 1, 5, 62, 63, 64, 65, 100, 2147483647}) {
            MoveConstraint one, two;
            one.alternatives = {Conjunction{{DepthTest{op, n}}, {g}}};
            two.alternatives = {Conjunction{{DepthTest{op, n}, DepthTest{DepthOp::gt, 2}}, {g}}};
            MoveConstraint one_masked = one, two_masked = two;
            mark_depth_masks(one_masked);
            mark_depth_masks(two_masked);
            for (const MoveConstraint& c : {one, two, one_masked, two_masked}) {
                const ResolvedConstraint resolved(p, c);
                for (int depth : {0, 1, 2, 3, 5, 6, 62, 63, 64, 65, 66, 100, 101, 1000}) {
                    bool expected = true;
                    for (const DepthTest& t : c.alternatives[0].depth_tests)
                        expected = expected && t.accepts(depth);
                    differing += int(resolved.accepts(depth) != expected);
                    (expected ? accepted : refused) += 1;
                }
            }
        }
    CHECK(differing == 0);
    CHECK(accepted > 200); // the depths tried are neither all accepted nor all refused
    CHECK(refused > 200);
}

TEST_CASE("two generators resolved for the search whose depths never meet generate as the "
          "Evaluator does, and two that may meet are left to it",
          "[search]") {
    Race domain;
    Program p;
    const std::uint16_t up_to_3 = p.generator(Race::up_to_3), up_to_2 = p.generator(Race::up_to_2);
    Evaluator<Race> eval(domain, p);
    MoveConstraint apart, meeting; // up_to_3 at depth 0 then up_to_2 at depth 2 (or below 3)
    apart.alternatives = {Conjunction{{DepthTest{DepthOp::eq, 0}}, {up_to_3}},
                          Conjunction{{DepthTest{DepthOp::eq, 2}}, {up_to_2}}};
    meeting.alternatives = {apart.alternatives[0],
                            Conjunction{{DepthTest{DepthOp::lt, 3}}, {up_to_2}}};
    mark_depth_masks(apart);
    mark_depth_masks(meeting);
    CHECK(ResolvedConstraint(p, meeting).primitive == nullptr);
    const ResolvedConstraint resolved(p, apart);
    REQUIRE(resolved.second != nullptr);
    int differing = 0;
    for (int depth = 0; depth < 64; ++depth) {
        MoveBuffer<int, Race::traits.max_moves> expected, got;
        eval.generate(apart, Race::State{0, true}, depth, expected);
        if (resolved.accepts(depth))
            eval.primitive(*resolved.primitive, Race::State{0, true}, got);
        else if (resolved.second_depths >> depth & 1)
            eval.primitive(*resolved.second, Race::State{0, true}, got);
        differing += int(std::vector<int>(expected.begin(), expected.end()) !=
                         std::vector<int>(got.begin(), got.end()));
    }
    CHECK(differing == 0);
    CHECK(resolved.second_depths == 4);
}

TEST_CASE("a then chain allows each move once, so a buffer of the domain's moves never drops one",
          "[search][limits]") {
    Race domain;
    Program generators;
    const std::uint16_t up_to_2 = generators.generator(Race::up_to_2),
                        up_to_3 = generators.generator(Race::up_to_3);
    Evaluator<Race> eval(domain, generators);
    MoveConstraint c; // up_to_2 then up_to_3 then up_to_2: 7 moves, 3 of them distinct
    c.alternatives = {Conjunction{{}, {up_to_2}}, Conjunction{{}, {up_to_3}},
                      Conjunction{{}, {up_to_2}}};
    MoveBuffer<int, Race::traits.max_moves> moves;
    eval.generate(c, Race::State{0, true}, 0, moves);
    CHECK(std::vector<int>(moves.begin(), moves.end()) == std::vector<int>{1, 2, 3});

    // A them node built from such a chain has one edge per distinct reply.
    Program p = race_program(Race::at_least_10, 9);
    const std::uint16_t replies = p.generator(Race::up_to_2);
    p.advice[0].them_moves.alternatives = {Conjunction{{}, {replies}}, Conjunction{{}, {replies}}};
    auto r = build_tree(domain, p, Race::State{8, false});
    REQUIRE(r.outcome == Outcome::found);
    CHECK(r.tree.node(0).kind == NodeKind::them);
    CHECK(r.tree.children(0).size() == 2);
}

TEST_CASE("a move buffer refuses a move beyond its size instead of dropping it",
          "[search][limits]") {
    MoveBuffer<int, 2> moves;
    moves.push(1);
    moves.push(2);
    CHECK_THROWS_AS(moves.push(3), std::logic_error);
    CHECK(moves.size() == 2);
}

TEST_CASE("a move mask yields its set bits as moves, lowest first", "[search]") {
    const MoveMask<int> moves(0b1010'0110);
    std::vector<int> seen;
    for (int m : moves) seen.push_back(m);
    CHECK(seen == std::vector<int>{1, 2, 5, 7});
    CHECK(moves.size() == 4);
    CHECK(!moves.empty());
    CHECK(MoveMask<int>(0).empty());
    CHECK(MoveMask<int>(std::uint64_t{1} << 63).begin().operator*() == 63);
}

TEST_CASE("a goal of predicates alone runs as small steps with the value of its tree walk",
          "[search][goal_steps]") {
    Program p = race_program(Race::at_least_10, 3);
    auto pred = [&](Race::Predicate id) { return p.predicate(id); };
    // (at_least_10 or odd) and not exactly_10; not (odd and at_least_10) or exactly_10
    const GoalId first = p.conjunction(p.disjunction(pred(Race::at_least_10), pred(Race::odd)),
                                       p.negation(pred(Race::exactly_10)));
    const GoalId second =
        p.disjunction(p.negation(p.conjunction(pred(Race::odd), pred(Race::at_least_10))),
                      pred(Race::exactly_10));
    // A test of a value slot is no predicate: such a goal keeps the Evaluator.
    const GoalId with_test = p.conjunction(pred(Race::odd), p.add_goal({GoalOp::test, 0, 0, 0}));
    p.advice[0].better_goal = first;
    p.advice[0].holding_goal = second;
    p.rules[0].condition = with_test;
    p.rules.push_back(p.rules[0]);
    p.rules[1].condition = second;
    add_goal_steps(p);

    CHECK(p.advice[0].better_steps.count == 3); // built with the program, for the search
    CHECK(p.advice[0].holding_steps.count == 3);
    CHECK(p.rules[0].condition_steps.count == 0); // and for the choice of rule
    CHECK(p.rules[1].condition_steps.count == 3);
    CHECK(PredicateSteps(p, with_test).count == 0);
    CHECK(PredicateSteps(p, pred(Race::odd)).count == 0); // one literal is not flattened
    const Race race;
    const Evaluator<Race> eval(race, p);
    for (GoalId g : {first, second}) {
        const PredicateSteps steps(p, g);
        REQUIRE(steps.count == 3);
        for (int n = 0; n <= 20; ++n) {
            const Race::State s{n, true}, root{};
            NodeValues values;
            CAPTURE(g, n);
            CHECK(steps.run([&](std::uint8_t id) { return race.holds(id, s, root); }) ==
                  eval.walk(g, s, root, values));
        }
    }
}

// Why a program by hand: the endless race of these tests has no depth test, like a table whose
// advice says only `legal`; every search stops at the depth bound, never by a crash.
TEST_CASE("a search without a depth bound stops at MAX_SEARCH_DEPTH, naming the advice",
          "[search][limits]") {
    Race domain;
    Program p = race_program(Race::never, 0, Race::never, true); // holding: not never
    p.advice[0].us_moves.alternatives = {Conjunction{{}, {p.generator(Race::up_to_3)}}};
    p.advice[0].them_moves.alternatives = {Conjunction{{}, {p.generator(Race::up_to_2)}}};
    const Options unlimited{~std::uint64_t{0}};
    auto tree = build_tree(domain, p, Race::State{0, true}, unlimited);
    CHECK(tree.outcome == Outcome::depth_exceeded);
    CHECK(tree.advice == 0);
    REQUIRE(tree.attempts.size() == 1);
    CHECK(tree.attempts[0].failure == Failure::depth_exceeded);
    CHECK(tree.stats.nodes ==
          std::uint64_t(MAX_SEARCH_DEPTH) + 2); // the root, 1000 plies, one more
    for (int threads : {1, 2}) {
        auto count = count_all(domain, p, Race::State{0, true}, unlimited, threads);
        CHECK(count.outcome == Outcome::depth_exceeded);
        CHECK(count.advice == 0);
    }
    int lines = 0;
    auto all = visit_all(
        domain, p, Race::State{0, true}, [&](auto) { ++lines; }, unlimited);
    CHECK(all.outcome == Outcome::depth_exceeded);
    CHECK(lines == 0);
}

TEST_CASE("a stop flag ends a search as its budget would", "[search][uci]") {
    Race domain;
    Program p = race_program(Race::never, 40, Race::never, true);
    std::atomic<bool> stop{true};
    Options options;
    options.stop = &stop;
    auto r = build_tree(domain, p, Race::State{0, true}, options);
    CHECK(r.outcome == Outcome::budget_exceeded);
    CHECK(r.stats.nodes <= STOP_POLL_NODES + 1);
    stop = false;
    options.node_budget = 50'000;
    CHECK(build_tree(domain, p, Race::State{0, true}, options).stats.nodes == 50'001);
}

} // namespace test_search_core
