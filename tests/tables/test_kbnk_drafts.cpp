// The KBNK drafts kept in the repository (al0 ships no KBNK table): tests/data/kbnk_draft.al0,
// the whole staged plan, and tests/data/kbnk_late.al0, its late phase alone. Each checks clean, and
// from a few positions its play mates the tablebase's longest defence with legal moves within the
// fifty-move rule, in no fewer moves than best play.

#include "engine/chess/movegen.hpp"
#include "engine/play/game.hpp"
#include "engine/tablebase/probe.hpp"
#include "tests/support/files.hpp"
#include "tests/support/play_fixture.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"
#include "tools/app/table_registry.hpp"

#include <memory>
#include <string>
#include <vector>

namespace test_kbnk_drafts {

using namespace al0;

namespace {

const std::string WHOLE = "tests/data/kbnk_draft.al0";
const std::string LATE = "tests/data/kbnk_late.al0";

// A start of each phase of the whole draft, where it mates.
const std::vector<std::string> PHASE_STARTS = {
    "8/8/8/8/8/8/k1K5/N2B4 w - - 0 1",   // open, mate in 23
    "8/8/8/1K4k1/5N2/8/3B4/8 w - - 0 1", // the band, mate in 26
    "8/7B/8/1K6/N7/k7/8/8 w - - 0 1",    // a box in the band, mate in 23
    "8/8/8/8/8/8/kB1N4/2K5 w - - 0 1",   // regroup, mate in 26
    "8/8/8/8/8/2K5/8/NBk5 w - - 0 1",    // the edge tail, mate in 17
    "8/8/8/5K2/4B1Nk/8/8/8 w - - 0 1"};  // the corner, mate in 12

play::Table draft(const std::string& path) {
    auto table = tools::load_table(std::string(AL0_SOURCE_DIR) + "/" + path, "");
    INFO((table ? std::string() : table.error()));
    REQUIRE(table);
    REQUIRE(table->symmetric);
    return std::make_shared<const endgame::CompiledTable>(std::move(*table));
}

// Plays TABLE from FEN as `al0 play` does against the tablebase's longest defence, every move
// checked legal; returns the engine's moves when the game ends in mate, else fails the test.
int moves_to_mate(const play::Table& table, const std::string& fen) {
    const auto start = Position::from_fen(fen);
    REQUIRE(start);
    const int optimal = tablebase::probe(shared_registry(), *start).mate_in;
    REQUIRE(optimal > 0);
    play::Game game = game_of(table, *start);
    int moves = 0;
    while (!game.over()) {
        const Position before = game.position();
        Move m = MOVE_NONE;
        if (game.engine_to_move()) {
            const auto played = game.engine_move();
            INFO(before.fen() << ": " << (played ? std::string() : played.error()));
            REQUIRE(played);
            m = played->move;
            ++moves;
        } else {
            m = tablebase::best_move(shared_registry(), before);
            REQUIRE_FALSE(game.opponent_move(m));
        }
        INFO(before.fen());
        REQUIRE(generate_legal(before).contains(m));
    }
    // A game that runs past fifty moves ends by that rule, not in mate.
    INFO(fen << ": " << moves << " moves, best play " << optimal);
    CHECK(game.ending() == play::Ending::mate);
    CHECK(moves >= optimal);
    return moves;
}

} // namespace

TEST_CASE("The KBNK drafts check without a diagnostic", "[tables][kbnk]") {
    for (const std::string& path : {WHOLE, LATE}) {
        INFO(path);
        CHECK(diagnostics_of(test::read_source(path), contract::chess::vocabulary).empty());
    }
}

TEST_CASE("The whole KBNK draft mates the longest defence with legal moves from a start of each "
          "phase",
          "[tables][kbnk]") {
    // From most KBNK positions the draft still runs past fifty moves; from these it mates. The
    // tablebase mates in 23, 26, 23, 26, 17 and 12 moves, the draft in 27, 39, 30, 41, 26 and 19.
    const auto fen = GENERATE(from_range(PHASE_STARTS));
    moves_to_mate(draft(WHOLE), fen);
}

TEST_CASE("The KBNK late-phase draft mates the longest defence from late positions",
          "[tables][kbnk]") {
    // The tablebase mates in 17, 12 and 13 moves; the draft in 28, 19 and 19 (the first start
    // has a loose bishop, so the draft steps back into the late phase first).
    const auto fen =
        GENERATE(as<std::string>{}, "8/8/8/8/8/2K5/8/NBk5 w - - 0 1",
                 "8/8/8/5K2/4B1Nk/8/8/8 w - - 0 1", "8/5N2/6B1/8/7k/8/3K4/8 w - - 0 1");
    CHECK(moves_to_mate(draft(LATE), fen) <= 30);
}

} // namespace test_kbnk_drafts
