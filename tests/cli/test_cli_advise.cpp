// al0 advise --explain against golden files: tests/data/advise/NAME.expected holds what the
// command prints (stdout without its timing line, then its exit status and stderr).

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace test_cli_advise {

using al0::test::run_al0;
using al0::test::shell_quote;

namespace {

const std::string DATA = std::string(AL0_SOURCE_DIR) + "/tests/data/advise/";
const std::string START = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

using al0::test::read_file;

// Returns what al0 printed, as the golden files hold it: JSON re-indented without its
// microseconds, text without its "Search: N nodes, T us" line, then the exit status and stderr,
// with paths relative to the repository.
std::string rendered(const al0::test::CliResult& r) {
    std::string out;
    if (!r.out.empty() && r.out[0] == '{') {
        auto j = nlohmann::json::parse(r.out);
        j.erase("microseconds");
        out = j.dump(2) + "\n";
    } else {
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);)
            if (line.rfind("Search: ", 0) != 0) out += line + "\n";
    }
    std::string text = out + "--- exit " + std::to_string(r.status) + "\n" + r.err;
    // Paths as in the repository, wherever it is checked out.
    for (auto at = text.find(AL0_SOURCE_DIR); at != std::string::npos;
         at = text.find(AL0_SOURCE_DIR))
        text.erase(at, std::string_view(AL0_SOURCE_DIR).size() + 1);
    return text;
}

struct Case {
    const char* name;
    std::string args;
};

} // namespace

TEST_CASE("advise --explain names what fails, for each piece of advice, as the golden files say",
          "[cli][advise]") {
    const std::string table = shell_quote(DATA + "explain.al0");
    const std::string book = shell_quote("8/8/8/8/3R4/2k5/8/K7 w - - 0 1");
    const Case cases[] = {
        // A named predicate that fails at the root; every root move failing the same way.
        {"explain_text", "advise " + shell_quote(START) + " --explain --table " + table},
        {"explain_json", "advise " + shell_quote(START) + " --explain --json --table " + table},
        // The book's table: lines of different lengths, lines under the satisfied advice.
        {"explain_book", "advise " + book + " --explain --table krk_bratko"},
        {"explain_book_json", "advise " + book + " --explain --json --table krk_bratko"},
        // The same table over the prelude, and a table of its own definitions: their names.
        {"explain_prelude",
         "advise " + book + " --explain --table krk_bratko --prelude lib/krk_book"},
        {"explain_own_words", "advise " + book + " --explain --table krk_own_words"},
        // Tables al0 advise cannot run: one message each.
        {"queens_table", "advise " + shell_quote(START) + " --explain --table queens"},
        {"other_material",
         "advise " + shell_quote(START) + " --explain --table " + shell_quote(DATA + "kqk.al0")},
    };
    for (const Case& c : cases) {
        INFO(c.name << ": al0 " << c.args);
        CHECK(rendered(run_al0(c.args)) == read_file(DATA + c.name + ".expected"));
    }
}

TEST_CASE("advise --values shows what the table's definitions without roles are worth, for the "
          "strong side in either colour",
          "[cli][advise]") {
    const std::string table = al0::test::temp_table(
        "al0_values.al0",
        "material KQK.\n"
        "measure kk := distance(our_king, their_king).\n"
        "measure twice := 2 * kk + 1.\n"
        "measure gained := root(kk) - kk.\n"
        "near :- kk < 3.\n"
        "far(piece) :- distance(our_king, piece) > 3.\n"
        "r :: if true then [m].\n"
        "advice(m, mate : not far(their_king) : (depth < 4) and legal : (depth < 4) and legal).\n");
    // White's king on a1, Black's on e5: four king steps apart. Then the same colour-flipped.
    for (const char* fen : {"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", "kq6/8/8/8/4K3/8/8/8 b - - 0 1"}) {
        INFO(fen);
        const auto text =
            run_al0("advise --values --table " + shell_quote(table) + " " + shell_quote(fen));
        CHECK(text.out.find("  kk = 4\n  twice = 9\n  gained = 0\n  near: false\n") !=
              std::string::npos);
        CHECK(text.out.find("far") == std::string::npos); // it takes a role: not shown
        const auto json = run_al0("advise --values --json --table " + shell_quote(table) + " " +
                                  shell_quote(fen));
        const auto values = nlohmann::json::parse(json.out)["values"];
        REQUIRE(values.size() == 4);
        CHECK(values[0] == nlohmann::json({{"name", "kk"}, {"value", 4}}));
        CHECK(values[3] == nlohmann::json({{"name", "near"}, {"value", false}}));
    }
    // Without --values, nothing of it.
    const auto plain = run_al0("advise --table " + shell_quote(table) + " " +
                               shell_quote("8/8/8/4k3/8/8/8/KQ6 w - - 0 1"));
    CHECK(plain.out.find("Values") == std::string::npos);
}

