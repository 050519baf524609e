// The UCI session unit: scripted lines in, lines out. It plays as the play loop does, follows
// the forcing tree across position commands, rebuilds when the GUI leaves the game it knows, and
// survives any input.

#include "tests/support/uci_fixture.hpp"

namespace test_uci {

TEST_CASE("uci identifies the engine, lists the Table and Budget options and ends with uciok",
          "[uci]") {
    Session s;
    auto out = s("uci");
    REQUIRE(out.size() == 5);
    CHECK(out[0] == "id name al0 test");
    CHECK(out[1].rfind("id author ", 0) == 0);
    CHECK(out[2] == "option name Table type string default krk_bratko");
    CHECK(out[3].rfind("option name Budget type spin default 10000000 min 1 max ", 0) == 0);
    CHECK(out[4] == "uciok");
    CHECK(s("isready") == std::vector<std::string>{"readyok"});
}

TEST_CASE("go answers with the rule, the advice and the move of the book's table", "[uci]") {
    Session s;
    CHECK(s(std::string("position fen ") + BOOK_START).empty());
    std::string info;
    CHECK(s.go(&info) == "e6e3");
    CHECK(info == "info string rule else_rule advice squeeze (new tree)");
}

TEST_CASE("across position commands that extend the game the session follows the forcing tree",
          "[uci]") {
    Session s;
    s(position(MATE_IN_2, {}));
    std::string info;
    const std::string first = s.go(&info);
    CHECK(info == "info string rule edge_rule advice mate_in_2 (new tree)");
    const std::string reply = to_uci(generate_legal(after(MATE_IN_2, {first}))[0]);
    CHECK(s(position(MATE_IN_2, {first, reply})).empty());
    const std::string second = s.go(&info);
    CHECK(info == "info string rule edge_rule advice mate_in_2 (tree followed)");
    CHECK(after(MATE_IN_2, {first, reply, second}).is_checkmate());
}

TEST_CASE("the session plays a whole game exactly as the play loop does", "[uci]") {
    auto start = GENERATE(as<std::string>{}, BOOK_START, MATE_IN_2,
                          "8/8/8/8/3R4/2k5/8/K7 w - - 0 1", "8/8/8/8/3K4/8/2k5/1R6 w - - 0 1");
    // Black answers with its last legal move, so the game runs its course deterministically.
    auto game = game_of(krk_table("krk_bratko"), *Position::from_fen(start));
    Session s;
    std::vector<std::string> moves;
    while (!game.over()) {
        s(position(start, moves));
        std::string info;
        const std::string best = s.go(&info);
        auto expected = game.engine_move();
        INFO(start << " after " << moves.size() << " moves");
        REQUIRE(expected);
        CHECK(best == to_uci(expected->move));
        CHECK(contains(info, expected->rebuilt ? "(new tree)" : "(tree followed)"));
        moves.push_back(best);
        if (game.over()) break;
        const MoveList replies = generate_legal(game.position());
        const Move reply = replies[replies.size() - 1];
        REQUIRE_FALSE(game.opponent_move(reply));
        moves.push_back(to_uci(reply));
    }
    CHECK(game.ending() == play::Ending::mate);
    s(position(start, moves));
    std::string info;
    CHECK(s.go(&info) == "0000");
    CHECK(info == "info string the game is over: mate");
}

TEST_CASE("when the GUI plays a White move that is not al0's, the session rebuilds from there",
          "[uci]") {
    Session s;
    s(position(BOOK_START, {}));
    REQUIRE(s.go() == "e6e3");
    // The GUI moved the king instead of the rook, then Black replied.
    s(position(BOOK_START, {"d4d5", "c2d2"}));
    std::string info;
    const std::string best = s.go(&info);
    CHECK(contains(info, "(new tree)"));
    // What a fresh game from the reached position plays.
    auto fresh = game_of(krk_table("krk_bratko"), after(BOOK_START, {"d4d5", "c2d2"}));
    CHECK(best == to_uci(fresh.engine_move()->move));
    // And the game goes on from there: al0's move and Black's reply extend it again.
    const std::string reply = to_uci(generate_legal(after(BOOK_START, {"d4d5", "c2d2", best}))[0]);
    REQUIRE_FALSE(fresh.opponent_move(*parse_uci(fresh.position(), reply)));
    s(position(BOOK_START, {"d4d5", "c2d2", best, reply}));
    CHECK(s.go() == to_uci(fresh.engine_move().value().move));
}

TEST_CASE("a position command that takes moves back starts a new game", "[uci]") {
    Session s;
    s(position(BOOK_START, {}));
    const std::string first = s.go();
    const std::string reply = to_uci(generate_legal(after(BOOK_START, {first}))[0]);
    s(position(BOOK_START, {first, reply}));
    s.go();
    s(position(BOOK_START, {}));
    std::string info;
    CHECK(s.go(&info) == first);
    CHECK(contains(info, "(new tree)"));
}

TEST_CASE("ucinewgame forgets the game: go needs a new position", "[uci]") {
    Session s;
    s(position(BOOK_START, {}));
    s.go();
    CHECK(s("ucinewgame").empty());
    std::string info;
    CHECK(s.go(&info) == "0000");
    CHECK(contains(info, "no position"));
    s(position(BOOK_START, {}));
    CHECK(s.go() == "e6e3");
}

TEST_CASE("unsupported positions get the reason as an info string and bestmove 0000", "[uci]") {
    auto [line, reason] = GENERATE(table<std::string, std::string>({
        {"position startpos", "standard start position"},
        {"position startpos moves e2e4", "standard start position"},
        {"position fen 8/8/4R3/8/3K4/8/8/2k5 b - - 0 1", "(White), and Black is to move"},
        {"position fen 8/8/4Q3/8/3K4/8/2k5/8 w - - 0 1", "no table for KQK"},
        {"position fen 8/8/8/8/3K4/8/2k5/8 w - - 0 1", "no table for KK"},
        {"position fen 8/8/4R3/8/3K4/8/2k5/8 w - - 0 1 moves e6e3 c2c1 e3e1",
         "(White), and Black is to move"},
        {"position fen 8/8/4R3/8/3K4/8/2k5/9 w - - 0 1", "bad FEN"},
        {"position fen", "bad FEN"},
        {"position fen 8/8/4R3/8/3K4/8/2k5/8 w - - 0 1 moves e6e3 c2d3", "illegal move c2d3"},
        {"position fen 8/8/4R3/8/3K4/8/2k5/8 w - - 0 1 moves e6e3 junk", "junk"},
        {"position", "startpos or fen"},
    }));
    Session s;
    INFO(line);
    CHECK(s(line).empty());
    std::string info;
    CHECK(s.go(&info) == "0000");
    CHECK(contains(info, reason));
    // A supported position afterwards is played as usual.
    s(position(BOOK_START, {}));
    CHECK(s.go() == "e6e3");
}

TEST_CASE("setoption Table with a bad table keeps the current one and says why", "[uci]") {
    Session s;
    auto out = s("setoption name Table value /no/such/table.al0");
    REQUIRE(out.size() == 2); // the reason has two lines: one info string each
    CHECK(out[0] ==
          "info string cannot load table /no/such/table.al0: no such table: /no/such/table.al0");
    CHECK(out[1] == "info string second line");
    s(position(BOOK_START, {}));
    CHECK(s.go() == "e6e3");
    CHECK(
        s("setoption name Table") ==
        std::vector<std::string>{"info string setoption name Table needs a value: a table file, a "
                                 "built-in name or auto"});
    CHECK(s("setoption name table value krk_bratko") ==
          std::vector<std::string>{"info string table krk_bratko loaded (KRK)"});
}

TEST_CASE("setoption Budget bounds the search, and a bad value is refused", "[uci]") {
    Session s;
    CHECK(contains(s("setoption name Budget value many").at(0), "whole number"));
    CHECK(contains(s("setoption name Budget value 0").at(0), "whole number"));
    CHECK(s("setoption name Budget value 1").empty());
    s(position(BOOK_START, {}));
    const auto out = s("go");
    check_tablebase_answer(out, "search budget exceeded in advice squeeze");
    CHECK(contains(s("setoption name Hash value 16").at(0), "unknown option Hash"));
}

TEST_CASE("unknown lines and tokens are ignored, as UCI requires", "[uci]") {
    Session s;
    for (const char* junk :
         {"", "   ", "\t\r", "hello world", "Position startpos", "\x01\xff\xfe", "go2", "stop",
          "ponderhit", "debug on", "register later", "setoption", "setoption name"})
        CHECK(s(junk).size() <= 1);
    CHECK(s("joho isready") == std::vector<std::string>{"readyok"});
    CHECK_FALSE(s.uci.quit());
    CHECK(s("quit").empty());
    CHECK(s.uci.quit());
}

TEST_CASE("random input lines never break the session", "[uci]") {
    const std::vector<std::string> words = {"uci",
                                            "isready",
                                            "ucinewgame",
                                            "position",
                                            "startpos",
                                            "fen",
                                            "moves",
                                            "go",
                                            "stop",
                                            "setoption",
                                            "name",
                                            "value",
                                            "Table",
                                            "Budget",
                                            "8/8/4R3/8/3K4/8/2k5/8",
                                            "w",
                                            "b",
                                            "-",
                                            "0",
                                            "1",
                                            "e6e3",
                                            "c2d3",
                                            "d4d5",
                                            "c2c1",
                                            "xx",
                                            "99999999999999999999"};
    std::mt19937 rng(7);
    Session s;
    for (int line = 0; line < 3000; ++line) {
        std::string text;
        const int n = int(rng() % 12);
        for (int i = 0; i < n; ++i) {
            if (rng() % 10 == 0)
                text += char(rng() % 256);
            else
                text += words[rng() % words.size()];
            text += rng() % 8 ? " " : "\t";
        }
        for (const std::string& out : s(text)) {
            INFO(text);
            CHECK((out.rfind("info string ", 0) == 0 || out.rfind("bestmove ", 0) == 0 ||
                   out.rfind("id ", 0) == 0 || out.rfind("option ", 0) == 0 || out == "uciok" ||
                   out == "readyok"));
        }
    }
    CHECK(s("isready") == std::vector<std::string>{"readyok"});
    s("setoption name Budget value 10000000"); // the fuzz may have set a tiny one
    s(position(BOOK_START, {}));
    CHECK(s.go() == "e6e3");
}

} // namespace test_uci
