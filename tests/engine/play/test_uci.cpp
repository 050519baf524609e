// The UCI session unit: scripted lines in, lines out. It plays as the play loop does, follows
// the forcing tree across position commands, rebuilds when the GUI leaves the game it knows, and
// survives any input.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/play/uci_session.hpp"
#include "engine/tablebase/probe.hpp"
#include "tables/builtin.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/play_fixture.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

namespace test_uci {

using namespace al0;
using al0::test::contains;

namespace {

constexpr const char* MATE_IN_2 = "7R/8/8/8/8/2K5/8/3k4 w - - 0 1"; // the book's WK c3 R h8 BK d1

// Loads the built-in KRK tables only; anything else is "no such table".
Expected<play::Table> load(const std::string& spec) {
    if (!tables::builtin(spec)) return Error{"no such table: " + spec + "\nsecond line"};
    return krk_table(spec);
}

// The shipped tables of this test: krk_bratko for KRK.
Expected<play::Table> shipped(const std::string& material) {
    return only(krk_table("krk_bratko"))(material);
}

// One in-memory tablebase for every session of these tests.
std::shared_ptr<tablebase::Registry> tablebases() {
    static const auto shared =
        std::make_shared<tablebase::Registry>(tablebase::CachePolicy{false, {}});
    return shared;
}

struct Session {
    play::UciSession uci{load,       shipped, "krk_bratko", *load("krk_bratko"),
                         "al0 test", {},      tablebases()};

    std::vector<std::string> operator()(std::string_view line) { return uci.handle(line); }
    // Returns the bestmove text ("e6e3", "0000") of a `go`, after checking the answer's shape.
    std::string go(std::string* info = nullptr) {
        auto out = uci.handle("go wtime 1000 btime 1000");
        REQUIRE(out.size() == 2);
        CHECK(out[0].rfind("info string ", 0) == 0);
        REQUIRE(out[1].rfind("bestmove ", 0) == 0);
        if (info) *info = out[0];
        return out[1].substr(9);
    }
};

std::string position(const std::string& fen, const std::vector<std::string>& moves) {
    std::string line = "position fen " + fen;
    if (!moves.empty()) line += " moves";
    for (const auto& m : moves) line += " " + m;
    return line;
}

// Returns the position after the moves (UCI text), each of which must be legal.
Position after(const std::string& fen, const std::vector<std::string>& moves) {
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    Position p = *pos;
    for (const auto& text : moves) {
        auto m = parse_uci(p, text);
        REQUIRE(m);
        p.do_move(*m);
    }
    return p;
}

// A KRK table whose one piece of advice can never be met (mate with the rook lost): its search
// goes through every line of 40 plies, for minutes under the largest Budget.
constexpr const char* ENDLESS =
    "r :: if true then [never].\n"
    "advice(never, mate and rooklost : true : (depth < 40) and legal : (depth < 40) and legal).\n";

// A session of the endless table under the largest budget, its answers collected as they come.
struct EndlessSession {
    play::UciSession uci{load,        shipped,
                         "endless",   krk_table_text(ENDLESS, "endless"),
                         "al0 test",  {play::MAX_UCI_BUDGET, false},
                         tablebases()};
    std::mutex mutex;
    std::condition_variable answered;
    std::vector<std::string> out;
    std::chrono::steady_clock::time_point bestmove_at;

    EndlessSession() {
        uci.set_sink([this](const std::string& line) {
            std::lock_guard lock(mutex);
            out.push_back(line);
            if (line.starts_with("bestmove")) {
                bestmove_at = std::chrono::steady_clock::now();
                answered.notify_all();
            }
        });
        uci.receive(position(BOOK_START, {}));
    }
    // Returns the lines answered once a bestmove came, or nothing when none came within LIMIT
    // (far less than the search would take).
    std::optional<std::vector<std::string>> answer(std::chrono::seconds limit) {
        std::unique_lock lock(mutex);
        if (!answered.wait_for(
                lock, limit, [this] { return !out.empty() && out.back().starts_with("bestmove"); }))
            return std::nullopt;
        return out;
    }
};

// Checks that ANSWER says why the search gave no move (WHY), plays the tablebase's best move from
// the book's start and ends there.
void check_tablebase_answer(const std::vector<std::string>& answer, const std::string& why) {
    REQUIRE(answer.size() == 3);
    CHECK(answer[0] == "info string " + why);
    CHECK(answer[1].starts_with("info string playing the tablebase's best: mate in "));
    const Position start = *Position::from_fen(BOOK_START);
    auto move = parse_uci(start, answer[2].substr(std::string_view("bestmove ").size()));
    REQUIRE(move);
    const auto best = tablebase::probe(*tablebases(), start).best;
    CHECK(std::find(best.begin(), best.end(), *move) != best.end());
}

} // namespace

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
