// tests/data/kbnk_late.al0, a draft of KBNK's late phase (not shipped): it checks clean, and from
// late-phase positions, against the tablebase's longest defence, its moves are legal and mate.

#include "engine/chess/movegen.hpp"
#include "engine/tablebase/probe.hpp"
#include "tests/support/files.hpp"
#include "tests/support/tables_fixture.hpp"

#include <string>

namespace test_kbnk_late {

using namespace al0;

endgame::CompiledTable late_table() {
    const std::string text = test::read_source("tests/data/kbnk_late.al0");
    auto loaded = load_table_text("kbnk_late", text, contract::chess::vocabulary);
    REQUIRE(loaded.diagnostics.empty());
    REQUIRE(loaded.table->materials.size() == 1);
    return {"kbnk_late", *endgame::roles_of("KBNK"), std::move(*loaded.program), search::Program{},
            loaded.table->materials[0].symmetric};
}

// Returns the moves White needs to mate from FEN against the tablebase's longest defence, each
// move legal, playing as `al0 play` does: the forcing tree followed while Black's replies stay in
// it (every reply does), a new one built at its leaves; -1 when no mate comes within LIMIT moves.
int moves_to_mate(const endgame::CompiledTable& table, const char* fen, int limit) {
    Position pos = *Position::from_fen(fen);
    search::ForcingTree<Move> tree;
    std::uint32_t node = 0;
    for (int moves = 1; moves <= limit; ++moves) {
        if (tree.empty() || tree.node(node).kind != search::NodeKind::us) {
            const auto result = endgame::think(table, pos, {});
            REQUIRE(result);
            REQUIRE(result->outcome == search::Outcome::found);
            tree = result->tree;
            node = 0;
        }
        const auto& ours = tree.children(node)[0];
        REQUIRE(generate_legal(pos).contains(ours.move));
        pos.do_move(ours.move);
        if (pos.is_checkmate()) return moves;
        const Move theirs = tablebase::best_move(shared_registry(), pos);
        REQUIRE(generate_legal(pos).contains(theirs));
        pos.do_move(theirs);
        node = tree.follow(ours.child, theirs);
        REQUIRE(node != search::NO_NODE);
    }
    return -1;
}

TEST_CASE("The KBNK late-phase draft checks without a diagnostic", "[tables][kbnk]") {
    const auto table = late_table();
    CHECK(table.roles.material == "KBNK");
    CHECK(table.symmetric);
}

TEST_CASE("The KBNK late-phase draft mates from late positions against the longest defence",
          "[tables][kbnk]") {
    const auto table = late_table();
    // The tablebase mates in 17, 12 and 13 moves; the draft in 33, 13 and 21.
    for (const char* fen : {"8/8/8/8/8/2K5/8/NBk5 w - - 0 1", "8/8/8/5K2/4B1Nk/8/8/8 w - - 0 1",
                            "8/5N2/6B1/8/7k/8/3K4/8 w - - 0 1"}) {
        INFO(fen);
        const int moves = moves_to_mate(table, fen, 50);
        CHECK(moves > 0);
        CHECK(moves <= 35);
    }
}

} // namespace test_kbnk_late