TEST_CASE("advise shows the depth of a shallowest advice's tree, where the first tree found is "
          "deeper",
          "[cli][advise]") {
    const std::string mate = "mate : true : (depth < 5) and legal : (depth < 4) and legal";
    const auto table = [&](const std::string& name, const std::string& option) {
        return shell_quote(al0::test::temp_table(
            "al0_" + name + ".al0", "material KQK.\nmain :: if true then [" + name + "].\nadvice(" +
                                        name + ", " + mate + option + ").\n"));
    };
    // Mate in 2 by Kb6 Kb8 Qf8#, or in 3 by Kb6 Kb8 Qf7 Ka8 Qa7#, the first found.
    const std::string fen = shell_quote("k7/8/8/K7/8/8/5Q2/8 w - - 0 1");
    const auto first = run_al0("advise --table " + table("first", "") + " " + fen);
    CHECK(first.out.find("  first: satisfied (28 root moves") != std::string::npos);
    CHECK(first.out.find("Forcing tree (6 nodes, 5 plies)") != std::string::npos);
    const auto shallowest =
        run_al0("advise --explain --table " + table("shallowest", ", shallowest") + " " + fen);
    CHECK(shallowest.out.find("  shallowest: satisfied, its shallowest tree: 3 plies (28 root "
                              "moves") != std::string::npos);
    CHECK(shallowest.out.find("Forcing tree (4 nodes, 3 plies)") != std::string::npos);
    const auto json = nlohmann::json::parse(
        run_al0("advise --json --table " + table("shallowest", ", shallowest") + " " + fen).out);
    CHECK(json["attempts"][0]["shallowest_plies"] == 3);
}

TEST_CASE("advise without --explain gives no explanation, in text or JSON", "[cli][advise]") {
    auto text =
        run_al0("advise " + shell_quote(START) + " --table " + shell_quote(DATA + "explain.al0"));
    CHECK(text.status == 0);
    CHECK(text.out.find("fail the same way") == std::string::npos);
    CHECK(text.out.find("kings_close") == std::string::npos);
    auto json = run_al0("advise " + shell_quote(START) + " --json --table " +
                        shell_quote(DATA + "explain.al0"));
    const auto parsed = nlohmann::json::parse(json.out);
    for (const auto& a : parsed["attempts"]) CHECK_FALSE(a.contains("explanation"));
}

// Returns TEXT with every rank digit mirrored (1 <-> 8): a SAN line on the colour-flipped board.
std::string mirrored(std::string text) {
    for (char& c : text)
        if (c >= '1' && c <= '8') c = char('1' + '8' - c);
    return text;
}

TEST_CASE("advise --explain explains every material and either colour, in moves of the real "
          "board",
          "[cli][advise]") {
    // Each position and its colour flip (the table's side Black): the same explanations, their
    // moves mirrored.
    const std::pair<const char*, const char*> positions[] = {
        {"8/8/8/8/3R4/2k5/8/K7 w - - 0 1", "k7/8/2K5/3r4/8/8/8/8 b - - 0 1"},
        {"8/8/8/8/8/8/4Q3/K1k5 w - - 0 1", "k1K5/4q3/8/8/8/8/8/8 b - - 0 1"},
        {"8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", "4k3/4p3/8/8/3K4/8/8/8 b - - 0 1"},
    };
    for (const auto& [white, black] : positions) {
        INFO(white);
        const auto w = nlohmann::json::parse(
            run_al0("advise " + shell_quote(white) + " --explain --json").out);
        const auto b = nlohmann::json::parse(
            run_al0("advise " + shell_quote(black) + " --explain --json").out);
        REQUIRE(w["attempts"].size() == b["attempts"].size());
        int explained = 0;
        for (std::size_t i = 0; i < w["attempts"].size(); ++i) {
            const auto& we = w["attempts"][i]["explanation"];
            const auto& be = b["attempts"][i]["explanation"];
            CHECK(we["summary"] == be["summary"]);
            REQUIRE(we["lines"].size() == be["lines"].size());
            for (std::size_t l = 0; l < we["lines"].size(); ++l) {
                CHECK(we["lines"][l]["reason"] == be["lines"][l]["reason"]);
                CHECK(mirrored(we["lines"][l]["moves"].dump()) == be["lines"][l]["moves"].dump());
            }
            explained += !we["summary"].is_null() || !we["lines"].empty();
        }
        CHECK(explained > 0);
    }
}

} // namespace test_cli_advise
