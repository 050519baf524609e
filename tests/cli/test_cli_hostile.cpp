// The faults hostile input used to find, through the built binary: a table deeper than
// the search goes, bytes that are not UTF-8 in JSON output, files that cannot be written, lines
// longer than any reader holds, counts out of range, and definitions that each use the one
// before twice (written out, exponentially large). Each case failed before the fix.

#include "tests/support/cli_runner.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace test_cli_hostile {

using al0::test::lines_of;
using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

namespace fs = std::filesystem;

const std::string DEPTH_MESSAGE = "search depth limit exceeded in advice a0 (a line deeper than "
                                  "1000 plies; bound its moves, as in (depth < 5) and legal)";

// A table file in the temporary folder, removed at the end of the test.
struct TempTable {
    std::string path;
    TempTable(const std::string& name, const std::string& text)
        : path(al0::test::temp_path("al0_hostile_" + name).string()) {
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempTable() { fs::remove(path); }
};

const std::string DEEP_TABLE = "r :: if true then [a0].\n"
                               "advice(a0, mate : not rooklost : (depth < 100000) and legal :\n"
                               "                                 (depth < 100000) and legal).\n";

} // namespace

TEST_CASE("advise and play stop a table deeper than the search goes with its own message",
          "[cli][limits]") {
    for (const std::string& text :
         {DEEP_TABLE,
          std::string("r :: if true then [a].\nadvice(a, mate : true : legal : legal).\n")}) {
        const TempTable table("deep.al0", text);
        const std::string name = text == DEEP_TABLE ? "a0" : "a";
        auto advise =
            run_al0("advise " + shell_quote(BOOK_START) + " --table " + shell_quote(table.path));
        CHECK(advise.status == 1);
        std::string expected = DEPTH_MESSAGE;
        expected.replace(expected.find("a0"), 2, name);
        CHECK(advise.err == "al0: error: " + expected + "\n");
        CHECK_THAT(advise.out, Catch::Contains(name + ": search depth limit exceeded ("));
        auto play = run_al0("play --ascii --table " + shell_quote(table.path), "quit\n");
        CHECK(play.status == 0);
        CHECK_THAT(play.out, Catch::Contains("Game over: search depth limit exceeded"));
        CHECK_THAT(play.out, Catch::Contains("  " + name + ": search depth limit exceeded"));
    }
}

// Forty definitions, each using the one before two or three times: the measure, predicate or
// generator at the end is 2^40 operations once written out, evaluated at every position.
std::string doubling(const std::string& kind) {
    std::string text = "material KQK.\n";
    auto line = [&](int i, const std::string& body) {
        const std::string n = std::to_string(i);
        if (kind == "measure") text += "measure m" + n + " := " + body + ".\n";
        if (kind == "predicate") text += "p" + n + " :- " + body + ".\n";
        if (kind == "generator") text += "generator g" + n + " := " + body + ".\n";
    };
    const std::string first = kind == "measure"     ? "distance(our_king, their_king)"
                              : kind == "predicate" ? "check"
                                                    : "moves(our_king)";
    line(0, first);
    for (int i = 1; i <= 40; ++i) {
        const std::string p = std::to_string(i - 1);
        line(i, kind == "measure"     ? "min(m" + p + ", m" + p + ")"
                : kind == "predicate" ? "p" + p + " and p" + p + " or p" + p
                                      : "filter(g" + p + " then g" + p + ", true)");
    }
    const std::string better = kind == "measure"     ? "m40 < root(m40)"
                               : kind == "predicate" ? "p40"
                                                     : "mate";
    const std::string moves = kind == "generator" ? "g40" : "legal";
    return text + "main :: if true then [a].\nadvice(a, " + better + " : true : (depth = 0) and " +
           moves + " : nomove).\n";
}

TEST_CASE("a table whose definitions double at each level is refused before it runs, not left "
          "to run for hours",
          "[cli][limits]") {
    for (const std::string kind : {"measure", "predicate", "generator"}) {
        INFO(kind);
        const TempTable table("doubling.al0", doubling(kind));
        const auto check = run_al0("check " + shell_quote(table.path));
        CHECK(check.status == 2);
        CHECK_THAT(check.err, Catch::Contains("is more than 65536 operations once the definitions "
                                              "it uses are written out"));
        const auto advise =
            run_al0("advise \"8/8/8/4k3/8/8/8/K6Q w - - 0 1\" --table " + shell_quote(table.path));
        CHECK(advise.status == 2);
    }
}

TEST_CASE("al0 uci answers a go under a table deeper than the search goes", "[cli][limits][uci]") {
    const TempTable table("deep_uci.al0", DEEP_TABLE);
    // ucinewgame waits for the search; the end of input would stop it.
    auto r = run_al0("uci", "setoption name Table value " + table.path + "\nposition fen " +
                                BOOK_START + "\ngo\nucinewgame\n");
    CHECK(r.status == 0);
    const auto out = lines_of(r.out);
    REQUIRE(out.size() == 4);
    CHECK(out[0] == "info string table " + table.path + " loaded (KRK)");
    CHECK(out[1] == "info string search depth limit exceeded in advice a0");
    CHECK(out[2].starts_with("info string playing the tablebase's best: mate in "));
    CHECK(out[3].starts_with("bestmove "));
    CHECK(out[3] != "bestmove 0000");
}

