// Move text both ways: UCI ("e6e3") and SAN ("Re3", "Ra8+", "Ra8#", "Kxb2", "Rae1"), and the
// reasons illegal or unreadable text is refused.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_move_text {

using namespace al0;

namespace {

// Returns the SAN of the move given in UCI, checking that the UCI text is legal first.
std::string san_of(const std::string& fen, const std::string& uci) {
    Position pos = from_fen(fen);
    auto m = parse_uci(pos, uci);
    INFO(uci << ": " << (m ? "" : m.error()));
    REQUIRE(m.ok());
    return to_san(pos, *m);
}

// Returns the UCI of the move the SAN names, or the reason it is refused.
std::string uci_of_san(const std::string& fen, const std::string& san) {
    auto m = parse_san(from_fen(fen), san);
    return m ? to_uci(*m) : m.error();
}

// Returns the UCI of the move the UCI text names, or the reason it is refused.
std::string uci_of_uci(const std::string& fen, const std::string& uci) {
    auto m = parse_uci(from_fen(fen), uci);
    return m ? to_uci(*m) : m.error();
}

const std::string CHECK_E8 = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
const std::string MATE_E8 = "4k3/8/4K3/8/8/8/8/R7 w - - 0 1";
const std::string TAKE_B2 = "8/8/8/8/8/8/1R6/k3K3 b - - 0 1";
const std::string TWO_ROOKS_RANK = "3k4/8/8/8/8/8/6K1/R6R w - - 0 1";
const std::string TWO_ROOKS_FILE = "3k4/8/8/R7/8/8/6K1/R7 w - - 0 1";
const std::string THREE_QUEENS = "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1";

} // namespace

TEST_CASE("Moves are written in SAN with capture, check and mate marks", "[move_text][san]") {
    CHECK(san_of(BOOK_START, "e6e3") == "Re3");
    CHECK(san_of(BOOK_START, "d4d5") == "Kd5");
    CHECK(san_of(CHECK_E8, "a1a8") == "Ra8+");
    CHECK(san_of(MATE_E8, "a1a8") == "Ra8#");
    CHECK(san_of(TAKE_B2, "a1b2") == "Kxb2");
}

TEST_CASE("SAN names the file, the rank or the square when two pieces could move",
          "[move_text][san]") {
    CHECK(san_of(TWO_ROOKS_RANK, "a1e1") == "Rae1");
    CHECK(san_of(TWO_ROOKS_RANK, "h1e1") == "Rhe1");
    CHECK(san_of(TWO_ROOKS_RANK, "a1a4") == "Ra4");
    CHECK(san_of(TWO_ROOKS_FILE, "a1a3") == "R1a3");
    CHECK(san_of(TWO_ROOKS_FILE, "a5a3") == "R5a3");
    CHECK(san_of(TWO_ROOKS_FILE, "a1d1") == "Rd1+");
    CHECK(san_of(THREE_QUEENS, "a1b2") == "Qa1b2");
    CHECK(san_of(THREE_QUEENS, "a3c3") == "Q3c3");
    CHECK(san_of(THREE_QUEENS, "c1c3") == "Qcc3");
}

TEST_CASE("UCI text is written from square to square", "[move_text][uci]") {
    CHECK(to_uci(Move(make_square(FILE_E, RANK_6), make_square(FILE_E, RANK_3))) == "e6e3");
    CHECK(to_uci(Move(SQ_A1, SQ_H8)) == "a1h8");
}

