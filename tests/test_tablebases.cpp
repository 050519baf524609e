// The tablebases of every 3- and 4-man material: material signatures, the index, the known
// longest mates, and every entry checked against its children.

#include "engine/movegen.hpp"
#include "engine/tablebase/board_fen.hpp"
#include "engine/tablebase/layout.hpp"
#include "tablebase_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace al0;
using namespace al0::tablebase;

namespace {

// Returns the number of entries that disagree with their children, computed by the solver's
// own move generator (captures and promotions valued in the smaller tables).
int inconsistent_entries(const Table& t) {
    Registry& registry = shared_registry();
    int wrong = 0;
    for (std::uint32_t i = 0; i < t.layout().size(); ++i) {
        Board b;
        const std::uint8_t v = t.entries()[i];
        if (!t.layout().decode(i, b) || illegality(b)) {
            wrong += v != NO_POSITION;
            continue;
        }
        std::vector<std::uint8_t> children;
        for_each_move(
            b, [&](const Board& c, BoardMove, bool) { children.push_back(registry.value(c)); });
        const std::uint8_t expected = entry_from_children(children, in_check(b, b.stm));
        if (v != expected && ++wrong <= 5)
            UNSCOPED_INFO(fen_of(b) << ": entry " << int(v) << ", expected " << int(expected));
    }
    return wrong;
}

Board board_of(const Position& pos) {
    Board b;
    b.men[0] = {K_KING, WHITE, pos.king(WHITE)};
    b.men[1] = {K_KING, BLACK, pos.king(BLACK)};
    b.count = 2;
    for (int i = 0; i < pos.officer_count(); ++i) {
        const PieceType pt = pos.officer(i).type;
        const Kind k = pt == QUEEN    ? K_QUEEN
                       : pt == ROOK   ? K_ROOK
                       : pt == BISHOP ? K_BISHOP
                                      : K_KNIGHT;
        b.men[b.count++] = {k, WHITE, pos.officer(i).sq};
    }
    b.stm = pos.side_to_move();
    return b;
}

// The same check with the chess core's move generator, for the materials its Position holds
// (White's pieces against the bare king): every legal placement, not only canonical slots.
int inconsistent_by_core(const Table& t, std::initializer_list<PieceType> pieces) {
    const std::vector<PieceType> kinds(pieces);
    int wrong = 0, checked = 0;
    for (std::uint32_t i = 0; i < t.layout().size(); ++i) {
        Board slot;
        if (!t.layout().decode(i, slot)) continue;
        Position pos =
            kinds.size() == 1
                ? Position::make(slot.men[0].sq, slot.men[1].sq, {{kinds[0], slot.men[2].sq}},
                                 slot.stm)
                : Position::make(slot.men[0].sq, slot.men[1].sq,
                                 {{kinds[0], slot.men[2].sq}, {kinds[1], slot.men[3].sq}},
                                 slot.stm);
        if (!pos.validate().empty()) continue;
        ++checked;
        std::vector<std::uint8_t> children;
        for (Move m : generate_legal(pos))
            children.push_back(shared_registry().value(board_of(pos.after(m))));
        const std::uint8_t expected = entry_from_children(children, pos.in_check());
        const std::uint8_t v = t.value(board_of(pos));
        if (v != expected && ++wrong <= 5)
            UNSCOPED_INFO(pos.fen() << ": entry " << int(v) << ", expected " << int(expected));
    }
    CHECK(checked > 0);
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

TEST_CASE("The pawnless index has 462 king classes and 64 slots per man", "[tablebase][index]") {
    CHECK(Layout(*Material::parse("KQK")).size() == 2 * 462 * 64);
    CHECK(Layout(*Material::parse("KBNK")).size() == 2 * 462 * 64 * 64);
    CHECK(Layout(*Material::parse("KPK")).size() == 2 * 32 * 64 * 48);
    CHECK(Layout(*Material::parse("KPKP")).size() == 2 * 32 * 64 * 48 * 48);
}

TEST_CASE("Boards that differ by a symmetry or by swapping identical men share an entry",
          "[tablebase][index]") {
    const Layout bb(*Material::parse("KBBK"));
    auto board = [](const char* fen) { return board_from_fen(fen).value().board; };
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

TEST_CASE("Every KQK and KRK entry follows from its children by the chess core's movegen",
          "[tablebase]") {
    CHECK(inconsistent_by_core(table_of("KQK"), {QUEEN}) == 0);
    CHECK(inconsistent_by_core(table_of("KRK"), {ROOK}) == 0);
}

TEST_CASE("Every KBNK, KPKP and KQKR entry follows from its children", "[tablebase][.][slow]") {
    CHECK(inconsistent_by_core(table_of("KBNK"), {BISHOP, KNIGHT}) == 0);
    CHECK(inconsistent_entries(table_of("KBNK")) == 0);
    CHECK(inconsistent_entries(table_of("KPKP")) == 0);
    CHECK(inconsistent_entries(table_of("KQKR")) == 0);
}

namespace {

// Counts the leaves of the legal move tree of the solver's board, en passant included.
std::uint64_t perft(const Board& b, Square ep, int depth) {
    if (depth == 0) return 1;
    std::uint64_t n = 0;
    for_each_move(b, [&](const Board& c, BoardMove m, bool) {
        const bool two = c.men[man_on(c, m.to)].kind == K_PAWN && (m.to ^ m.from) == 16;
        n += perft(c, two ? Square((m.from + m.to) / 2) : SQ_NONE, depth - 1);
    });
    for_each_en_passant(b, ep,
                        [&](const Board& c, BoardMove) { n += perft(c, SQ_NONE, depth - 1); });
    return n;
}

} // namespace

TEST_CASE("The solver's move generator reproduces the perft oracle up to four men",
          "[tablebase][perft]") {
    const std::string path = AL0_SHARED_DATA "/perft-endgames.txt";
    std::ifstream in(path);
    if (!in) {
        WARN("skipped: " << path << " is missing");
        return;
    }
    int positions = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto bar = line.find('|');
        const auto setup = board_from_fen(line.substr(0, bar));
        if (!setup) continue; // five men
        std::istringstream counts(line.substr(bar + 1));
        std::uint64_t expected;
        for (int depth = 1; depth <= 4 && counts >> expected; ++depth) {
            INFO(line << " depth " << depth);
            CHECK(perft(setup->board, setup->en_passant, depth) == expected);
        }
        ++positions;
    }
    CHECK(positions >= 25);
}
