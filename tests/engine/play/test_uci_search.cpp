// The UCI session's searches: go answers without playing its move, go infinite and ponder hold
// the answer, searchmoves, stop, movetime, the clock and nodes bound a search, and isready and
// quit are answered while one runs.

#include "tests/support/uci_fixture.hpp"

namespace test_uci {

TEST_CASE("go does not play its move in the position: a second go answers the same", "[uci]") {
    Session s;
    s(position(BOOK_START, {}));
    CHECK(s.go() == "e6e3");
    std::string info;
    CHECK(s.go(&info) == "e6e3");
    CHECK(contains(info, "(new tree)"));
    // The GUI's next position, with that move and a reply, follows the tree as before.
    s(position(BOOK_START, {"e6e3", "c2d2"}));
    CHECK(s.go() == "d4e4");
}

TEST_CASE("go infinite and go ponder hold the answer until stop or ponderhit", "[uci]") {
    auto [go, release] =
        GENERATE(table<std::string, std::string>({{"go infinite", "stop"},
                                                  {"go ponder wtime 1000", "ponderhit"},
                                                  {"go infinite", "position startpos"}}));
    INFO(go << " then " << release);
    Session s;
    s(position(BOOK_START, {}));
    CHECK(s(go).empty());
    s.uci.wait(); // the search has ended; its answer is held
    CHECK(s("isready") == std::vector<std::string>{"readyok"});
    const auto out = s(release);
    REQUIRE(out.size() >= 2);
    CHECK(out[0] == "info string rule else_rule advice squeeze (new tree)");
    CHECK(out[1] == "bestmove e6e3");
    CHECK(s("stop").empty()); // nothing more is held
}

TEST_CASE("go searchmoves searches only the listed root moves", "[uci]") {
    Session s;
    s(position(BOOK_START, {}));
    auto listed = s("go searchmoves d4d5 e6e3 wtime 1000");
    CHECK(listed.back() == "bestmove e6e3");
    // Without e6e3 the squeeze has no move; a later advice is met by a listed one.
    auto left_out = s("go searchmoves d4d5 d4c5");
    REQUIRE(left_out.size() == 2);
    CHECK(left_out[0].starts_with("info string rule else_rule advice "));
    CHECK(left_out[0].ends_with(" (new tree)"));
    CHECK((left_out[1] == "bestmove d4d5" || left_out[1] == "bestmove d4c5"));
    // A tree being followed whose move is not listed is searched afresh.
    s(position(BOOK_START, {"e6e3", "c2d2"}));
    CHECK(s.go() == "d4e4");
    auto other = s("go searchmoves e3e1 e3h3");
    REQUIRE(other.size() == 2);
    CHECK(contains(other[0], "(new tree)"));
    CHECK((other[1] == "bestmove e3e1" || other[1] == "bestmove e3h3"));
}

TEST_CASE("stop ends a search that would run for minutes, and the tablebase's move is played",
          "[uci]") {
    EndlessSession s;
    s.uci.receive("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(200)); // the search is under way
    const auto stopped = std::chrono::steady_clock::now();
    s.uci.receive("stop");
    const auto answer = s.answer(std::chrono::seconds(10));
    REQUIRE(answer);
    const auto latency = std::chrono::duration<double, std::milli>(s.bestmove_at - stopped);
    UNSCOPED_INFO("bestmove " << latency.count() << " ms after stop");
    check_tablebase_answer(*answer, "the search was stopped before it found a move");
}

TEST_CASE("go movetime and the clock bound a search, and its time running out is said", "[uci]") {
    const std::string go = GENERATE(std::string("go movetime 100"),
                                    std::string("go wtime 3000 btime 1000000 winc 0 binc 0"),
                                    std::string("go wtime 1000 btime 1000 movestogo 5"));
    INFO(go);
    EndlessSession s;
    s.uci.receive(go);
    const auto answer = s.answer(std::chrono::seconds(10));
    REQUIRE(answer);
    check_tablebase_answer(*answer,
                           "the time for this move ran out before the search found a move");
}

TEST_CASE("go nodes bounds a search by its node count", "[uci]") {
    EndlessSession s;
    s.uci.receive("go nodes 20000");
    const auto answer = s.answer(std::chrono::seconds(10));
    REQUIRE(answer);
    check_tablebase_answer(*answer, "search budget exceeded in advice never");
}

TEST_CASE("go ponder keeps searching until ponderhit, whose time limit then ends it", "[uci]") {
    EndlessSession s;
    s.uci.receive("go ponder movetime 50");
    CHECK_FALSE(s.answer(std::chrono::seconds(1))); // pondering knows no time limit
    s.uci.receive("ponderhit");
    const auto answer = s.answer(std::chrono::seconds(10));
    REQUIRE(answer);
    check_tablebase_answer(*answer,
                           "the time for this move ran out before the search found a move");
}

TEST_CASE("an overlong position command clears the position, so the next go says so", "[uci]") {
    Session s;
    s(position(BOOK_START, {}));
    std::string line = position(BOOK_START, {"e6e3"});
    line.resize(play::max_line_length + 1, ' ');
    CHECK(s(line) == std::vector<std::string>{"info string input line of 65537 bytes ignored "
                                              "(at most 65536)"});
    std::string info;
    CHECK(s.go(&info) == "0000");
    CHECK(info == "info string the last position command was ignored: it was longer than 65536 "
                  "bytes");
}

TEST_CASE("isready and quit are answered while a search runs", "[uci]") {
    std::vector<std::string> out;
    std::mutex m;
    Session s;
    s.uci.set_sink([&](const std::string& line) {
        std::lock_guard lock(m);
        out.push_back(line);
    });
    s.uci.receive(position(BOOK_START, {}));
    s.uci.receive("go infinite");
    s.uci.receive("isready");
    {
        std::lock_guard lock(m);
        REQUIRE_FALSE(out.empty());
        CHECK(out.back() == "readyok"); // the held answer cannot have come yet
    }
    s.uci.receive("quit");
    CHECK(s.uci.quit());
    std::lock_guard lock(m);
    CHECK(out.back() == "readyok"); // quit drops the answer nobody reads
}

TEST_CASE("with a defence, go for the weak side answers its longest resistance", "[uci]") {
    Session s;
    s.uci.set_defence(
        [](const Position& pos) { return tablebase::best_move(shared_registry(), pos); });
    // Black to move, lost: every answer is among the tablebase's longest defences, game on.
    std::vector<std::string> moves;
    const std::string start = "8/8/4R3/8/3K4/8/8/2k5 b - - 0 1";
    for (int ply = 0; ply < 6; ++ply) {
        s(position(start, moves));
        const Position pos = after(start, moves);
        std::string info;
        const std::string move = s.go(&info);
        if (pos.side_to_move() == BLACK) {
            CHECK(info == "info string the weak side's move by the tablebase (its longest "
                          "resistance when lost)");
            const auto best = tablebase::probe(shared_registry(), pos).best;
            CHECK(std::find(best.begin(), best.end(), *parse_uci(pos, move)) != best.end());
        }
        moves.push_back(move);
    }
    // Without a defence it has no move there.
    Session plain;
    plain(position(start, {}));
    CHECK(plain.go() == "0000");
}

} // namespace test_uci
