// The search remembers the nodes that failed (engine/search/failure_memo.hpp): a position met
// again at the same depth fails at once, within one search, and across searches for advice that
// does not read the root. It remembers the nodes that succeeded within one search, with their
// subtrees (engine/search/success_memo.hpp), and copies a subtree where the position comes
// again. Neither may change a plan or a tree, only the work: a search that explains itself does
// not remember, so the two are compared.

#include "engine/search/failure_memo.hpp"
#include "engine/search/success_memo.hpp"
#include "same_search.hpp"
#include "tables_fixture.hpp"
#include "tests/position_fixture.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <utility>

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
                         advice::chess::vocabulary);
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
        // is direct-mapped, and this search would overwrite the slots of the positions shared.)
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

} // namespace test_failure_memo
