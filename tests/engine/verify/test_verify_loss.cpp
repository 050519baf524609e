// engine/verify: what each advice loses against the tablebase: the first move of each tree, and
// the won starts' worst lines through its trees. A table that plays only fastest mates loses
// nothing; the first moves' losses agree with the tablebase move for move; the worst lines'
// losses add up to the excess. (test_verify_endgame.cpp: the same on both verifiers.)

#include "engine/krk/vocabulary.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tests/support/program_fixture.hpp"

#include <fstream>
#include <sstream>

namespace test_verify_loss {

using namespace al0;

namespace {

const tablebase::KrkTablebase& tb() {
    static const tablebase::KrkTablebase table = tablebase::KrkTablebase::build();
    return table;
}

search::Program krk_program(const std::string& name) {
    if (name == "krk_bratko" || name == "krk") return compile_builtin(name, krk::vocabulary);
    std::ifstream in(std::string(AL0_SOURCE_DIR) + "/tests/data/verify/" + name + ".al0");
    std::ostringstream text;
    text << in.rdbuf();
    return compile_table(text.str(), krk::vocabulary);
}

// The moves M loses at P by the tablebase, as the verifier defines it.
int loss_by_tablebase(const Position& p, Move m) {
    return tb().white_mate_in(p.after(m)) - (tb().white_mate_in(p) - 1);
}

} // namespace

TEST_CASE("a table that plays only fastest mates loses no move, at every position it mates from",
          "[verify]") {
    const auto v = verify::TableVerification::run(krk_program("mate_in_1"), tb(), {});
    const verify::MoveLoss& l = v.summary().advice_use.at(0).loss;
    CHECK(l.moves == std::uint64_t(tb().stats().by_mate_in[WHITE].at(1)));
    CHECK(l.moves == v.summary().advice_use.at(0).trees);
    CHECK(l.lost == 0);
    CHECK(l.losing == 0);
    CHECK(l.worst == 0);
}

TEST_CASE("the shipped KRK table's first moves lose what the tablebase says, each position once",
          "[verify]") {
    const auto v = verify::TableVerification::run(krk_program("krk"), tb(), {});
    const verify::TableSummary& s = v.summary();
    REQUIRE(s.failed() == 0);
    std::uint64_t moves = 0, lost = 0;
    for (const verify::AdviceUse& a : s.advice_use) {
        INFO(a.advice);
        moves += a.loss.moves;
        lost += a.loss.lost;
        CHECK(a.loss.moves == a.trees); // every tree's first move keeps the win
        CHECK(a.loss.losing <= a.loss.moves);
        CHECK(a.loss.lost >= a.loss.losing * std::uint64_t(a.loss.worst > 0));
        if (a.loss.worst == 0) continue;
        const Position& p = a.loss.worst_position;
        CHECK(loss_by_tablebase(p, a.loss.worst_move) == a.loss.worst);
        CHECK(loss_by_tablebase(p, a.loss.best_move) == 0);
    }
    CHECK(moves == s.states); // a tree at every position, each position once
    CHECK(lost > 0);
}

TEST_CASE("the losses on the worst lines add up to the excess over optimal play, and a table "
          "that plays only fastest mates has none",
          "[verify]") {
    const auto v = verify::TableVerification::run(krk_program("krk"), tb(), {});
    double excess = 0, states = 0;
    for (const verify::AdviceUse& a : v.summary().advice_use) {
        excess += a.line_excess;
        states += a.line_states;
        // The mate in 2 is searched only with the kings two squares apart all along, so a mate
        // in 3 may stand where a mate in 2 needs them three apart: only it loses moves.
        if (a.advice == "mate_in_1" || a.advice == "mate_in_2") CHECK(a.line_excess == 0);
        if (a.advice == "mate_in_3") CHECK(a.line_excess < 0.01);
    }
    CHECK(excess == Approx(v.summary().excess_mean));
    CHECK(states > 1); // the trees' states a worst line passes, per start
    const auto mates = verify::TableVerification::run(krk_program("mate_in_1"), tb(), {});
    const verify::AdviceUse& m = mates.summary().advice_use.at(0);
    CHECK(m.line_excess == 0);
    CHECK(m.line_states == 1); // each won start mates in its own tree
}

} // namespace test_verify_loss
