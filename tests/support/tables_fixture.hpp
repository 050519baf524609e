#pragma once
// The shipped endgame tables compiled for the endgame domain, and table sets that play them as
// `al0 verify` does (the verified table first, the tables that take over after it).

#include "contract/chess_library.hpp"
#include "engine/endgame/think.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/tablebase/board.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/endgame/endgame_tables.hpp"
#include "engine/verify/shared/material_states.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include <array>
#include <initializer_list>
#include <string>
#include <vector>

// Returns the built-in table NAME compiled for its material (a table without one, such as krk,
// over the prelude lib/krk_book), failing the test on any diagnostic.
inline al0::endgame::CompiledTable shipped(const std::string& name) {
    const std::string_view text = builtin_text(name);
    const auto own = al0::search::load({name, std::string(text)}, al0::krk::vocabulary);
    const bool own_material = own.table && !own.table->materials.empty();
    const al0::advice::ast::Table* prelude = own_material ? nullptr : &krk_book_prelude();
    auto loaded = load_table_text(name, text, al0::contract::chess::vocabulary, prelude);
    // The shipped tables of their own material check without a warning; krk.al0 leaves
    // definitions of its prelude unused.
    if (own_material) REQUIRE(loaded.diagnostics.empty());
    auto roles = al0::endgame::roles_of(own_material ? loaded.table->materials[0].name : "KRK");
    REQUIRE(roles);
    return {name, *roles, std::move(*loaded.program)};
}

// Checks that TABLE's move at each of FENS is one of the tablebase's fastest: the position after
// it is one move nearer mate.
inline void check_plays_fastest(const al0::endgame::CompiledTable& table,
                                std::initializer_list<const char*> fens) {
    for (const char* fen : fens) {
        const auto pos = al0::Position::from_fen(fen);
        REQUIRE(pos);
        const auto result = al0::endgame::think(table, *pos, {});
        REQUIRE(result);
        REQUIRE(result->outcome == al0::search::Outcome::found);
        const al0::Position after = pos->after(result->tree.children(0)[0].move);
        INFO(fen);
        CHECK(shared_registry().value(al0::tablebase::board_of(after)) + 1 ==
              shared_registry().value(al0::tablebase::board_of(*pos)));
    }
}

// Returns the table set of the shipped tables NAMES, the first one verified.
inline al0::verify::TableSet shipped_set(const std::vector<std::string>& names) {
    al0::verify::TableSet set;
    for (const auto& name : names) set.tables.push_back(al0::verify::set_table(shipped(name)));
    return set;
}

// Calls f(position, moves to mate) for every STRIDE-th placement (in square order: White's
// king, Black's king, then White's PIECES) that is a legal position with White to move and
// that White wins.
template <std::size_t N, class F>
void for_won_positions(const std::array<al0::Piece, N>& pieces, long stride, F&& f) {
    std::array<al0::Placement, N + 2> at{};
    at[0].piece = al0::W_KING;
    at[1].piece = al0::B_KING;
    for (std::size_t i = 0; i < N; ++i) at[i + 2].piece = pieces[i];
    long n = 0;
    auto place = [&](auto& self, std::size_t i) -> void {
        if (i == at.size()) {
            if (n++ % stride) return;
            const auto pos = al0::Position::make(at, al0::WHITE);
            if (!pos.validate().empty()) return;
            const auto v = shared_registry().value(al0::tablebase::board_of(pos));
            if (al0::tablebase::is_win(v)) f(pos, al0::tablebase::moves_to_mate(v));
            return;
        }
        for (int s = 0; s < 64; ++s) {
            at[i].sq = al0::Square(s);
            self(self, i + 1);
        }
    };
    place(place, 0);
}

// Calls f(node, root) at every 997th slot of TABLE's material that is a legal position, with
// either side to move (a few hundred positions spread over the board), once with the node as
// its own root and once with a fixed other root (for goals and expressions with root(...)
// values: the first legal slot past a third of the space). Returns the positions visited.
template <class F>
int for_sampled_nodes(const al0::endgame::CompiledTable& table, F&& f) {
    using namespace al0;
    const verify::MaterialStates space(*tablebase::Material::parse(table.roles.material));
    tablebase::Board b;
    std::uint32_t r = space.size() / 3;
    while (!space.board(r, b) || tablebase::illegality(b)) ++r;
    const endgame::State other_root = endgame::orient(table.roles, verify::position_of(b))->state;
    int positions = 0;
    for (std::uint32_t i = 0; i < space.size(); i += 997) {
        if (!space.board(i, b)) continue;
        for (Color stm : {WHITE, BLACK}) {
            b.stm = stm;
            if (tablebase::illegality(b)) continue;
            const endgame::State s = endgame::orient(table.roles, verify::position_of(b))->state;
            f(s, s);
            f(s, other_root);
            ++positions;
        }
    }
    return positions;
}
