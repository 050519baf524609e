// al0 reach against its oracles: the tablebase (mate forced from every won position in exactly
// its distance to mate), the forcing-tree search (a depth-bounded advice forceable exactly where
// it is satisfiable), and the binary.

#include "engine/search/core.hpp"
#include "engine/verify/reach/reach.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/tables_fixture.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <atomic>

using namespace al0;

namespace {

endgame::CompiledTable test_table(const std::string& material, const std::string& text) {
    return {"test", *endgame::roles_of(material), compile_table(text, contract::chess::vocabulary)};
}

verify::ReachResult run_reach(const endgame::CompiledTable& table, const std::string& advice,
                              bool constraints) {
    verify::ReachOptions options;
    options.advice = table.program.advice_index(advice);
    options.constraints = constraints;
    options.threads = 2;
    auto result = verify::reach(table, shared_registry(), options);
    INFO((result ? std::string() : result.error()));
    REQUIRE(result);
    return std::move(*result);
}

// Whether the forcing-tree search satisfies the advice at POS, and its tree's height.
std::pair<bool, int> satisfiable(const endgame::CompiledTable& table, int advice,
                                 const Position& pos) {
    const endgame::Domain domain(table.roles);
    const auto oriented = endgame::orient(table.roles, pos);
    REQUIRE(oriented);
    search::ForcingTree<Move> tree;
    search::Statistics stats;
    search::AdviceSearch<endgame::Domain> search(domain, table.program,
                                                 table.program.advice[std::size_t(advice)],
                                                 oriented->state, tree, stats, 10'000'000);
    const auto attempt = search.run();
    REQUIRE(attempt.failure != search::Failure::budget_exceeded);
    return {attempt.failure == search::Failure::none, tree.empty() ? -1 : tree.height()};
}

} // namespace

TEST_CASE("reach forces mate from every won KRK position in exactly its distance to mate",
          "[reach]") {
    // The second table reads file, so reach solves it over every board, not symmetry classes.
    for (const char* holding : {"true", "file(our_king) >= 1"}) {
        const auto table = test_table(
            "KRK", std::string("material KRK.\nmain :: if true then [ m ].\nadvice( m, mate : ") +
                       holding + " : legal : legal ).\n");
        const auto result = run_reach(table, "m", false);
        CHECK(result.report.symmetric == (std::string(holding) == "true"));
        int won = 0;
        for_won_positions(std::array{W_ROOK}, 1, [&](const Position& pos, int) {
            ++won;
            const auto v = shared_registry().value(tablebase::board_of(pos));
            const auto plies = result.plies(pos);
            REQUIRE(plies);
            REQUIRE(*plies == int(v));
        });
        CHECK(won > 0);
        CHECK(result.report.forceable == result.report.roots);
        CHECK(result.report.worst == 31); // KRK's longest mate: 16 moves
    }
}

TEST_CASE("reach with the move constraints of a mate in 2 forces it exactly where the search "
          "satisfies it, and without them within three plies",
          "[reach]") {
    const auto table = shipped("kqk");
    const int advice = table.program.advice_index("mate_in_2");
    const auto bounded = run_reach(table, "mate_in_2", true);
    const auto free = run_reach(table, "mate_in_2", false);
    CHECK(bounded.report.depth_levels == 3);
    int roots = 0, found = 0;
    for_won_positions(std::array{W_QUEEN}, 1, [&](const Position& pos, int) {
        const auto with = bounded.plies(pos), without = free.plies(pos);
        REQUIRE(with.has_value() == without.has_value());
        if (!with) return;
        ++roots;
        const auto [ok, height] = satisfiable(table, advice, pos);
        INFO(pos.fen());
        REQUIRE(ok == (*with >= 0));
        REQUIRE(ok == (*without >= 0 && *without <= 3));
        if (!ok) return;
        ++found;
        REQUIRE(*with == *without);
        REQUIRE(height >= *with); // the search keeps the first tree, reach the shortest
    });
    CHECK(found > 0);
    CHECK(found < roots);
}

