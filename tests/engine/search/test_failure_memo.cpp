// The search remembers the nodes that failed (engine/search/failure_memo.hpp): a position met
// again at the same depth fails at once, within one search, and across searches for advice that
// does not read the root. It remembers the nodes that succeeded within one search, with their
// subtrees (engine/search/success_memo.hpp), and copies a subtree where the position comes
// again. Neither may change a plan or a tree, only the work: a search that explains itself does
// not remember, so the two are compared. Advice equal up to a depth shift share their failures
// (engine/search/depth_classes.hpp). Forgetting every failure leaves the memo of a new process.

#include "engine/search/depth_classes.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/search/success_memo.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/same_search.hpp"
#include "tests/support/tables_fixture.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace test_failure_memo {

using namespace al0;

TEST_CASE("A failure is remembered at its depth and only within its search", "[search][memo]") {
    search::FailureMemo& memo = search::FailureMemo::fresh();
    CHECK_FALSE(memo.failed(12345, 3));
    memo.note_failure(12345, 3);
    CHECK(memo.failed(12345, 3));
    CHECK_FALSE(memo.failed(12345, 5));
    CHECK_FALSE(memo.failed(12346, 3));
    search::FailureMemo& next = search::FailureMemo::fresh();
    CHECK(&next == &memo); // one per thread, reused
    CHECK_FALSE(next.failed(12345, 3));
}

TEST_CASE("Three failures whose slots collide are all kept, and a fourth forgets the oldest",
          "[search][memo]") {
    std::vector<std::uint64_t> colliding; // codes in one bucket (of three ways) at depth 2
    const auto bucket = search::memo_slot<search::FailureMemo::BITS>(1, 2);
    for (std::uint64_t code = 2; colliding.size() < 4; ++code)
        if (search::memo_slot<search::FailureMemo::BITS>(code, 2) == bucket)
            colliding.push_back(code);
    search::FailureMemo& memo = search::FailureMemo::fresh();
    for (int i = 0; i < 3; ++i) memo.note_failure(colliding[i], 2);
    for (int i = 0; i < 3; ++i) CHECK(memo.failed(colliding[i], 2));
    memo.note_failure(colliding[3], 2);
    CHECK_FALSE(memo.failed(colliding[0], 2));
    for (int i = 1; i < 4; ++i) CHECK(memo.failed(colliding[i], 2));
}

TEST_CASE("A lasting failure is remembered by its program and advice across searches",
          "[search][memo]") {
    const std::uint64_t program = search::new_program_serial();
    search::FailureMemo::lasting(program, 2).note_failure(777, 4);
    search::FailureMemo::fresh();
    CHECK(search::FailureMemo::lasting(program, 2).failed(777, 4));
    CHECK_FALSE(search::FailureMemo::lasting(program, 3).failed(777, 4));
    CHECK_FALSE(search::FailureMemo::lasting(search::new_program_serial(), 2).failed(777, 4));
    CHECK_FALSE(search::FailureMemo::fresh().failed(777, 4));
}

TEST_CASE("A lasting failure is kept while hundreds of other lasting searches come between, "
          "until every failure is forgotten",
          "[search][memo]") {
    const std::uint64_t program = search::new_program_serial();
    search::FailureMemo::lasting(program, 2, 0).note_failure(777, 4);
    for (std::uint64_t root_key = 1; root_key <= 500; ++root_key)
        search::FailureMemo::lasting(program, root_key % 2 == 0 ? 2 : 3, root_key)
            .note_failure(777, 4);
    CHECK(search::FailureMemo::lasting(program, 2, 0).failed(777, 4));
    CHECK(search::FailureMemo::lasting(program, 3, 499).failed(777, 4));
    CHECK_FALSE(search::FailureMemo::lasting(program, 2, 499).failed(777, 4));
    search::FailureMemo::forget_all();
    CHECK_FALSE(search::FailureMemo::lasting(program, 2, 0).failed(777, 4));
    CHECK_FALSE(search::FailureMemo::lasting(program, 3, 499).failed(777, 4));
}

TEST_CASE("A failure noted on one thread is found on another, for the same advice and root "
          "values",
          "[search][memo]") {
    const std::uint64_t program = search::new_program_serial();
    std::thread([&] { search::FailureMemo::lasting(program, 2, 9).note_failure(4242, 3); }).join();
    CHECK(search::FailureMemo::lasting(program, 2, 9).failed(4242, 3));
    CHECK_FALSE(search::FailureMemo::lasting(program, 2, 8).failed(4242, 3));
    CHECK_FALSE(search::FailureMemo::lasting(program, 1, 9).failed(4242, 3));
    std::thread([] { search::FailureMemo::fresh().note_failure(777, 1); }).join();
    CHECK_FALSE(search::FailureMemo::fresh().failed(777, 1)); // another search's own failure
}

