// tests/data/kbnk_draft.al0, the KBNK draft kept in the repository (al0 ships no KBNK table): it
// checks clean, and from a few positions of each of its phases its play mates the tablebase's
// longest defence with legal moves within the fifty-move rule, in no fewer moves than best
// play.

#include "engine/chess/movegen.hpp"
#include "engine/play/game.hpp"
#include "engine/tablebase/probe.hpp"
#include "tests/support/files.hpp"
#include "tests/support/play_fixture.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"
#include "tools/app/table_registry.hpp"

#include <algorithm>
#include <memory>
#include <string>

namespace test_kbnk_draft {

using namespace al0;

namespace {

const std::string DRAFT = "tests/data/kbnk_draft.al0";

play::Table draft() {
    auto table = tools::load_table(std::string(AL0_SOURCE_DIR) + "/" + DRAFT, "");
    INFO((table ? std::string() : table.error()));
    REQUIRE(table);
    REQUIRE(table->symmetric);
    return std::make_shared<const endgame::CompiledTable>(std::move(*table));
}

bool is_legal(const Position& pos, Move m) {
    const MoveList moves = generate_legal(pos);
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

} // namespace

TEST_CASE("The KBNK draft checks without a diagnostic", "[tables][kbnk]") {
    CHECK(diagnostics_of(test::read_source(DRAFT), contract::chess::vocabulary).empty());
}

TEST_CASE("The KBNK draft mates the longest defence with legal moves from a start of each phase",
          "[tables][kbnk]") {
    // From most KBNK positions the draft still runs past fifty moves; from these it mates.
    const auto fen = GENERATE(as<std::string>{},
                              "8/8/8/8/8/8/k1K5/N2B4 w - - 0 1",   // open, mate in 23
                              "8/8/8/1K4k1/5N2/8/3B4/8 w - - 0 1", // the band, mate in 26
                              "8/7B/8/1K6/N7/k7/8/8 w - - 0 1",    // a box (wrong), mate in 23
                              "8/8/8/8/8/8/kB1N4/2K5 w - - 0 1",   // regroup, mate in 26
                              "8/8/8/8/8/2K5/8/NBk5 w - - 0 1",    // the edge tail, mate in 17
                              "8/8/8/5K2/4B1Nk/8/8/8 w - - 0 1");  // the corner, mate in 12
    const play::Table table = draft();
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
        REQUIRE(is_legal(before, m));
    }
    // A game that runs past fifty moves ends by that rule, not in mate.
    INFO(fen << ": " << moves << " moves, best play " << optimal);
    CHECK(game.ending() == play::Ending::mate);
    CHECK(moves >= optimal);
}

} // namespace test_kbnk_draft