// The KQK table's mates in 2 to 5 look for the mating check, and for White's move before
// Black's last reply, only with the kings two steps apart and the black king on the edge (as
// in every mate, and in every position a move before it). Those cuts lose no mate: the same
// advice without them forces mate from the same positions in as many plies.
TEST_CASE("the KQK table's mates cut to the kings' places in a mate force mate wherever and as "
          "fast as the same mates uncut",
          "[reach][kqk]") {
    const auto table = shipped("kqk");
    for (const int moves : {2, 3, 4, 5}) {
        const std::string depth = std::to_string(2 * moves - 2);
        const auto uncut = test_table(
            "KQK", "material KQK.\nmeasure kk := distance(our_king, their_king).\n"
                   "main :: if true then [ m ].\n"
                   "advice( m, mate : not lost(our_queen) and edge_distance(their_king) =< 1 "
                   "and kk =< 4 : (depth < " +
                       depth + ") and legal then (depth = " + depth + ") and checks : (depth < " +
                       depth + ") and legal ).\n");
        const std::string name = "mate_in_" + std::to_string(moves);
        const auto cut_result = run_reach(table, name, true);
        const auto uncut_result = run_reach(uncut, "m", true);
        int roots = 0, forced = 0;
        for_won_positions(std::array{W_QUEEN}, 1, [&](const Position& pos, int) {
            const auto with_cuts = cut_result.plies(pos);
            if (!with_cuts) return;
            const auto without = uncut_result.plies(pos);
            INFO(name << " " << pos.fen());
            REQUIRE(without);
            REQUIRE(*with_cuts == *without);
            ++roots;
            forced += *with_cuts >= 0;
        });
        CAPTURE(name, roots, forced);
        CHECK(forced > 0);
        CHECK(forced < roots);
    }
}

TEST_CASE("reach agrees with the search on KPK advice whose goals read root values, file and "
          "rank, whose filters read the root, and whose lines promote",
          "[reach]") {
    const auto table = shipped("kpk");
    for (const auto& entry : {std::pair{"advance_3", 3}, std::pair{"escort", 23}}) {
        const std::string name = entry.first; // not a binding: clang 14 cannot capture those
        const int stride = entry.second;
        const int advice = table.program.advice_index(name);
        const auto result = run_reach(table, name, true);
        CHECK_FALSE(result.report.symmetric);
        CHECK(result.report.root_classes > 1);
        int found = 0;
        for_won_positions(std::array{W_PAWN}, stride, [&](const Position& pos, int) {
            const auto plies = result.plies(pos);
            if (!plies) return;
            INFO(name << " " << pos.fen());
            const auto [ok, height] = satisfiable(table, advice, pos);
            REQUIRE(ok == (*plies >= 0));
            if (ok) REQUIRE(height >= *plies);
            found += ok;
        });
        CHECK(found > 0);
    }
}

TEST_CASE("reach refuses a goal that reads one of two like pieces, whose role a position does "
          "not tell",
          "[reach]") {
    const auto table =
        test_table("KBBK", "material KBBK.\nmain :: if true then [ m ].\n"
                           "advice( m, mate : not lost(our_bishop1) : legal : legal ).\n");
    verify::ReachOptions options;
    options.advice = 0;
    const auto result = verify::reach(table, shared_registry(), options);
    REQUIRE_FALSE(result);
    CHECK(result.error().find("two B") != std::string::npos);
    CHECK(result.error().find("our_bishop1") != std::string::npos);
}