TEST_CASE("Once every failure is forgotten, a search costs what it costs in a new process, "
          "whatever was searched before",
          "[search][memo]") {
    const endgame::CompiledTable kpk = shipped("kpk");
    const Position deep = from_fen("8/3k4/1P6/4K3/8/8/8/8 w - - 0 1"); // a ladder of 40,000 nodes
    const auto nodes = [&] {
        const auto result = endgame::think(kpk, deep, {});
        REQUIRE(result);
        CHECK(result->outcome == search::Outcome::found);
        return result->stats.nodes;
    };
    search::FailureMemo::forget_all();
    const auto alone = nodes();
    CHECK(nodes() < alone / 2); // the failures it noted last time serve it again
    search::FailureMemo::forget_all();
    CHECK(nodes() == alone); // this thread looked its advice up before: it looks them up anew
    std::thread([&] { nodes(); }).join();
    search::FailureMemo::forget_all();
    CHECK(nodes() == alone); // nor another thread's failures
}

TEST_CASE("A won subtree is found while the tree still holds it, and not once cut back",
          "[search][memo]") {
    search::SuccessMemo& memo = search::SuccessMemo::fresh();
    for (std::uint32_t i = 0; i < 10; ++i) memo.born(i);
    memo.note_success(4242, 3, {4, 7, 2, 5}); // nodes 4-6, edges 2-4
    const search::SubtreeRange* found = memo.find(4242, 3, 10);
    REQUIRE(found != nullptr);
    CHECK(found->node_begin == 4);
    CHECK(found->edge_end == 5);
    CHECK(memo.find(4242, 4, 10) == nullptr);
    CHECK(memo.find(4243, 3, 10) == nullptr);
    CHECK(memo.find(4242, 3, 6) == nullptr); // the tree was cut back into the subtree
    memo.born(4);                            // ... and grew again: node 4 is another node
    CHECK(memo.find(4242, 3, 10) == nullptr);
    search::SuccessMemo::fresh();
    memo.note_success(4242, 3, {5, 7, 2, 5});
    CHECK(memo.find(4242, 3, 10) != nullptr);
    CHECK(search::SuccessMemo::fresh().find(4242, 3, 10) == nullptr); // a new search
}

// Mate in 2 twice: once without the root, once with a root(E) that changes nothing; and two
// generators, one reading the root only in its order, one in its filter.
constexpr std::string_view TWINS = R"(
advice( mate_in_2, mate : not lost(our_queen) :
        (depth = 0) and legal then (depth = 2) and legal : (depth = 1) and legal ).
advice( mate_in_2_near,
        mate and distance(our_king, their_king) =< root(distance(our_king, their_king)) + 7 :
        not lost(our_queen) :
        (depth = 0) and legal then (depth = 2) and legal : (depth = 1) and legal ).
advice( ordered, mate : true : (depth = 0) and legal by distance(our_king, their_king) :
        nomove ).
advice( filtered, mate : true :
        (depth = 0) and filter(legal, mobility(their_king) < root(mobility(their_king))) :
        nomove ).
)";

// The twins, with the rule `main :: if true then [ADVICE]`.
search::Program twins(const std::string& advice) {
    return compile_table("material KQK.\nmain :: if true then [ " + advice + " ].\n" +
                             std::string(TWINS),
                         contract::chess::vocabulary);
}

TEST_CASE("Advice reads the root through root(E) in its goals or its filters, not its order",
          "[search][memo]") {
    const search::Program twins = test_failure_memo::twins("mate_in_2");
    const auto reads = [&](const char* name) {
        return twins.advice[std::size_t(twins.advice_index(name))].root_reads != 0;
    };
    CHECK_FALSE(reads("mate_in_2"));
    CHECK(reads("mate_in_2_near"));
    CHECK_FALSE(reads("ordered"));
    CHECK(reads("filtered"));
    CHECK(twins.serial != 0);
    CHECK(test_failure_memo::twins("mate_in_2").serial != twins.serial);

    const search::Program kqk = shipped("kqk").program;
    for (const char* name : {"mate_in_1", "mate_in_2", "mate_in_3", "mate_in_4"})
        CHECK_FALSE(kqk.advice[std::size_t(kqk.advice_index(name))].root_reads != 0);
    for (const char* name : {"shrink", "close_in", "approach", "regroup"})
        CHECK(kqk.advice[std::size_t(kqk.advice_index(name))].root_reads != 0);
}

