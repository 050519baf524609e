// al0 uci and al0 match through the built binary: a scripted UCI session over stdin and stdout,
// bad input that never kills the process, and matches against fake engines (an illegal mover,
// al0 itself, a silent one) and, when it is installed, Stockfish.

#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <unistd.h>

namespace test_cli_uci {

using al0::test::contains;
using al0::test::lines_of;
using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

const std::string DATA = std::string(AL0_SOURCE_DIR) + "/tests/data/uci/";
constexpr const char* STOCKFISH = "/usr/games/stockfish";

std::string script(std::initializer_list<const char*> lines) {
    std::string text;
    for (const char* line : lines) text += std::string(line) + "\n";
    return text;
}

std::string match_against(const std::string& opponent, const std::string& more) {
    return "match --table krk_bratko --opponent " + shell_quote(opponent) + " " + more;
}

// Returns whether the process whose id is in the file PID_FILE still runs (a zombie, killed and
// waiting to be reaped, does not).
bool still_runs(const std::string& pid_file) {
    std::ifstream pid_in(pid_file);
    std::string pid;
    REQUIRE(pid_in >> pid);
    // A killed process dies a moment after kill() returns (later on a loaded machine): it
    // counts as running only if it is still there two seconds on.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    for (;;) {
        std::ifstream stat("/proc/" + pid + "/stat");
        std::string line;
        if (!std::getline(stat, line)) return false;
        const std::size_t state = line.rfind(')') + 2; // after "pid (command) "
        if (state >= line.size() || line[state] == 'Z') return false;
        if (std::chrono::steady_clock::now() >= give_up) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// A table of MATERIAL over the chess library that plays any legal move.
std::string any_move_table(const std::string& material) {
    return al0::test::temp_table(
        "al0_any_" + material + ".al0",
        "material " + material +
            ".\nr :: if true then [any].\n"
            "advice(any, mate : true : (depth = 0) and legal : nomove).\n");
}

} // namespace

TEST_CASE("al0 uci plays a scripted session over stdin and stdout", "[cli][uci]") {
    const std::string book = "position fen 8/8/4R3/8/3K4/8/2k5/8 w - - 0 1";
    const std::string mate_in_2 = "position fen 7R/8/8/8/8/2K5/8/3k4 w - - 0 1";
    auto r = run_al0(
        "uci --table krk_bratko",
        "uci\nisready\n" + book + "\ngo movetime 1000\n" +                //
            book + " moves e6e3 c2d2\ngo wtime 300000 btime 300000\n" +   // extends the game
            book + " moves e6e3 c2d2 d4d5 d2d1\ngo\n" +                   // the GUI moved for al0
            mate_in_2 + "\ngo\n" + mate_in_2 + " moves h8e8 d1c1\ngo\n" + // follows the tree
            script({"ucinewgame", "go", "position startpos moves e2e4 e7e5", "go infinite",
                    "position fen 8/8/4R3/8/3K4/8/8/2k5 b - - 0 1", "go",
                    "position fen 8/8/4N3/8/3K4/8/2k5/8 w - - 0 1", "go", "hello there", "",
                    "joho debug on", "setoption name Table value /nonexistent/table.al0",
                    "setoption name Budget value lots"}) +
            book + " moves e6e3 c2d2\ngo\nucinewgame\n"); // waits for the search before the end
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    const std::vector<std::string> expected = {
        "id name al0 *",
        "id author *",
        "option name Table type string default krk_bratko",
        "option name Budget type spin default 10000000 min 1 max 2147483647",
        "uciok",
        "readyok",
        "info string rule else_rule advice squeeze (new tree)",
        "bestmove e6e3",
        "info string rule else_rule advice keeproom (new tree)",
        "bestmove d4e4",
        "info string rule else_rule advice approach (new tree)",
        "bestmove d5d4",
        "info string rule edge_rule advice mate_in_2 (new tree)",
        "bestmove h8e8",
        "info string rule edge_rule advice mate_in_2 (tree followed)",
        "bestmove e8e1",
        "info string no position has been set up (send position first)",
        "bestmove 0000",
        "info string the standard start position is not an endgame al0 has a table for",
        "bestmove 0000",
        "info string the weak side's move by the tablebase (its longest resistance when lost)",
        "bestmove c1c2",
        "info string al0 has no table for KNK; it has tables for KRK, KQK*",
        "bestmove 0000",
        "info string cannot load table /nonexistent/table.al0: *",
        "info string setoption name Budget needs a whole number from 1 to 2147483647, not 'lots'",
        "info string rule else_rule advice keeproom (new tree)",
        "bestmove d4e4",
    };
    const auto out = lines_of(r.out);
    REQUIRE(out.size() == expected.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        INFO("line " << i + 1);
        const std::string& e = expected[i];
        if (e.back() == '*')
            CHECK(out[i].rfind(e.substr(0, e.size() - 1), 0) == 0);
        else
            CHECK(out[i] == e);
    }
}

TEST_CASE("al0 uci answers nothing after quit", "[cli][uci]") {
    auto r = run_al0("uci", "isready\nquit\nisready\n");
    CHECK(r.status == 0);
    CHECK(r.out == "readyok\n");
}

TEST_CASE("al0 uci ends cleanly at the end of input, without quit", "[cli][uci]") {
    auto r = run_al0("uci", "isready\n");
    CHECK(r.status == 0);
    CHECK(r.out == "readyok\n");
}

TEST_CASE("al0 uci at the end of input stops a running search, which answers at once",
          "[cli][uci]") {
    // A table whose search would run for minutes under this budget.
    const std::string table = al0::test::temp_table(
        "al0_endless.al0",
        "r :: if true then [never].\n"
        "advice(never, mate and rooklost : true : (depth < 40) and legal : (depth < 40) and "
        "legal).\n");
    auto r = run_al0("uci --budget 2147483647 --table " + shell_quote(table),
                     "position fen 8/8/4R3/8/3K4/8/2k5/8 w - - 0 1\ngo infinite\n");
    CHECK(r.status == 0);
    const auto out = lines_of(r.out);
    REQUIRE(out.size() == 3);
    CHECK(out[0] == "info string the search was stopped before it found a move");
    CHECK(out[1].starts_with("info string playing the tablebase's best: mate in "));
    CHECK(out[2].starts_with("bestmove "));
    std::filesystem::remove(table);
}

TEST_CASE("al0 uci with a table that does not load is bad input", "[cli][uci]") {
    auto r = run_al0("uci --table /nonexistent/table.al0", "isready\n");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("al0: error: ", 0) == 0);
}