TEST_CASE("SAN text is read, with or without marks", "[move_text][san]") {
    CHECK(uci_of_san(BOOK_START, "Re3") == "e6e3");
    CHECK(uci_of_san(BOOK_START, "Re3+") == "e6e3"); // a wrong check mark is forgiven
    CHECK(uci_of_san(BOOK_START, "Kd5") == "d4d5");
    CHECK(uci_of_san(CHECK_E8, "Ra8+") == "a1a8");
    CHECK(uci_of_san(MATE_E8, "Ra8#") == "a1a8");
    CHECK(uci_of_san(MATE_E8, "Ra8") == "a1a8");
    CHECK(uci_of_san(TAKE_B2, "Kxb2") == "a1b2");
    CHECK(uci_of_san(TAKE_B2, "Kb2") == "a1b2");
    CHECK(uci_of_san(TWO_ROOKS_RANK, "Rae1") == "a1e1");
    CHECK(uci_of_san(TWO_ROOKS_RANK, "Rhe1") == "h1e1");
    CHECK(uci_of_san(TWO_ROOKS_RANK, "Rh1e1") == "h1e1");
    CHECK(uci_of_san(TWO_ROOKS_FILE, "R1a3") == "a1a3");
    CHECK(uci_of_san(TWO_ROOKS_FILE, "Rad1") == "a1d1"); // more origin than needed is fine
    CHECK(uci_of_san(THREE_QUEENS, "Qa1b2") == "a1b2");
}

TEST_CASE("Illegal SAN is refused with the reason", "[move_text][san]") {
    CHECK(uci_of_san(TWO_ROOKS_RANK, "Re1") == "ambiguous move Re1: Rae1 or Rhe1");
    CHECK(uci_of_san(BOOK_START, "Rxe3") == "illegal move Rxe3: nothing to capture on e3");
    CHECK(uci_of_san(BOOK_START, "Rd5") == "illegal move Rd5: a rook on e6 cannot reach d5");
    CHECK(uci_of_san(BOOK_START, "Kd3") == "illegal move Kd3: the kings would be adjacent");
    CHECK(uci_of_san(BOOK_START, "Qd3") == "illegal move Qd3: White has no queen");
    CHECK(uci_of_san(TWO_ROOKS_RANK, "Rbe1") ==
          "illegal move Rbe1: White has no rook on the b-file");
    CHECK(uci_of_san(TWO_ROOKS_FILE, "R3a4") == "illegal move R3a4: White has no rook on rank 3");
    CHECK(uci_of_san(TWO_ROOKS_RANK, "Rb8") == "illegal move Rb8: no rook can move to b8");
    CHECK(uci_of_san(TAKE_B2, "Kb1") == "illegal move Kb1: the king would be in check");
    CHECK(uci_of_san(TAKE_B2, "Rb3") == "illegal move Rb3: Black has no rook");
    CHECK(uci_of_san(BOOK_START, "e4") == "illegal move e4: White has no pawn on the e-file");
    CHECK(uci_of_san(BOOK_START, "exd5") == "illegal move exd5: White has no pawn on the e-file");
    CHECK(uci_of_san(BOOK_START, "O-O") == "illegal move O-O: no castling in this endgame");
}

TEST_CASE("Unreadable SAN is refused as not a move", "[move_text][san]") {
    auto text = GENERATE(as<std::string>{}, "", "+", "R", "Rz9", "K9", "hello", "e6e3", "Re3x",
                         "Rxxe3", "re3", "Re3=Q", "xd5", "e2e4");
    CAPTURE(text);
    CHECK(uci_of_san(BOOK_START, text) ==
          "'" + text + "' is not a move in SAN (like Kd3, Re3+ or e8=Q)");
}

