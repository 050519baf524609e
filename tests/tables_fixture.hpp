#pragma once
// The shipped endgame tables compiled for the endgame domain, and table sets that play them as
// `al0 verify` does (the verified table first, the tables that take over after it).

#include "advice/check.hpp"
#include "contract/chess_library.hpp"
#include "engine/endgame/think.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/endgame/endgame_tables.hpp"
#include "program_fixture.hpp"
#include "tablebase_fixture.hpp"

#include <array>
#include <string>
#include <vector>

// Returns the built-in table NAME compiled for its material (a table without one, such as krk,
// over the prelude lib/krk_book), failing the test on any diagnostic.
inline al0::endgame::CompiledTable shipped(const std::string& name) {
    auto text = al0::tables::builtin(name);
    REQUIRE(text);
    auto parsed = al0::advice::parse(*text, name);
    REQUIRE(parsed.table);
    const bool own_material = !parsed.table->materials.empty();
    auto book = al0::advice::parse(*al0::tables::builtin("lib/krk_book"), "lib/krk_book");
    const al0::advice::ast::Table* prelude = own_material ? nullptr : &*book.table;
    const auto diagnostics =
        al0::advice::check(*parsed.table, al0::contract::chess::vocabulary, name, prelude);
    INFO((diagnostics.empty() ? std::string() : diagnostics.front().message));
    // The shipped tables of their own material check without a warning; krk.al0 leaves
    // definitions of its prelude unused.
    REQUIRE((own_material ? diagnostics.empty() : !al0::advice::has_errors(diagnostics)));
    auto program = al0::search::compile(*parsed.table, al0::contract::chess::vocabulary, prelude);
    REQUIRE(program);
    auto roles = al0::endgame::roles_of(own_material ? parsed.table->materials[0].name : "KRK");
    REQUIRE(roles);
    return {name, *roles, std::move(*program)};
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