TEST_CASE("A second search fails at once where the root values the advice reads are the same, "
          "and only there",
          "[search][memo]") {
    // No mate in 2 from either; the white king on h1 or h2 (4 or 3 steps from the black king),
    // so that some positions one move down are the same.
    const Position quiet = from_fen("8/8/8/4k3/8/8/8/1Q5K w - - 0 1");
    const Position other = from_fen("8/8/8/4k3/8/8/7K/1Q6 w - - 0 1");
    const auto nodes = [](const endgame::CompiledTable& table, const Position& root) {
        const auto result = endgame::think(table, root, {});
        REQUIRE(result);
        CHECK(result->outcome == search::Outcome::no_advice);
        return result->stats.nodes;
    };
    const auto table = [](const std::string& advice) { // a new program: its memory is empty
        return endgame::CompiledTable{advice, *endgame::roles_of("KQK"), twins(advice)};
    };
    for (const std::string advice : {"mate_in_2", "mate_in_2_near"}) {
        INFO(advice);
        // First, what the other root costs in a program of its own. (Before the rest: the memo
        // is small, and this search could overwrite the entries of the positions shared.)
        const auto alone = nodes(table(advice), other);
        const auto once = table(advice);
        const auto first = nodes(once, quiet);
        CHECK(first > 200);
        CHECK(nodes(once, quiet) < 100); // the root and its moves, each remembered at depth 1
        const auto after = nodes(once, other);
        if (advice == "mate_in_2") // the shared positions fail at once
            CHECK(after < alone);
        else // another root value: nothing remembered applies
            CHECK(after == alone);
    }
}

// Searches of one shape at several depths, and some that only look alike.
constexpr std::string_view SHIFTED = R"(
near :- distance(our_king, their_king) =< 2.
advice( near_3, near and them_to_move : not lost(our_queen) :
        (depth < 3) and moves(our_king) : (depth < 2) and legal ).
advice( near_5, near and them_to_move : not lost(our_queen) :
        (depth < 5) and moves(our_king) : (depth < 4) and legal ).
advice( near_9, near and them_to_move : not lost(our_queen) :
        (depth < 9) and moves(our_king) : (depth < 8) and legal ).
advice( uneven, near and them_to_move : not lost(our_queen) :
        (depth < 5) and moves(our_king) : (depth < 3) and legal ).
advice( other_goal, near and them_to_move : true :
        (depth < 5) and moves(our_king) : (depth < 4) and legal ).
advice( open_ended, near and them_to_move : not lost(our_queen) :
        (depth < 5) and moves(our_king) then checks : (depth < 4) and legal ).
)";

search::Program shifted(const std::string& advice) {
    return compile_table("material KQK.\nmain :: if true then [ " + advice + " ].\n" +
                             std::string(SHIFTED),
                         contract::chess::vocabulary);
}

// Makes each advice of P a failure class of its own, as if no two were alike.
void without_classes(search::Program& p) {
    for (std::size_t i = 0; i < p.advice.size(); ++i) {
        p.advice[i].failure_class = std::uint16_t(i);
        p.advice[i].depth_shift = 0;
    }
}