TEST_CASE("UCI text is read and illegal UCI is refused with the reason", "[move_text][uci]") {
    CHECK(uci_of_uci(BOOK_START, "e6e3") == "e6e3");
    CHECK(uci_of_uci(TAKE_B2, "a1b2") == "a1b2");
    CHECK(uci_of_uci(BOOK_START, "a1a2") == "illegal move a1a2: no piece on a1");
    CHECK(uci_of_uci(BOOK_START, "c2c1") == "illegal move c2c1: it is White's turn");
    CHECK(uci_of_uci(TAKE_B2, "e1e2") == "illegal move e1e2: it is Black's turn");
    CHECK(uci_of_uci(BOOK_START, "e6d4") ==
          "illegal move e6d4: a piece of the same colour stands on d4");
    CHECK(uci_of_uci(BOOK_START, "e6d5") == "illegal move e6d5: a rook on e6 cannot reach d5");
    CHECK(uci_of_uci(BOOK_START, "d4d6") == "illegal move d4d6: a king on d4 cannot reach d6");
    CHECK(uci_of_uci(BOOK_START, "d4d3") == "illegal move d4d3: the kings would be adjacent");
    CHECK(uci_of_uci(TAKE_B2, "a1b1") == "illegal move a1b1: the king would be in check");
    CHECK(uci_of_uci(TWO_ROOKS_FILE, "a1a6") == "illegal move a1a6: a rook on a1 cannot reach a6");
    CHECK(uci_of_uci(BOOK_START, "e6e3q") ==
          "illegal move e6e3q: only a pawn reaching the last rank promotes");
}

TEST_CASE("Unreadable UCI is refused as not a move", "[move_text][uci]") {
    auto text = GENERATE(as<std::string>{}, "", "e6", "e6e", "e6e9", "i1a1", "E6E3", "e6e3k", "Re3",
                         "0000");
    CAPTURE(text);
    CHECK(uci_of_uci(BOOK_START, text) ==
          "'" + text + "' is not a move in UCI notation (like e6e3 or e7e8q)");
}

TEST_CASE("Every legal move reads back from its own SAN and UCI", "[move_text]") {
    // values<std::string>: GENERATE of plain lvalues would keep dangling references.
    auto fen = GENERATE(
        values<std::string>({BOOK_START, CHECK_E8, MATE_E8, TAKE_B2, TWO_ROOKS_RANK, TWO_ROOKS_FILE,
                             THREE_QUEENS, "8/8/8/4k3/8/8/1B6/4K1N1 b - - 0 1"}));
    Position pos = from_fen(fen);
    for (Move m : generate_legal(pos)) {
        const std::string san = to_san(pos, m);
        CAPTURE(fen, san);
        auto by_san = parse_san(pos, san);
        REQUIRE(by_san.ok());
        CHECK(*by_san == m);
        auto by_uci = parse_uci(pos, to_uci(m));
        REQUIRE(by_uci.ok());
        CHECK(*by_uci == m);
    }
}

namespace {
const std::string PROMOTE = "3r4/4P3/2k5/8/8/8/7K/8 w - - 0 1";
const std::string EN_PASSANT = "8/8/8/3pP3/8/8/k6K/8 w - d6 0 1";
const std::string PAWNS = "8/8/8/8/8/2p5/1P6/k6K w - - 0 1";
const std::string MUST_PROMOTE =
    "illegal move e8: a pawn reaching the last rank must promote (to a queen, rook, bishop or "
    "knight)";
} // namespace

TEST_CASE("Pawn moves are written in SAN and UCI, promotions and en passant included",
          "[move_text][san][uci]") {
    CHECK(san_of(PROMOTE, "e7e8q") == "e8=Q+");
    CHECK(san_of(PROMOTE, "e7e8r") == "e8=R");
    CHECK(san_of(PROMOTE, "e7d8n") == "exd8=N+");
    CHECK(san_of(EN_PASSANT, "e5d6") == "exd6");
    CHECK(san_of(EN_PASSANT, "e5e6") == "e6");
    CHECK(san_of(PAWNS, "b2b4") == "b4");
    CHECK(san_of(PAWNS, "b2c3") == "bxc3");
    CHECK(to_uci(Move(make_square(FILE_E, RANK_7), make_square(FILE_D, RANK_8), KNIGHT)) ==
          "e7d8n");
}