TEST_CASE("reach ends with an error once its stop flag is set, and runs to the end without it",
          "[reach]") {
    const auto table = test_table("KRK", "material KRK.\nmain :: if true then [ m ].\n"
                                         "advice( m, mate : true : legal : legal ).\n");
    std::atomic<bool> stop{true};
    verify::ReachOptions options;
    options.advice = 0;
    options.threads = 2;
    options.stop = &stop;
    const auto stopped = verify::reach(table, shared_registry(), options);
    REQUIRE(!stopped);
    CHECK(stopped.error() == "reach stopped");
    stop = false;
    const auto whole = verify::reach(table, shared_registry(), options);
    REQUIRE(whole);
    CHECK(whole->report.forceable == whole->report.roots);
}

TEST_CASE("al0 reach reports an advice's figures as text and JSON", "[reach][cli]") {
    const auto text = test::run_al0("reach --table kqk --advice mate_in_2 --constraints");
    REQUIRE(text.status == 0);
    CHECK(text.out.find("goal forceable") != std::string::npos);
    // How many of the unforced roots fail the holding goal there, said as a count of them.
    CHECK(text.out.find(" of them fail the holding goal at the root)") != std::string::npos);
    CHECK(text.out.find("Not forceable, e.g.") != std::string::npos);
    const auto json = test::run_al0("reach --table kqk --advice mate_in_2 --constraints --json");
    REQUIRE(json.status == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j["roots"].get<int>() == j["forceable"].get<int>() + j["not_forceable"].get<int>());
    CHECK(j["worst"] == 3);
    CHECK(j["unforceable"].size() == 3);
    for (const auto& line : j["unforceable"]) // the moves in UCI as in SAN, and the line as text
        CHECK(line["moves"].size() == line["line"].size());
    int sum = 0;
    for (const auto& n : j["plies"]) sum += n.get<int>();
    CHECK(sum == j["forceable"].get<int>());
}

TEST_CASE("al0 reach --constraints says whether the advice's search plays the depths it counts",
          "[reach][cli]") {
    const std::string advice = "mate : true : (depth < 5) and legal : (depth < 4) and legal";
    for (const bool shallowest : {false, true}) {
        INFO(shallowest);
        const std::string table = test::temp_table(
            "al0_reach_mate.al0", "material KQK.\nmain :: if true then [mate].\nadvice(mate, " +
                                      advice + (shallowest ? ", shallowest" : "") + ").\n");
        const auto text = test::run_al0("reach --table " + test::shell_quote(table) +
                                        " --advice mate --constraints");
        REQUIRE(text.status == 0);
        CHECK((text.out.find("(the advice is shallowest: its search plays these depths)") !=
               std::string::npos) == shallowest);
        CHECK((text.out.find("which may be taller; with `shallowest` it plays these depths") !=
               std::string::npos) == !shallowest);
    }
}

TEST_CASE("al0 reach takes another advice's goal with --goal-of", "[reach][cli]") {
    // Forcing mate (mate_in_1's goal) with mate_in_2's holding goal and any moves: more
    // positions than mate_in_2's own three plies.
    const auto own =
        nlohmann::json::parse(test::run_al0("reach --table kqk --advice mate_in_2 --json").out);
    const auto other = nlohmann::json::parse(
        test::run_al0("reach --table kqk --advice mate_in_2 --goal-of mate_in_1 --json").out);
    CHECK(other["goal_of"] == "mate_in_1");
    CHECK(other["forceable"] == own["forceable"]); // both goals are mate
}

TEST_CASE("al0 reach refuses an unknown advice and a table without a tablebase", "[reach][cli]") {
    const auto unknown = test::run_al0("reach --table kqk --advice nothing");
    CHECK(unknown.status == 2);
    CHECK(unknown.err.find("al0: error: the table has no advice named 'nothing'") !=
          std::string::npos);
    const auto goal = test::run_al0("reach --table kqk --advice mate_in_2 --goal-of nothing");
    CHECK(goal.status == 2);
    CHECK(goal.err.find("--goal-of") != std::string::npos);
    const auto queens = test::run_al0("reach --table queens --advice place_all");
    CHECK(queens.status == 2);
    CHECK(queens.err.find("al0: error:") != std::string::npos);
}
