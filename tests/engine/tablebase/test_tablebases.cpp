// The tablebases of every 3- and 4-man material: material signatures, the index, the known
// longest mates, and every entry checked against its children.

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/tablebase/layout.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/tablebase/solver.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

namespace test_tablebases {

using namespace al0;
using namespace al0::tablebase;

namespace {

Position position_from(const Board& b) {
    std::vector<Placement> pieces;
    for (int i = 0; i < b.count; ++i)
        pieces.push_back({make_piece(b.men[i].color, piece_type_of(b.men[i].kind)), b.men[i].sq});
    return Position::make(std::span(pieces), b.stm);
}

// Returns the number of entries that disagree with their children, found by the chess core's
// move generator (captures and promotions valued in the smaller tables; the child of a double
// step keeps its en-passant square and is valued by its own children): a win is one ply longer
// than its shortest lost child, a loss one ply longer than its longest won child, a draw has a
// drawn child and no lost one, no move is mate or stalemate. Unused and illegal slots must say
// NO_POSITION. Each entry must also equal its colour-mirrored board's in the registry (the same
// game seen by the other side: the material's own table when it is its own mirror, as KPKP).
int inconsistent_entries(const Table& t) {
    Registry& registry = shared_registry();
    int wrong = 0;
    for (std::uint32_t i = 0; i < t.layout().size(); ++i) {
        Board b;
        const std::uint8_t v = t.entries()[i];
        if (!t.layout().decode(i, b)) {
            wrong += v != NO_POSITION;
            continue;
        }
        const Position pos = position_from(b);
        if (!pos.validate().empty()) {
            wrong += v != NO_POSITION;
            continue;
        }
        std::vector<std::uint8_t> children;
        for (Move m : generate_legal(pos)) children.push_back(value(registry, pos.after(m)));
        const std::uint8_t expected = entry_from_children(children, pos.in_check());
        if (v != expected && ++wrong <= 5)
            UNSCOPED_INFO(pos.fen() << ": entry " << int(v) << ", expected " << int(expected));
        const std::uint8_t mirrored = registry.value(b.flipped());
        if (mirrored != v && ++wrong <= 5)
            UNSCOPED_INFO(pos.fen() << ": entry " << int(v) << ", mirrored " << int(mirrored));
    }
    return wrong;
}

Board board(const std::string& fen) { return board_of(position_of(fen)); }

// Returns whether MATERIAL solved afresh on one thread and on two and three (its conversions
// probed in the shared registry) has the registry's entries each time.
bool same_entries_on_any_threads(const char* material) {
    const Table& built = table_of(material);
    Registry& registry = shared_registry();
    bool same = true;
    for (int threads : {1, 2, 3}) {
        const auto entries = solve(
            built.layout(), [&](const Board& b) { return registry.value(b); }, threads);
        INFO(material << " on " << threads << " threads");
        CHECK(entries == built.entries());
        same = same && entries == built.entries();
    }
    return same;
}

// Returns the board under symmetry t: bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps
// files and ranks.
Board transformed(Board b, int t) {
    for (int i = 0; i < b.count; ++i) {
        int f = file_of(b.men[i].sq), r = rank_of(b.men[i].sq);
        if (t & 1) f = 7 - f;
        if (t & 2) r = 7 - r;
        if (t & 4) std::swap(f, r);
        b.men[i].sq = Square(r * 8 + f);
    }
    return b;
}

// Returns the men of a board as a sorted list of colour, kind and square (identical men in any
// order give the same list).
std::vector<int> men_of(const Board& b) {
    std::vector<int> men;
    for (int i = 0; i < b.count; ++i)
        men.push_back(b.men[i].color << 9 | b.men[i].kind << 6 | b.men[i].sq);
    std::sort(men.begin(), men.end());
    return men;
}

// Returns the number of boards of the material's used slots, under each symmetry of its table
// (all 8 without pawns, the left-right mirror with), whose index is not their slot or whose
// symmetric flag does not say whether another symmetry maps the board onto itself.
int misindexed_boards(const char* material) {
    const Layout layout(*Material::parse(material));
    const int symmetries = layout.material().has_pawns() ? 2 : 8;
    int wrong = 0;
    for (std::uint32_t s = 0; s < layout.size(); ++s) {
        Board b;
        if (!layout.decode(s, b)) continue;
        int expected = 1;
        for (int t = 1; t < symmetries; ++t) {
            if (men_of(transformed(b, t)) == men_of(b)) expected = 2;
        }
        for (int t = 0; t < symmetries; ++t) {
            int symmetric = 0;
            const std::uint32_t i = layout.index(transformed(b, t), &symmetric);
            if ((i != s || symmetric != expected) && ++wrong <= 5)
                UNSCOPED_INFO(material << " slot " << s << " under symmetry " << t << ": index "
                                       << i << ", symmetric " << symmetric << ", expected "
                                       << expected);
        }
    }
    return wrong;
}

} // namespace

TEST_CASE("A material is printed strong side first and parsed in any case",
          "[tablebase][material]") {
    CHECK(Material::parse("kbnk")->name() == "KBNK");
    CHECK(Material::parse("KNBK")->name() == "KBNK");
    const Material weak_white = *Material::parse("KKQ");
    CHECK(weak_white.black_is_strong());
    CHECK(weak_white.canonical().name() == "KQK");
    CHECK(!Material::parse("KPKP")->black_is_strong());
    CHECK(Material::parse("KRKQ")->canonical().name() == "KQKR");
    CHECK(Material::parse("KBK")->insufficient());
    CHECK(!Material::parse("KNNK")->insufficient());
}

TEST_CASE("The chess core and the tablebase name every material of up to five men alike",
          "[tablebase][material]") {
    // Every sequence of up to three extra men, each one of ten: a kind of either colour.
    const std::array<Kind, 5> kinds{K_QUEEN, K_ROOK, K_BISHOP, K_KNIGHT, K_PAWN};
    int checked = 0;
    for (int n = 0, sequences = 1; n <= Material::MAX_EXTRAS; ++n, sequences *= 10)
        for (int code = 0; code < sequences; ++code) {
            std::vector<Placement> pieces{{W_KING, SQ_A1}, {B_KING, SQ_H8}};
            std::array<std::vector<Kind>, COLOR_NB> sides;
            for (int i = 0, digits = code; i < n; ++i, digits /= 10) {
                const Kind k = kinds[std::size_t(digits % 5)];
                const Color color = digits % 10 < 5 ? WHITE : BLACK;
                sides[color].push_back(k);
                pieces.push_back({make_piece(color, piece_type_of(k)), Square(16 + i)});
            }
            const Position pos = Position::make(std::span(pieces), WHITE);
            const Material m(sides[WHITE], sides[BLACK]);
            CAPTURE(m.name());
            CHECK(material_signature(pos) == m.canonical().name());
            CHECK((stronger_side(pos) == BLACK) == m.black_is_strong());
            ++checked;
        }
    CHECK(checked == 1 + 10 + 100 + 1000);
}

TEST_CASE("A malformed material is refused with the reason", "[tablebase][material]") {
    CHECK(Material::parse("KXK").error() ==
          "'KXK' is not a material: 'X' is none of K, Q, R, B, N, P");
    CHECK(Material::parse("KQ").error() == "'KQ' does not have exactly two kings");
    CHECK(Material::parse("QKK").error() == "a material starts with the strong side's king: K...");
}

TEST_CASE("There are 35 materials of three and four men", "[tablebase][material]") {
    const auto all = all_materials_up_to_four();
    CHECK(all.size() == 35);
    CHECK(std::count_if(all.begin(), all.end(), [](const Material& m) { return m.men() == 3; }) ==
          5);
    CHECK(std::count_if(all.begin(), all.end(),
                        [](const Material& m) { return m.count(BLACK) == 1; }) == 15);
    for (const Material& m : all) CHECK(!m.black_is_strong());
}

TEST_CASE("Every board of KQK, KPK and KBBK has its slot under each symmetry and is symmetric "
          "when another maps it onto itself",
          "[tablebase][index]") {
    for (const char* material : {"KQK", "KPK", "KBBK"}) {
        INFO(material);
        CHECK(misindexed_boards(material) == 0);
    }
}

TEST_CASE("The pawnless index has 462 king classes and 64 slots per man", "[tablebase][index]") {
    CHECK(Layout(*Material::parse("KQK")).size() == 2 * 462 * 64);
    CHECK(Layout(*Material::parse("KBNK")).size() == 2 * 462 * 64 * 64);
    CHECK(Layout(*Material::parse("KPK")).size() == 2 * 32 * 64 * 48);
    CHECK(Layout(*Material::parse("KPKP")).size() == 2 * 32 * 64 * 48 * 48);
}

TEST_CASE("Boards that differ by a symmetry or by swapping identical men share an entry",
          "[tablebase][index]") {
    const Layout bb(*Material::parse("KBBK"));
    // Mirrored left-right, top-bottom and in the diagonal; the bishops swapped.
    const std::uint32_t i = bb.index(board("8/8/8/3k4/8/2B5/1B6/K7 w - - 0 1"));
    CHECK(bb.index(board("8/8/8/4k3/8/5B2/6B1/7K w - - 0 1")) == i);
    CHECK(bb.index(board("K7/1B6/2B5/8/3k4/8/8/8 w - - 0 1")) == i);
    const Layout pk(*Material::parse("KPK"));
    CHECK(pk.index(board("8/8/8/3k4/8/2P5/8/K7 w - - 0 1")) ==
          pk.index(board("8/8/8/4k3/8/5P2/8/7K w - - 0 1")));
    // Every slot that decodes is the entry of its own board.
    std::uint32_t used = 0;
    for (std::uint32_t s = 0; s < bb.size(); ++s) {
        Board b;
        if (!bb.decode(s, b)) continue;
        ++used;
        REQUIRE(bb.index(b) == s);
    }
    CHECK(used > bb.size() / 3);
}

TEST_CASE("The longest mates with White to move are KQK 10, KRK 16, KPK 28", "[tablebase]") {
    CHECK(table_of("KQK").stats().longest_win[WHITE] == 10);
    CHECK(table_of("KRK").stats().longest_win[WHITE] == 16);
    CHECK(table_of("KPK").stats().longest_win[WHITE] == 28);
    CHECK(table_of("KBK").stats().wins[WHITE] == 0);
    CHECK(table_of("KNK").stats().wins[WHITE] == 0);
}

TEST_CASE("The longest KBNK mate with White to move is 33", "[tablebase][.][slow]") {
    CHECK(table_of("KBNK").stats().longest_win[WHITE] == 33);
}

TEST_CASE("Every KQK, KRK and KPK entry follows from its children", "[tablebase]") {
    CHECK(inconsistent_entries(table_of("KQK")) == 0);
    CHECK(inconsistent_entries(table_of("KRK")) == 0);
    CHECK(inconsistent_entries(table_of("KPK")) == 0);
}

TEST_CASE("Every KBNK and KQKR entry follows from its children", "[tablebase][.][slow]") {
    CHECK(inconsistent_entries(table_of("KBNK")) == 0);
    CHECK(inconsistent_entries(table_of("KQKR")) == 0);
}

TEST_CASE("KQK, KRK and KPK solved on one, two or three threads have the same entries",
          "[tablebase]") {
    for (const char* material : {"KQK", "KRK", "KPK"}) CHECK(same_entries_on_any_threads(material));
}

TEST_CASE("A three-man table is solved on one thread even when more are asked for", "[tablebase]") {
    Registry registry(CachePolicy{false, {}}, 2);
    std::vector<int> threads;
    registry.on_table([&](const TableEvent& e) { threads.push_back(e.threads); });
    registry.table(*Material::parse("KPK"));
    CHECK(threads == std::vector<int>(threads.size(), 1));
    CHECK(threads.size() == 5); // KPK and the tables its promotions convert into
}

TEST_CASE("Every four-man table is solved on all the threads asked for and no three-man one",
          "[tablebase]") {
    for (const Material& m : all_materials_up_to_four()) {
        INFO(m.name());
        CHECK(solving_threads(Layout(m).size(), 2) == (m.men() == 4 ? 2 : 1));
    }
}

TEST_CASE("KQKR and KPKP solved on one, two or three threads have the same entries",
          "[tablebase][.][slow]") {
    for (const char* material : {"KQKR", "KPKP"}) CHECK(same_entries_on_any_threads(material));
}

// KPKP is the one material of four men with a pawn on each side: the one where a double step
// can be answered en passant.
TEST_CASE("Every KPKP entry follows from its children, captures en passant included",
          "[tablebase][.][slow]") {
    CHECK(inconsistent_entries(table_of("KPKP")) == 0);
}

TEST_CASE("A double step that allows a drawing capture en passant does not win",
          "[tablebase][.][slow]") {
    // a4 would queen first, but bxa3 e.p. draws; a3 is no better.
    Registry& registry = shared_registry();
    const Probe p = probe(registry, position_of("8/8/8/8/1p6/6k1/P7/K7 w - - 0 1"));
    CHECK(p.outcome == Outcome::draw);
    const Position after = position_of("8/8/8/8/Pp6/6k1/8/K7 b - a3 0 1");
    CHECK(value(registry, after) == DRAWN);
    const Probe q = probe(registry, after);
    CHECK(q.outcome == Outcome::draw);
    CHECK(std::find(q.best.begin(), q.best.end(),
                    Move(make_square(File(1), Rank(3)), make_square(File(0), Rank(2)))) !=
          q.best.end());
    // Without the square (Black's pawn could not take) the same men are a white win.
    CHECK(is_loss(value(registry, position_of("8/8/8/8/Pp6/6k1/8/K7 b - - 0 1"))));
}

} // namespace test_tablebases
