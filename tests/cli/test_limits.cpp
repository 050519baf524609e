// The limits of what al0 reads, each with its message: table file size, expression nesting, rules
// and pieces of advice per table, the search node budget, and the UCI line length.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "engine/compile/load.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/play/uci_session.hpp"
#include "fuzz/properties/krk_program.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/position_fixture.hpp"
#include "tools/app/table_source.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace test_limits {

namespace {

namespace fs = std::filesystem;
using al0::test::run_al0;
using al0::test::shell_quote;

const std::string SMALL_TABLE =
    "r :: if true then [a].\nadvice(a, mate : true : legal : nomove).\n";

// Returns the path of a temporary file holding TEXT.
std::string temp_file(const std::string& name, const std::string& text) {
    return al0::test::temp_table("al0_limits_" + name, text);
}

// Returns SMALL_TABLE followed by a comment line that makes the text BYTES long.
std::string padded_table(std::size_t bytes) {
    return SMALL_TABLE + "%" + std::string(bytes - SMALL_TABLE.size() - 2, 'x') + "\n";
}

// Returns the diagnostics of checking TEXT, which must parse.
std::vector<al0::advice::Diagnostic> check_text(const std::string& text) {
    const auto loaded = al0::search::load({"t.al0", text}, al0::krk::vocabulary);
    REQUIRE(loaded.table);
    return loaded.diagnostics;
}

// Returns N rules, each listing advice a, and the advice a.
std::string rules_table(std::size_t n) {
    std::string text;
    for (std::size_t i = 1; i <= n; ++i)
        text.append("r").append(std::to_string(i)).append(" :: if their_king_edge then [a].\n");
    return text + "else_rule :: if true then [a].\nadvice(a, mate : true : legal : nomove).\n";
}

// Returns one rule and N pieces of advice.
std::string advice_table(std::size_t n) {
    std::string text = "r :: if true then [a1].\n";
    for (std::size_t i = 1; i <= n; ++i)
        text += "advice(a" + std::to_string(i) + ", mate : true : legal : nomove).\n";
    return text;
}

bool mentions(const std::vector<al0::advice::Diagnostic>& diagnostics, const std::string& text) {
    for (const auto& d : diagnostics)
        if (d.message.find(text) != std::string::npos) return true;
    return false;
}

} // namespace

TEST_CASE("A table file of 16 MiB is read, one byte more is refused with the limit", "[limits]") {
    const std::string at_limit = temp_file("at.al0", padded_table(al0::tools::max_table_bytes));
    const std::string over = temp_file("over.al0", padded_table(al0::tools::max_table_bytes + 1));
    REQUIRE(fs::file_size(at_limit) == al0::tools::max_table_bytes);

    auto ok = run_al0("check " + shell_quote(at_limit));
    CHECK(ok.status == 0);
    CHECK(ok.err.empty());
    auto refused = run_al0("check " + shell_quote(over));
    CHECK(refused.status == 2);
    CHECK(refused.err ==
          "al0: error: table file " + over + " is larger than 16 MiB, the limit for a table\n");
    fs::remove(at_limit);
    fs::remove(over);
}

TEST_CASE("An endless table file (/dev/zero) is refused as no regular file, not read forever",
          "[limits]") {
    auto r = run_al0("check /dev/zero");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: table file /dev/zero is not a regular file (a FIFO, a device or "
                   "a socket); give a table file\n");
}

TEST_CASE("A FIFO as a table is refused at once, not waited on", "[cli][limits]") {
    const std::string fifo = al0::test::temp_path("al0_limits_fifo").string();
    std::filesystem::remove(fifo);
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const std::string refused = "table file " + fifo +
                                " is not a regular file (a FIFO, a device or a socket); give a "
                                "table file";
    auto check =
        al0::test::run_al0_redirected("check " + shell_quote(fifo) + " >/dev/null", "", 20);
    CHECK(check.status == 2);
    CHECK(check.err == "al0: error: " + refused + "\n");
    const std::string out = al0::test::temp_table("al0_limits_uci_out", "");
    auto uci = al0::test::run_al0_redirected(
        "uci >" + shell_quote(out), "setoption name Table value " + fifo + "\nisready\nquit\n", 20);
    CHECK(uci.status == 0);
    CHECK(al0::test::read_file(out) ==
          "info string cannot load table " + fifo + ": " + refused + "\nreadyok\n");
    std::filesystem::remove(out);
    std::filesystem::remove(fifo);
}