TEST_CASE("verify counts the positions whose search went past the depth bound",
          "[cli][limits][.slow][slow]") {
    const TempTable table("deep_verify.al0", DEEP_TABLE);
    auto r = run_al0("verify --json --table " + shell_quote(table.path));
    CHECK(r.status == 1);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["failures"]["depth_exceeded"] == j["positions"]);
}

TEST_CASE("probe --stdin --json gives a line of bytes that are not UTF-8 its own result",
          "[cli][probe]") {
    auto r = run_al0("probe --stdin --json", std::string("bad\xff\xfe fen\n") + BOOK_START + "\n");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: 1 of 2 positions are illegal\n");
    const auto first = r.out.substr(0, r.out.find('\n'));
    const auto bad = nlohmann::json::parse(first);
    CHECK(bad["fen"] == "bad\xef\xbf\xbd\xef\xbf\xbd fen"); // U+FFFD for each bad byte
    CHECK(bad["outcome"] == "illegal");
    const auto good = nlohmann::json::parse(r.out.substr(first.size() + 1));
    CHECK(good["outcome"] == "win");
}

TEST_CASE("probe --stdin refuses an overlong line as one illegal position", "[cli][probe]") {
    auto r = run_al0("probe --stdin", std::string(5000, 'x') + "\n" + BOOK_START + "\n");
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains(": illegal: an input line of 5000 bytes (at most 1024)"));
    CHECK_THAT(r.out, Catch::Contains(std::string(BOOK_START) + ": mate in"));
    CHECK(r.out.size() < 1000);
}

TEST_CASE("verify --json writes its result for a table path that is not UTF-8", "[cli][verify]") {
    const TempTable table("t\xff.al0",
                          "r :: if true then [m].\n"
                          "advice(m, mate : true : (depth = 0) and checkmove : nomove).\n");
    auto r = run_al0("verify --json --advice m --table " + shell_quote(table.path));
    CHECK(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["table"].get<std::string>().find("t\xef\xbf\xbd.al0") != std::string::npos);
}

TEST_CASE("play and tablebase report a file they could not write, with exit 2", "[cli][files]") {
    auto play = run_al0("play --ascii --pgn /dev/full", "quit\n");
    CHECK(play.status == 2);
    CHECK(play.err == "al0: error: cannot write /dev/full: No space left on device\n");
    CHECK_THAT(play.out, !Catch::Contains("PGN written"));
    auto tablebase = run_al0("tablebase KRK --no-cache --out /dev/full");
    CHECK(tablebase.status == 2);
    CHECK(tablebase.err == "al0: error: cannot write /dev/full: No space left on device\n");
}

TEST_CASE("match reports PGNs it could not write, and refuses a bad path before any game",
          "[cli][files]") {
    const std::string opponent = shell_quote(std::string(AL0_BINARY) + " uci");
    auto full = run_al0("match --games 1 --opponent " + opponent + " --pgn /dev/full");
    CHECK(full.status == 2);
    CHECK(full.err == "al0: error: cannot write /dev/full: No space left on device\n");
    CHECK_THAT(full.out, !Catch::Contains("PGNs written"));
    auto missing =
        run_al0("match --games 1 --opponent " + opponent + " --pgn /nonexistent/folder/games.pgn");
    CHECK(missing.status == 2);
    CHECK(missing.out.empty());
    CHECK(missing.err ==
          "al0: error: cannot write /nonexistent/folder/games.pgn: No such file or directory\n");
}

TEST_CASE("play refuses a PGN path it cannot write before the game starts", "[cli][files]") {
    auto r = run_al0("play --ascii --pgn /nonexistent/folder/game.pgn", "Kd1\n");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "al0: error: cannot write /nonexistent/folder/game.pgn: No such file or directory\n");
}

TEST_CASE("play writes its PGN to /dev/stdout in place, after the game", "[cli][files]") {
    auto r = run_al0("play --ascii --pgn /dev/stdout", "quit\n");
    CHECK(r.status == 0);
    const auto pgn = r.out.find("[Event ");
    REQUIRE(pgn != std::string::npos);
    CHECK(r.out.find("Game over") < pgn);
    CHECK_THAT(r.out, Catch::EndsWith("PGN written to /dev/stdout\n"));
}