TEST_CASE("Advice equal but for a shift of every depth number share a failure class, shifted",
          "[search][memo]") {
    const search::Program p = shifted("near_3, near_5, near_9, uneven, other_goal, open_ended");
    const auto of = [&](const char* name) { return p.advice[std::size_t(p.advice_index(name))]; };
    const auto own = [&](const char* name) {
        return of(name).failure_class == std::uint16_t(p.advice_index(name)) &&
               of(name).depth_shift == 0;
    };
    const auto near_3 = std::uint16_t(p.advice_index("near_3"));
    CHECK(own("near_3"));
    CHECK(of("near_5").failure_class == near_3);
    CHECK(of("near_5").depth_shift == 2);
    CHECK(of("near_9").failure_class == near_3);
    CHECK(of("near_9").depth_shift == 6);
    CHECK(own("uneven"));     // its numbers differ by 2 and by 1
    CHECK(own("other_goal")); // another holding goal
    CHECK(own("open_ended")); // `checks` has no bound: its search could go arbitrarily deep

    const search::Program kpk = shipped("kpk").program;
    const auto in_kpk = [&](const char* name) {
        return kpk.advice[std::size_t(kpk.advice_index(name))];
    };
    const auto reach_3 = std::uint16_t(kpk.advice_index("reach_3"));
    const auto advance_5 = std::uint16_t(kpk.advice_index("advance_5"));
    for (int n : {3, 5, 7, 9}) {
        const auto reach = in_kpk(("reach_" + std::to_string(n)).c_str());
        CHECK(reach.failure_class == reach_3);
        CHECK(reach.depth_shift == n - 3);
    }
    for (int n : {5, 7, 9}) {
        const auto advance = in_kpk(("advance_" + std::to_string(n)).c_str());
        CHECK(advance.failure_class == advance_5);
        CHECK(advance.depth_shift == n - 5);
    }
    CHECK(in_kpk("reach_1").failure_class == std::uint16_t(kpk.advice_index("reach_1")));
    const search::Program kqk = shipped("kqk").program;
    for (int n : {3, 4}) {
        const auto mate = kqk.advice[std::size_t(kqk.advice_index("mate_in_" + std::to_string(n)))];
        CHECK(mate.failure_class == std::uint16_t(kqk.advice_index("mate_in_2")));
        CHECK(mate.depth_shift == 2 * (n - 2));
    }
    CHECK(in_kpk("advance_3").failure_class == std::uint16_t(kpk.advice_index("advance_3")));
}

TEST_CASE("A search of a failure class meets the failures another depth of it left, shifted",
          "[search][memo]") {
    // The kings too far apart for either: near_5 from the first root fails everywhere, through
    // the second root two plies down (Kb2 Kh7, each side's first move in order); there near_3's
    // nodes one ply down are near_5's three plies down, with as many plies left.
    const Position first = from_fen("7k/8/8/8/8/8/8/K5Q1 w - - 0 1");
    const Position second = from_fen("8/7k/8/8/8/8/1K6/6Q1 w - - 0 1");
    // Each a new program (a new serial): nothing lasts from an earlier search.
    const auto table = [](bool classes) {
        search::Program p = shifted("near_3, near_5");
        if (!classes) without_classes(p);
        return endgame::CompiledTable{"shifted", *endgame::roles_of("KQK"), std::move(p)};
    };
    const auto classed = table(true), plain = table(false);
    std::array<std::uint64_t, 2> nodes{};
    for (int i = 0; i < 2; ++i) {
        const auto& t = i == 0 ? classed : plain;
        const auto a = endgame::think(t, first, {});
        const auto b = endgame::think(t, second, {});
        REQUIRE(a);
        REQUIRE(b);
        CHECK(a->outcome == search::Outcome::no_advice);
        CHECK(b->outcome == search::Outcome::no_advice);
        nodes[std::size_t(i)] = b->stats.nodes;
    }
    CHECK(nodes[0] < nodes[1]); // 173 against 248 nodes when written
}

TEST_CASE("KPK's searches at several depths share their failures and play the same plans as "
          "without",
          "[search][memo][endgame]") {
    const endgame::CompiledTable classed = shipped("kpk");
    endgame::CompiledTable plain = shipped("kpk");
    without_classes(plain.program);
    // Every 37th placement of the white king, the black king and a pawn on e2 to e6 (d-file
    // pawns mirror them): roots in the order a game and a verification meet neighbours.
    std::uint64_t with = 0, without = 0;
    int roots = 0, differ = 0;
    for (int i = 0; i < 64 * 64 * 5; i += 37) {
        const Square wk = Square(i % 64), bk = Square(i / 64 % 64);
        const Square pawn = make_square(File(4), Rank(1 + i / 4096));
        const Position p =
            Position::make({{W_KING, wk}, {B_KING, bk}, {make_piece(WHITE, PAWN), pawn}}, WHITE);
        if (wk == pawn || bk == pawn || wk == bk || !p.validate().empty()) continue;
        const auto a = endgame::think(classed, p, {});
        const auto b = endgame::think(plain, p, {});
        REQUIRE(a);
        REQUIRE(b);
        ++roots;
        with += a->stats.nodes;
        without += b->stats.nodes;
        if (!same_plan(*a, *b) && ++differ <= 3) CHECK(p.fen() == "the same plan");
    }
    CHECK(roots > 300);
    CHECK(differ == 0);
    CHECK(with < without); // 759,399 against 963,612 nodes when written
}

} // namespace test_failure_memo
