// al0 check, run as a person runs it: exit statuses, diagnostics on stderr, summary on stdout.

#include "tables/builtin.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace test_cli_check {

namespace {

namespace fs = std::filesystem;
using al0::test::run_al0;
using al0::test::shell_quote;
using al0::test::temp_table;

// Runs al0 with DIR as the working directory.
al0::test::CliResult run_in(const fs::path& dir, const std::string& args) {
    fs::path before = fs::current_path();
    fs::current_path(dir);
    al0::test::CliResult r = run_al0(args);
    fs::current_path(before);
    return r;
}

// Returns the path of a temporary table file holding TEXT.
using al0::test::read_source;

} // namespace

TEST_CASE("al0 check passes the book's table with one summary line", "[cli][check]") {
    auto r = run_in(AL0_SOURCE_DIR, "check tables/krk_bratko.al0"); // as the README runs it
    CHECK(r.status == 0);
    CHECK(r.out == "tables/krk_bratko.al0: 2 rules, 6 pieces of advice\n");
    CHECK(r.err.empty());
}

TEST_CASE("al0 check points at a misspelt predicate and suggests the right one", "[cli][check]") {
    std::string text = read_source("tables/krk_bratko.al0");
    std::size_t at = text.find("if their_king_edge");
    REQUIRE(at != std::string::npos);
    text.replace(at + 3, 15, "thier_king_edge");
    std::string path = temp_table("al0_typo.al0", text);
    auto r = run_al0("check " + shell_quote(path));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == path + ":8:17: error: unknown predicate 'thier_king_edge' in domain krk (did "
                          "you mean 'their_king_edge'?)\n"
                          "edge_rule :: if thier_king_edge and kings_close\n"
                          "                ^\n");
    fs::remove(path);
}

TEST_CASE("al0 check fails on warnings only with --strict", "[cli][check]") {
    std::string path = temp_table("al0_unused.al0", "r :: if true then [a].\n"
                                                    "advice(a, mate : true : legal : nomove).\n"
                                                    "advice(b, mate : true : legal : nomove).\n");
    auto lenient = run_al0("check " + shell_quote(path));
    CHECK(lenient.status == 0);
    CHECK(lenient.out == path + ": 1 rule, 2 pieces of advice, 1 warning\n");
    CHECK_THAT(lenient.err, Catch::StartsWith(path + ":3:1: warning: advice 'b' is defined but "
                                                     "no rule uses it\n"));
    auto strict = run_al0("check --strict " + shell_quote(path));
    CHECK(strict.status == 1);
    fs::remove(path);
}

TEST_CASE("al0 check finds built-in tables by name from any directory", "[cli][check]") {
    auto r = run_in(fs::temp_directory_path(),
                    "check krk_bratko queens.al0 tables/queens.al0 builtin:krk_bratko");
    CHECK(r.status == 0);
    CHECK(r.out == "builtin:krk_bratko: 2 rules, 6 pieces of advice\n"
                   "builtin:queens: 1 rule, 1 piece of advice\n"
                   "builtin:queens: 1 rule, 1 piece of advice\n"
                   "builtin:krk_bratko: 2 rules, 6 pieces of advice\n");
}

TEST_CASE("al0 check takes a built-in table by name even where a folder has that name",
          "[cli][check]") {
    const fs::path dir = al0::test::temp_path("al0_check_folder");
    fs::create_directories(dir / "krk_bratko");
    fs::create_directories(dir / "no_such_table");
    auto builtin = run_in(dir, "check krk_bratko");
    CHECK(builtin.status == 0);
    CHECK(builtin.out == "builtin:krk_bratko: 2 rules, 6 pieces of advice\n");
    auto folder = run_in(dir, "check no_such_table");
    CHECK(folder.status == 2);
    CHECK(folder.err == "al0: error: no_such_table is a directory, not a table file\n");
    fs::remove_all(dir);
}

TEST_CASE("al0 check names the built-in tables when a table is not found", "[cli][check]") {
    std::string names;
    for (std::string_view name : al0::tables::builtin_names())
        names += (names.empty() ? "" : ", ") + std::string(name);
    CHECK_THAT(names, Catch::Contains("krk_bratko, ") && Catch::Contains("queens"));
    auto r = run_al0("check no_such_table");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: no table file or built-in table named no_such_table; built-in: " +
                       names + "\n");
}

TEST_CASE("al0 check takes the queens domain when only its names fit, or when told",
          "[cli][check]") {
    CHECK(run_al0("check queens").status == 0);
    auto forced = run_al0("check --domain krk queens");
    CHECK(forced.status == 2);
    CHECK_THAT(forced.err, Catch::Contains("unknown predicate 'all_placed' in domain krk"));
    CHECK(run_al0("check --domain queens krk_bratko").status == 2);
    CHECK(run_al0("check --domain chess krk_bratko").status == 2);
}

TEST_CASE("al0 check --print writes a canonical table that checks again unchanged",
          "[cli][check]") {
    auto first = run_al0("check --print krk_bratko");
    REQUIRE(first.status == 0);
    CHECK_THAT(first.out, Catch::StartsWith("% builtin:krk_bratko: 2 rules, 6 pieces of advice\n"
                                            "edge_rule :: if their_king_edge and kings_close\n"));
    std::string path = temp_table("al0_printed.al0", first.out);
    auto second = run_al0("check --print " + shell_quote(path));
    CHECK(second.status == 0);
    std::string body = first.out.substr(first.out.find('\n') + 1);
    CHECK(second.out.substr(second.out.find('\n') + 1) == body);
    fs::remove(path);
}

TEST_CASE("al0 check reports every table and exits with the worst status", "[cli][check]") {
    std::string bad = temp_table("al0_bad.al0", "r :: if true then [a]\n");
    auto r = run_al0("check krk_bratko " + shell_quote(bad) + " queens");
    CHECK(r.status == 2);
    CHECK(r.out == "builtin:krk_bratko: 2 rules, 6 pieces of advice\n"
                   "builtin:queens: 1 rule, 1 piece of advice\n");
    CHECK(r.err == bad + ":2:1: error: expected '.' at the end of the rule, found the end of the "
                         "file\n\n^\n");
    fs::remove(bad);
}

TEST_CASE("al0 check survives binary junk and reports it located", "[cli][check]") {
    std::string junk = temp_table("al0_junk.al0", std::string("\x00\x01\xff\xfe.\x80 x", 8));
    auto r = run_al0("check " + shell_quote(junk));
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith(junk + ":1:1: error: expected a rule"));
    fs::remove(junk);
}

} // namespace test_cli_check