TEST_CASE("play refuses an overlong input line without echoing or holding it", "[cli][limits]") {
    auto r = run_al0("play --ascii", std::string(100'000, 'x') + "\nquit\n");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Refused: an input line of 100000 bytes (at most 1024)"));
    CHECK(r.out.find("xxxxxxxxxx") == std::string::npos);
}

TEST_CASE("counts and limits share one convention and one readable message", "[cli][limits]") {
    auto zero = run_al0("advise " + shell_quote(BOOK_START) + " --budget 0");
    CHECK(zero.status == 2);
    CHECK(zero.err ==
          "al0: error: --budget: must be a whole number from 1 to 18446744073709551615, not '0'\n");
    for (const char* command : {"advise '8/8/4R3/8/3K4/8/2k5/8 w - - 0 1'", "play", "queens 4",
                                "verify", "match --opponent true"}) {
        INFO(command);
        auto big = run_al0(std::string(command) + " --budget 18446744073709551616");
        CHECK(big.status == 2);
        CHECK_THAT(big.err, Catch::Contains("--budget: must be a whole number from 1 to "));
    }
    auto uci = run_al0("uci --budget 2147483648");
    CHECK(uci.status == 2);
    CHECK(uci.err ==
          "al0: error: --budget: must be a whole number from 1 to 2147483647, not '2147483648'\n");
    auto threads = run_al0("queens 6 --mode count --threads 0");
    CHECK(threads.status == 0);
    CHECK(threads.out == "4\n");
    auto many = run_al0("queens 6 --mode count --threads 257");
    CHECK(many.status == 2);
    CHECK(many.err == "al0: error: --threads: must be a whole number from 0 to 256, not '257'\n");
}

TEST_CASE("an opponent engine that floods its output is read with bounded memory",
          "[cli][limits][.slow][slow]") {
    // `yes` never answers uci; in its 10 s of handshake al0 must stay within 300 MB of memory.
    const fs::path err = al0::test::temp_path("al0_hostile_flood.err");
    const std::string command = "ulimit -v 300000; " + shell_quote(AL0_BINARY) +
                                " match --games 1 --opponent yes >/dev/null 2>" +
                                shell_quote(err.string());
    const int raw = std::system(("sh -c " + shell_quote(command)).c_str());
    CHECK(WIFEXITED(raw));
    CHECK(WEXITSTATUS(raw) == 2);
    const std::string message = al0::test::read_file(err);
    CHECK_THAT(message, Catch::EndsWith("al0: error: the engine 'yes' did not answer uci: no "
                                        "uciok within 10000 ms\n"));
    fs::remove(err);
}

// Each command whose output matters, and what it prints (the verify table lies in the temp
// folder).
std::vector<std::pair<std::string, std::string>> writing_commands(const std::string& table) {
    return {{"fen " + shell_quote(BOOK_START), ""},
            {"probe " + shell_quote(BOOK_START), ""},
            {"check --print krk", ""},
            {"queens 8 --mode all", ""},
            {"verify --json --advice m --table " + shell_quote(table), ""},
            {"uci", "uci\nisready\nquit\n"},
            {"--help", ""}};
}

TEST_CASE("every command ends with an error when standard output is full or closed",
          "[cli][files]") {
    const TempTable table("m.al0",
                          "r :: if true then [m].\n"
                          "advice(m, mate : true : (depth = 0) and checkmove : nomove).\n");
    for (const auto& [args, input] : writing_commands(table.path)) {
        INFO(args);
        auto full = al0::test::run_al0_redirected(args + " >/dev/full", input);
        CHECK(full.status == 2);
        CHECK(full.err == "al0: error: cannot write to standard output: No space left on device\n");
        auto closed = al0::test::run_al0_redirected(args + " >&-", input);
        CHECK(closed.status == 2);
        CHECK(closed.err == "al0: error: cannot write to standard output: Bad file descriptor\n");
    }
}

TEST_CASE("a long output stops at the first write that fails, not at its end", "[cli][files]") {
    // 12-queens has 14,200 solutions: written whole, some 600 KB.
    auto r = al0::test::run_al0_redirected("queens 12 --mode all --stats >/dev/full");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: cannot write to standard output: No space left on device\n");
}

TEST_CASE("queens names a chess or KRK table for what it is", "[cli][queens]") {
    auto kqk = run_al0("queens 8 --table kqk");
    CHECK(kqk.status == 2);
    CHECK(kqk.err == "al0: error: table kqk is a chess table (material KQK); queens needs a "
                     "queens table such as 'queens'\n");
    auto krk = run_al0("queens 8 --table krk_bratko");
    CHECK(krk.status == 2);
    CHECK(krk.err == "al0: error: table krk_bratko is a KRK table (the KRK domain's names); "
                     "queens needs a queens table such as 'queens'\n");
}

TEST_CASE("UCI info strings replace bytes that are not UTF-8 and keep those that are",
          "[cli][uci]") {
    // "Größe" in UTF-8, then two bytes that begin no character and a sequence cut short.
    const std::string name = "Gr\xc3\xb6\xc3\x9f"
                             "e";
    auto r = run_al0("uci", "setoption name " + name + "\xff\xfe\xc3 value 1\nquit\n");
    CHECK(r.status == 0);
    CHECK(r.out == "info string unknown option " + name + "???\n");
}

} // namespace test_cli_hostile