TEST_CASE("al0 check locates an expression nested past the limit", "[limits]") {
    const int levels = al0::advice::max_nesting + 1;
    const std::string file = temp_file(
        "deep.al0", "r :: if " + std::string(std::size_t(levels), '(') + "mate" +
                        std::string(std::size_t(levels), ')') + " then [a].\n" + SMALL_TABLE);
    auto r = run_al0("check " + shell_quote(file));
    CHECK(r.status == 2);
    CHECK(r.err.find(file + ":1:") == 0);
    CHECK(r.err.find("nest more than 256 levels deep") != std::string::npos);
    fs::remove(file);
}

TEST_CASE("A table may have 10,000 rules; the next one is an error where it starts", "[limits]") {
    CHECK_FALSE(mentions(check_text(rules_table(al0::advice::max_rules - 1)), "too many"));
    auto over = check_text(rules_table(al0::advice::max_rules));
    REQUIRE(over.size() == 1);
    CHECK(over[0].severity == al0::advice::Diagnostic::Severity::error);
    CHECK(over[0].line == int(al0::advice::max_rules) + 1);
    CHECK(over[0].column == 1);
    CHECK(over[0].message == "too many rules: a table may have at most 10000");
}

TEST_CASE("A table may have 10,000 pieces of advice; the next one is an error where it starts",
          "[limits]") {
    CHECK_FALSE(mentions(check_text(advice_table(al0::advice::max_advice)), "too many"));
    auto over = check_text(advice_table(al0::advice::max_advice + 1));
    REQUIRE(over.size() == 1);
    CHECK(over[0].line == int(al0::advice::max_advice) + 2);
    CHECK(over[0].message == "too many pieces of advice: a table may have at most 10000");
}

TEST_CASE("advise and play end an explosive table with the budget exceeded, naming the advice",
          "[limits][cli]") {
    const std::string table = temp_file(
        "explode.al0", "r :: if true then [deep].\nadvice(deep, mate : true : legal : legal).\n");
    const std::string args =
        shell_quote(BOOK_START) + " --table " + shell_quote(table) + " --budget 1000";
    auto advise = run_al0("advise " + args);
    CHECK(advise.status != 0);
    CHECK(advise.err == "al0: error: search budget exceeded in advice deep (budget 1000 nodes)\n");
    auto play = run_al0("play " + args + " --ascii", "Kc1\n");
    CHECK(play.out.find("Game over: search budget exceeded") != std::string::npos);
    CHECK(play.out.find("  deep: search budget exceeded (1001 nodes)\n") != std::string::npos);
    fs::remove(table);
}

TEST_CASE("The UCI session ignores a line over 64 KiB with an info string", "[limits][uci]") {
    al0::play::UciSession session(al0::fuzz::builtin_krk_table, al0::fuzz::book_tables,
                                  "krk_bratko", al0::fuzz::book_table(), "al0 test");
    std::string line = "isready";
    line.resize(al0::play::max_line_length, ' ');
    CHECK(session.handle(line) == std::vector<std::string>{"readyok"});
    line += ' ';
    CHECK(
        session.handle(line) ==
        std::vector<std::string>{"info string input line of 65537 bytes ignored (at most 65536)"});
}

TEST_CASE("al0 uci answers on after an over-long line", "[limits][uci][cli]") {
    auto r = run_al0("uci", "isready" + std::string(70'000, ' ') + "\nisready\nquit\n");
    CHECK(r.status == 0);
    CHECK(r.out == "info string input line of 70007 bytes ignored (at most 65536)\nreadyok\n");
}

} // namespace test_limits