TEST_CASE("Pawn moves are read in SAN and UCI, promotions and en passant included",
          "[move_text][san][uci]") {
    CHECK(uci_of_san(PROMOTE, "e8=Q") == "e7e8q");
    CHECK(uci_of_san(PROMOTE, "e8Q+") == "e7e8q");
    CHECK(uci_of_san(PROMOTE, "e8=b") == "e7e8b");
    CHECK(uci_of_san(PROMOTE, "exd8=N+") == "e7d8n");
    CHECK(uci_of_san(EN_PASSANT, "exd6") == "e5d6");
    CHECK(uci_of_san(PAWNS, "b4") == "b2b4");
    CHECK(uci_of_uci(PROMOTE, "e7d8r") == "e7d8r");
    CHECK(uci_of_uci(EN_PASSANT, "e5d6") == "e5d6");
    CHECK(uci_of_san(PROMOTE, "e8") == MUST_PROMOTE);
    CHECK(uci_of_uci(PROMOTE, "e7e8") ==
          "illegal move e7e8: a pawn reaching the last rank must promote (to a queen, rook, "
          "bishop or knight)");
    CHECK(uci_of_san(PAWNS, "b5") == "illegal move b5: a pawn on b2 cannot reach b5");
    CHECK(uci_of_san(PAWNS, "Kxb2") ==
          "illegal move Kxb2: a piece of the same colour stands on b2");
    CHECK(uci_of_san(PAWNS, "e4") == "illegal move e4: White has no pawn on the e-file");
}

TEST_CASE("A person's move is read as UCI, SAN or the king's target square", "[move_text]") {
    auto read = [](const std::string& fen, const std::string& text) {
        auto m = parse_move_input(from_fen(fen), text);
        return m ? to_uci(*m) : m.error();
    };
    CHECK(read(PROMOTE, "e7e8q") == "e7e8q");
    CHECK(read(PROMOTE, "exd8=N") == "e7d8n");
    CHECK(read(PROMOTE, "h1") == "h2h1"); // no pawn move reads so: the king's target
    CHECK(read(PAWNS, "b3") == "b2b3");   // a pawn's step before the king's target
    CHECK(read(PAWNS, "g2") == "h1g2");
    CHECK(read(BOOK_START, "d3") == "illegal move d4d3: the kings would be adjacent");
}

TEST_CASE("A person's SAN is read case-insensitively where that is unambiguous", "[move_text]") {
    auto read = [](const std::string& fen, const std::string& text) {
        auto m = parse_move_input(from_fen(fen), text);
        return m ? to_uci(*m) : m.error();
    };
    CHECK(read(BOOK_START, "kd5") == "d4d5");
    CHECK(read(BOOK_START, "re3") == "e6e3");
    CHECK(read(BOOK_START, "re3+") == "e6e3");
    CHECK(read(PROMOTE, "e8q") == "e7e8q");
    CHECK(read(PROMOTE, "e8Q") == "e7e8q");
    CHECK(read(PROMOTE, "e8=q") == "e7e8q");
    CHECK(read(PROMOTE, "e8=Q") == "e7e8q");
    CHECK(read(PROMOTE, "e7e8Q") == "e7e8q");
    CHECK(read(PROMOTE, "exd8n") == "e7d8n");
    // A b-pawn and a bishop that both take on c5: "bxc5" names either, "Bxc5" the bishop.
    const std::string BISHOP_OR_PAWN = "8/8/8/2p5/1P6/4B3/8/k1K5 w - - 0 1";
    CHECK(read(BISHOP_OR_PAWN, "bxc5") == "ambiguous move bxc5: bxc5 or Bxc5");
    CHECK(read(BISHOP_OR_PAWN, "Bxc5") == "e3c5");
    CHECK(read(BOOK_START, "kd9") == "'kd9' is not a move in SAN (like Kd3, Re3+ or e8=Q)");
    CHECK(read(BOOK_START, "kc3") == "illegal move Kc3: the kings would be adjacent");
}

} // namespace test_move_text
