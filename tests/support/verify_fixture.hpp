#pragma once
// What the verification tests of several materials share: table sets of test tables, an
// independent count of a material's won positions, and a check that a defending line is legal
// and ends as its verdict says.

#include "contract/chess_library.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/endgame/endgame_tables.hpp"
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "tests/support/files.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include <fstream>
#include <sstream>

// Returns the set entry of tests/data/verify/NAME.al0, a table of MATERIAL.
inline al0::verify::SetTable test_table(const std::string& name, const char* material) {
    const std::string text = al0::test::read_source("tests/data/verify/" + name + ".al0");
    return al0::verify::set_table({name, *al0::endgame::roles_of(material),
                                   compile_table(text, al0::contract::chess::vocabulary)});
}

// Counts the won positions with White to move of a three-man material (White: king and PIECE)
// independently of the verifier's index: every placement on the chess core's board that it
// calls legal, by the tablebase.
inline int won_positions(al0::Piece piece) {
    using namespace al0;
    int won = 0;
    for (int k = 0; k < 64; ++k)
        for (int q = 0; q < 64; ++q)
            for (int b = 0; b < 64; ++b) {
                if (k == q || q == b || k == b) continue;
                const Position p = Position::make(
                    {{W_KING, Square(k)}, {piece, Square(q)}, {B_KING, Square(b)}}, WHITE);
                if (!p.validate().empty()) continue;
                won += tablebase::is_win(shared_registry().value(tablebase::board_of(p)));
            }
    return won;
}

// Plays a line on the board: every move legal, and the end as the verdict says.
inline void check_line_ends_as_said(const al0::verify::DefendingLine& line) {
    using namespace al0;
    INFO(line.start.fen() << "  " << verify::line_text(line));
    REQUIRE(!line.moves.empty());
    CHECK(line.advice.size() == (line.moves.size() + 1) / 2);
    Position p = line.start;
    for (Move m : line.moves) {
        REQUIRE(generate_legal(p).contains(m));
        p.do_move(m);
    }
    if (line.verdict == verify::Verdict::stalemate) CHECK(p.is_stalemate());
    if (line.verdict == verify::Verdict::won) CHECK(p.is_checkmate());
    if (line.verdict == verify::Verdict::win_lost) {
        CHECK(line.moves.size() % 2 == 1); // it ends with White's move
        CHECK_FALSE(tablebase::is_loss(tablebase::value(shared_registry(), p)));
    }
}