TEST_CASE("random bytes on stdin never kill al0 uci", "[cli][uci]") {
    std::mt19937 rng(11);
    std::string input;
    for (int line = 0; line < 500; ++line) {
        const char* starts[] = {
            "position fen ", "position startpos moves ", "go ", "setoption name ", "", "uci "};
        input += starts[rng() % 6];
        for (int n = int(rng() % 40); n > 0; --n) {
            char c = char(rng() % 256);
            input += c == '\n' ? ' ' : c;
        }
        input += '\n';
    }
    auto r = run_al0("uci", input + "isready\n");
    CHECK(r.status == 0);
    CHECK(r.last_line() == "readyok");
}

TEST_CASE("al0 match refuses an opponent's illegal move and fails the check", "[cli][match]") {
    auto r = run_al0(match_against("sh " + DATA + "illegal_engine.sh", "--games 1 --seed 3"));
    CHECK(r.status == 1);
    CHECK(contains(r.out, "v illegal mover: 1 games"));
    CHECK(contains(r.out, "the opponent played an illegal move: illegal move a1a1"));
    CHECK(contains(r.out, "KRK: mates 0 of 1"));
    CHECK(contains(r.err, "al0: error: 1 of 1 games did not end in mate within 50 moves: game 1"));
}

TEST_CASE("al0 match reports an opponent that has no move", "[cli][match]") {
    auto r = run_al0(match_against("sh " + DATA + "no_move_engine.sh", "--games 2 --seed 5"));
    CHECK(r.status == 1);
    CHECK(contains(r.out, "the opponent failed: it has no move (\"bestmove 0000\")"));
    CHECK(contains(r.out, "Game 2:"));
    CHECK(contains(r.err, "2 of 2 games did not end in mate"));
}

TEST_CASE("al0 uci defends the weak side with the tablebase's longest resistance",
          "[cli][uci][practice]") {
    // al0 against itself: the uci engine, asked to move for the weak side, defends.
    auto r = run_al0("match --opponent " + shell_quote(std::string(AL0_BINARY) + " uci") +
                     " --games 2 --seed 5");
    CHECK(r.status == 0);
    CHECK(contains(r.out, "KRK: mates 2 of 2"));
}

TEST_CASE("al0 match --strong puts a UCI engine on the strong side against the same opponent",
          "[cli][match]") {
    // al0 uci plays the shipped tables for the strong side and defends with the tablebase.
    const std::string al0_uci = shell_quote(std::string(AL0_BINARY) + " uci");
    const std::string pgn = al0::test::temp_path("al0_match_strong_test.pgn").string();
    auto r = run_al0("match --strong " + al0_uci + " --opponent " + al0_uci +
                     " --material KRK,KQK --games 2 --seed 5 --pgn " + shell_quote(pgn));
    CHECK(r.status == 0);
    CHECK(contains(r.out, "al0 0.1.0 v al0 0.1.0: 4 games"));
    CHECK(contains(r.out, "KRK: mates 2 of 2"));
    CHECK(contains(r.out, "KQK: mates 2 of 2"));
    std::ifstream in(pgn);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(contains(text, "[White \"al0 0.1.0\"]"));
    CHECK_FALSE(contains(text, "al0 (auto)"));
    std::filesystem::remove(pgn);
}

TEST_CASE("al0 match refuses an illegal move of the --strong engine", "[cli][match]") {
    auto r = run_al0(match_against("sh " + DATA + "no_move_engine.sh",
                                   "--strong " + shell_quote("sh " + DATA + "illegal_engine.sh") +
                                       " --games 1 --seed 3"));
    CHECK(r.status == 1);
    CHECK(contains(r.out, "illegal mover v "));
    CHECK(contains(r.out, "the strong engine played an illegal move: illegal move a1a1"));
    CHECK(contains(r.err, "al0: error: 1 of 1 games did not end in mate within 50 moves: game 1"));
}

TEST_CASE("al0 match with an opponent that does not start is bad input", "[cli][match]") {
    auto r = run_al0(match_against("/nonexistent/engine", "--games 1"));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "al0: error: the engine '/nonexistent/engine' did not answer uci"));
}

TEST_CASE("al0 match names the line of a bad FEN in its --fens file", "[cli][match]") {
    auto r = run_al0(
        match_against("sh " + DATA + "illegal_engine.sh", "--fens " + DATA + "bad_start.fens"));
    CHECK(r.status == 2);
    CHECK(contains(r.err, "bad_start.fens:3: table krk_bratko: the position is KQK"));
}

TEST_CASE("al0 match and play leave no process of their engine running, SIGTERM ignored or not",
          "[cli][match]") {
    // Named by this test run's process: test runs side by side must not share it.
    const std::string pid_file = (std::filesystem::temp_directory_path() /
                                  ("al0_stubborn_engine_" + std::to_string(::getpid()) + ".pid"))
                                     .string();
    const std::string engine = "sh " + DATA + "stubborn_engine.sh " + shell_quote(pid_file);
    const std::string command =
        GENERATE_COPY(match_against(engine, "--games 1 --seed 3"),
                      "play --table krk_bratko --ascii --defender " + shell_quote("uci:" + engine));
    INFO(command);
    std::filesystem::remove(pid_file);
    auto r = run_al0(command);
    CHECK(contains(r.err, "al0: error: "));
    CHECK_FALSE(still_runs(pid_file));
    std::filesystem::remove(pid_file);
}

TEST_CASE("al0 match refuses at once to draw random starts nobody can win or the tablebase "
          "cannot tell",
          "[cli][match]") {
    auto [material, why] = GENERATE(table<std::string, std::string>(
        {{"KBK", "random starts of KBK cannot be drawn: its strong side wins no position of it"},
         {"KRRKR", "random starts of KRRKR cannot be drawn: the tablebase that tells won ones "
                   "holds up to four men"}}));
    const std::string table = any_move_table(material);
    auto r = run_al0("match --table " + shell_quote(table) + " --games 1 --opponent " +
                     shell_quote("sh " + DATA + "illegal_engine.sh"));
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: " + why + "; give the start positions with --fens\n");
    std::filesystem::remove(table);
}

TEST_CASE("al0 play refuses the optimal defender where the tablebase has no answer",
          "[cli][play]") {
    const std::string table = any_move_table("KRRKR");
    auto r = run_al0("play " + shell_quote("8/8/8/8/8/2k5/2r5/K5RR w - - 0 1") + " --table " +
                     shell_quote(table) + " --defender optimal");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "al0: error: the optimal defender plays by the tablebase, which holds up to "
                   "four men; this position has 5\n");
    std::filesystem::remove(table);
}

TEST_CASE("al0 match gives up on an opponent that never answers go", "[cli][match][.][slow]") {
    auto r = run_al0(match_against("sh " + DATA + "silent_engine.sh", "--games 1 --movetime 1"));
    CHECK(r.status == 1);
    CHECK(contains(r.out, "the opponent failed: no bestmove within 5001 ms"));
}

TEST_CASE("against Stockfish al0 mates from the book's start positions", "[cli][match][.][slow]") {
    if (!std::filesystem::exists(STOCKFISH)) {
        WARN("Stockfish is not installed: " << STOCKFISH);
        return;
    }
    const std::string pgn = al0::test::temp_path("al0_match_test.pgn").string();
    auto r = run_al0(match_against(
        STOCKFISH, "--fens " + DATA + "book_starts.fens --movetime 20 --pgn " + shell_quote(pgn)));
    CHECK(r.status == 0);
    CHECK(contains(r.out, "KRK: mates 2 of 2"));
    CHECK(contains(r.out, "All 2 games ended in mate within 50 moves."));
    const std::string text = al0::test::read_file(pgn);
    CHECK(contains(text, "[Black \"Stockfish"));
    CHECK(contains(text, "[Termination \"mate\"]"));
    std::filesystem::remove(pgn);

    auto play = run_al0("play --table krk_bratko --ascii --defender uci:" + shell_quote(STOCKFISH));
    CHECK(play.status == 0);
    CHECK(contains(play.out, "Game over: mate (1-0)"));
}

} // namespace test_cli_uci
