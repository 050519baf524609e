// al0 lab's server, run as the binary and spoken to over HTTP: every endpoint refuses bad
// input with a JSON error and keeps serving; the Host check, size limits, and what the page asks
// of the engine (check, advise, play, practice, moves, start) for each shipped material.

#include "tables/builtin.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/lab_client.hpp"
#include "tests/support/lab_fixture.hpp"
#include "tests/support/position_fixture.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <thread>
#include <vector>

namespace test_lab_server {

using al0::test::Connection;
using al0::test::HttpReply;
using al0::test::LabServer;
using namespace al0::test::lab;
using nlohmann::json;
namespace fs = std::filesystem;

TEST_CASE("al0 lab prints its address on 127.0.0.1 and answers the API there", "[lab]") {
    LabServer lab;
    CHECK(lab.first_line().find("serving http://127.0.0.1:") != std::string::npos);
    const HttpReply r = lab.request("GET", "/api/tables");
    REQUIRE(r.status == 200);
    const json j = json::parse(r.body);
    CHECK(j["folder"].is_null());
    CHECK(j["builtin"].size() == al0::tables::builtin_names().size());
}

TEST_CASE("al0 lab refuses requests naming another host or sent by another site's page", "[lab]") {
    LabServer lab;
    const HttpReply rebound =
        lab.request("GET", "/api/tables", "", "attacker.example:" + std::to_string(lab.port()));
    CHECK(rebound.status == 403);
    CHECK(error_of(rebound).find("attacker.example") != std::string::npos);
    const HttpReply cross = lab.request("POST", "/api/check", json{{"text", "x"}}.dump(), "",
                                        "Origin: http://attacker.example\r\n");
    CHECK(cross.status == 403);
    CHECK(lab.request("GET", "/api/tables", "", "localhost:" + std::to_string(lab.port())).status ==
          200);
}

TEST_CASE("Every lab endpoint answers bad input with a JSON error and the server keeps serving",
          "[lab]") {
    LabServer lab;
    const std::string table = krk_table();
    struct Case {
        const char* method;
        std::string target, body;
        int status;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"POST", "/api/check", "not json", 400, "JSON object"},
        {"POST", "/api/check", "[1]", 400, "JSON object"},
        {"POST", "/api/check", json{{"txt", "x"}}.dump(), 400, "'text'"},
        {"GET", "/api/check", "", 400, "use POST"},
        {"POST", "/api/advise", json{{"table", table}, {"fen", "8/8/8"}}.dump(), 400, "bad FEN"},
        {"POST", "/api/advise",
         json{{"table", table}, {"fen", "8/8/4R3/8/3K4/8/2k5/8 b - - 0 1"}}.dump(), 400,
         "White to move"},
        {"POST", "/api/advise",
         json{{"table", "r :: if nonsense then [a]."}, {"fen", BOOK_START}}.dump(), 400, "error"},
        {"POST", "/api/advise", json{{"table", 5}, {"fen", BOOK_START}}.dump(), 400, "'table'"},
        {"POST", "/api/play",
         json{{"table", table}, {"start", BOOK_START}, {"moves", {"e1e2"}}}.dump(), 400, "refused"},
        {"POST", "/api/play",
         json{{"table", table}, {"start", BOOK_START}, {"moves", "c2d3"}}.dump(), 400, "'moves'"},
        {"POST", "/api/play",
         json{{"table", table}, {"start", BOOK_START}, {"moves", {1, 2}}}.dump(), 400, "strings"},
        {"POST", "/api/play",
         json{{"table", table}, {"start", "8/8/8/8/8/8/8/k6K w - - 0 1"}}.dump(), 400,
         "the table plays KRK"},
        {"POST", "/api/moves", json{{"fen", "nonsense"}}.dump(), 400, "bad FEN"},
        {"POST", "/api/moves", json{{"fen", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"}}.dump(), 400,
         "no table for KRRK"},
        {"POST", "/api/start", json{{"material", "KRRK"}}.dump(), 400, "no table for KRRK"},
        {"POST", "/api/start", json{{"material", "KQK"}, {"seed", -1}}.dump(), 400, "'seed'"},
        {"POST", "/api/start", json{{"material", "KQK"}, {"strong", "red"}}.dump(), 400,
         "'strong'"},
        {"POST", "/api/verify", json{{"table", table}, {"sample", 10}}.dump(), 400,
         "other materials"},
        {"POST", "/api/verify", json{{"table", "advice(a, b)."}}.dump(), 400, "error"},
        {"POST", "/api/verify/cancel", "", 409, "no verification"},
        {"DELETE", "/api/verify", "", 400, "use GET or POST"},
        {"GET", "/api/tables/mine.al0", "", 404, "--tables"},
        {"PUT", "/api/tables/mine.al0", json{{"text", "x"}}.dump(), 400, "--tables"},
        {"GET", "/api/nothing", "", 404, "no such API"},
        {"GET", "/etc/passwd", "", 404, "no such page"},
        {"POST", "/", "", 405, "GET"},
    };
    for (const Case& c : cases) {
        const HttpReply r = lab.request(c.method, c.target, c.body);
        INFO(c.method << " " << c.target << " " << c.body.substr(0, 120) << " -> " << r.status
                      << " " << r.body.substr(0, 300));
        CHECK(r.status == c.status);
        CHECK(error_of(r).find(c.says) != std::string::npos);
        CHECK(error_of(r).find("table table") == std::string::npos);
        CHECK(lab.request("GET", "/api/tables").status == 200);
    }
}

TEST_CASE("al0 lab compares Host names without regard to case and refuses two Host headers",
          "[lab]") {
    LabServer lab;
    const std::string port = std::to_string(lab.port());
    CHECK(lab.request("GET", "/api/tables", "", "LOCALHOST:" + port).status == 200);
    const HttpReply twice =
        lab.raw("GET /api/tables HTTP/1.1\r\nHost: " + lab.host() +
                "\r\nHost: attacker.example:" + port + "\r\nConnection: close\r\n\r\n");
    CHECK(twice.status == 400);
    CHECK(error_of(twice).find("Host") != std::string::npos);
    const HttpReply other_port = lab.request("GET", "/api/tables", "", "127.0.0.1:1");
    CHECK(other_port.status == 403);
}

TEST_CASE("A request the lab fails on is answered with an error and the lab keeps serving",
          "[lab]") {
    LabServer lab;
    // The reply would echo bytes that are no UTF-8 in its JSON, which throws.
    const HttpReply r = lab.raw("GET /api/\xff\xfe HTTP/1.1\r\nHost: " + lab.host() +
                                "\r\nConnection: close\r\n\r\n");
    CHECK(r.status >= 400);
    CHECK(!error_of(r).empty());
    CHECK(lab.request("GET", "/api/tables").status == 200);
}

TEST_CASE("al0 lab refuses oversized and malformed requests with a JSON error", "[lab]") {
    LabServer lab;
    const HttpReply big =
        lab.request("POST", "/api/check", json{{"text", std::string(2 << 20, 'x')}}.dump());
    const HttpReply claimed = lab.raw("POST /api/check HTTP/1.1\r\nHost: " + lab.host() +
                                      "\r\nContent-Length: 2000000\r\n\r\n{");
    CHECK(claimed.status == 413);
    CHECK(big.status == 413);
    CHECK(error_of(big).find("too large") != std::string::npos);
    const HttpReply garbage = lab.raw("NOT HTTP AT ALL\r\n\r\n");
    CHECK(garbage.status == 400);
    CHECK(!error_of(garbage).empty());
    const HttpReply long_header = lab.raw("GET / HTTP/1.1\r\nHost: " + lab.host() +
                                          "\r\nX: " + std::string(20 << 10, 'a') + "\r\n\r\n");
    CHECK(long_header.status == 413);
    CHECK(lab.request("GET", "/api/tables").status == 200);
}

TEST_CASE("al0 lab checks, advises, plays and lists moves for a KRK table", "[lab]") {
    LabServer lab;
    const std::string table = krk_table();
    const json check = post(lab, "/api/check", {{"text", table}});
    CHECK(check["ok"] == true);
    CHECK(check["domain"] == "chess"); // the default KRK table is written over the chess library
    CHECK(post(lab, "/api/check", {{"text", *al0::tables::builtin("krk_bratko")}})["domain"] ==
          "krk");
    const json broken =
        post(lab, "/api/check", {{"text", "% one\nr :: if thier_king_edge then [a].\n"}});
    CHECK(broken["ok"] == false);
    json error;
    for (const json& d : broken["diagnostics"])
        if (d["severity"] == "error" && error.is_null()) error = d;
    REQUIRE(error.is_object());
    CHECK(error["line"] == 2);
    CHECK(error["column"] == 9);
    CHECK(error["message"].get<std::string>().find("unknown predicate 'thier_king_edge'") == 0);
    CHECK(post(lab, "/api/check", {{"text", *al0::tables::builtin("queens")}})["domain"] ==
          "queens");

    const json advice = post(lab, "/api/advise", {{"table", table}, {"fen", BOOK_START}});
    REQUIRE(advice["tree"].is_object());
    CHECK(advice["tree"]["root"]["kind"] == "us");
    CHECK(advice["tree"]["root"]["children"][0]["san"] == advice["san"]);
    CHECK(!advice["tree"]["root"]["goals"].empty());

    const json game = post(lab, "/api/play", {{"table", table}, {"start", BOOK_START}});
    REQUIRE(game["history"].size() == 1);
    CHECK(game["history"][0]["side"] == "white");
    CHECK(game["played"] == json::array({game["history"][0]["uci"]}));
    REQUIRE(!game["legal"].empty());
    for (const json& m : game["legal"]) CHECK(m["verdict"]["result"] == "loss"); // Black's moves
    const std::string reply = game["legal"][0]["uci"];
    const json next =
        post(lab, "/api/play", {{"table", table}, {"start", BOOK_START}, {"moves", {reply}}});
    CHECK(next["history"].size() == 3);

    const json moves = post(lab, "/api/moves", {{"fen", BOOK_START}});
    CHECK(moves["side"] == "white");
    for (const json& m : moves["legal"]) CHECK(m["verdict"]["result"] == "win");
    // Black to move beside an undefended rook: taking it draws, every other move loses.
    const json black = post(lab, "/api/moves", {{"fen", "8/8/8/8/8/2kR4/8/K7 b - - 0 1"}});
    for (const json& m : black["legal"])
        CHECK(m["verdict"]["result"] == (m["uci"] == "c3d3" ? "draw" : "loss"));
}

TEST_CASE("al0 lab's practice grades the person's moves, hints and sums up", "[lab][practice]") {
    LabServer lab;
    const std::string start = "k7/8/1K6/8/8/8/2R5/8 w - - 0 1"; // Rc8 mates, Rd2 is one slower
    const json first = post(lab, "/api/practice", {{"start", start}, {"hint", true}});
    CHECK(first["person"] == "white");
    CHECK(first["over"] == false);
    CHECK(first["history"].empty());
    CHECK(first["legal"].size() == 20); // the rook's 14 and the king's 6, without verdicts
    CHECK_FALSE(first["legal"][0].contains("verdict"));
    CHECK(first["hint"]["table"] == "krk");
    CHECK(first["hint"]["san"] == "Rc8#");
    CHECK(first["hint"]["tree"]["root"]["kind"] == "us");

    const json slower = post(lab, "/api/practice", {{"start", start}, {"moves", {"c2d2"}}});
    REQUIRE(slower["history"].size() == 2); // al0 answered
    CHECK(slower["history"][0]["grade"] == "+1; mate in 1");
    CHECK(slower["history"][0]["why"].get<std::string>().find("Best here: Rc8#") == 0);
    CHECK_FALSE(slower["history"][1].contains("grade"));
    const std::string reply = slower["history"][1]["uci"];
    // The person's moves only: al0's reply is not the person's to send.
    CHECK(error_of(lab.request("POST", "/api/practice",
                               json{{"start", start}, {"moves", {"c2d2", reply}}}.dump()))
              .find("move 2: ") == 0);
    const json done = post(lab, "/api/practice", {{"start", start}, {"moves", {"c2d2", "d2d8"}}});
    CHECK(done["over"] == true);
    CHECK(done["ending"] == "mate");
    CHECK(done["summary"]["mated"] == true);
    CHECK(done["summary"]["yours"] == 2);
    CHECK(done["summary"]["optimal"] == 1);
    CHECK(done["summary"]["costliest"][0]["grade"] == "+1; mate in 1");

    const HttpReply drawn = lab.request("POST", "/api/practice",
                                        json{{"start", "8/8/8/8/8/2kR4/8/K7 b - - 0 1"}}.dump());
    CHECK(drawn.status == 400);
    CHECK(error_of(drawn).find("the position is drawn") == 0);
}

namespace {

std::string builtin_table(const char* name) { return std::string(*al0::tables::builtin(name)); }

// Waits for the verification to end; returns its last status.
json finished_verification(const LabServer& lab, const json& status) {
    return status["state"] == "running" ? status_after(lab, "running") : status;
}

// Plays the person's side of a game, each time the move the tablebase says loses last.
json resisted_game(const LabServer& lab, const std::string& table, const std::string& start) {
    json moves = json::array();
    json game = post(lab, "/api/play", {{"table", table}, {"start", start}, {"moves", moves}});
    while (!game["over"].get<bool>() && moves.size() < 200) {
        REQUIRE(!game["legal"].empty());
        json best = game["legal"][0];
        for (const json& m : game["legal"])
            if (m["verdict"]["result"] != "loss" ||
                (best["verdict"]["result"] == "loss" &&
                 m["verdict"]["mate_in"] > best["verdict"]["mate_in"]))
                best = m;
        moves.push_back(best["uci"]);
        game = post(lab, "/api/play", {{"table", table}, {"start", start}, {"moves", moves}});
    }
    return game;
}

} // namespace

TEST_CASE("al0 lab lists the shipped materials and draws won start positions of each", "[lab]") {
    LabServer lab;
    const json tables = json::parse(lab.request("GET", "/api/tables").body);
    REQUIRE(tables["materials"].size() >= 3);
    for (const json& m : tables["materials"]) {
        for (const char* strong : {"white", "black"}) {
            const json start =
                post(lab, "/api/start", {{"material", m}, {"seed", 7}, {"strong", strong}});
            CHECK(start["material"] == m);
            const json moves = post(lab, "/api/moves", {{"fen", start["fen"]}});
            CHECK(moves["side"] == strong);
            CHECK(moves["material"] == m);
            // The oracle: al0 probe says the side to move (the strong side) mates.
            const auto probe = al0::test::run_al0(
                "probe --json " + al0::test::shell_quote(start["fen"].get<std::string>()));
            REQUIRE(probe.status == 0);
            CHECK(json::parse(probe.out)["outcome"] == "win");
            CHECK(json::parse(probe.out)["mate_in"] == moves["mate_in"]);
        }
    }
}

TEST_CASE("al0 lab checks, advises and plays a KQK table as al0 advise and al0 play do", "[lab]") {
    LabServer lab;
    const std::string table = builtin_table("kqk");
    const json check = post(lab, "/api/check", {{"text", table}});
    CHECK(check["ok"] == true);
    CHECK(check["material"] == "KQK");
    CHECK(post(lab, "/api/check", {{"text", krk_table()}})["material"] == "KRK");
    // Black has the queen and is to move: al0 plays Black.
    const std::string fen = "8/8/8/3k4/8/2q5/8/5K2 b - - 0 1";
    const json advice = post(lab, "/api/advise", {{"table", table}, {"fen", fen}});
    const auto cli = al0::test::run_al0("advise --json " + al0::test::shell_quote(fen));
    REQUIRE(cli.status == 0);
    const json expected = json::parse(cli.out);
    CHECK(advice["move"] == expected["move"]);
    CHECK(advice["rule"] == expected["rule"]);
    CHECK(advice["advice"] == expected["advice"]);
    REQUIRE(advice["tree"].is_object());
    CHECK(advice["tree"]["root"]["children"][0]["uci"] == advice["move"]);
    CHECK(!advice["tree"]["root"]["goals"].empty());
    CHECK(!advice["tree"]["goal_text"]["better"].get<std::string>().empty());

    const json game = resisted_game(lab, table, fen);
    CHECK(game["engine_side"] == "black");
    CHECK(game["ending"] == "mate");
    CHECK(game["result"] == "0-1");
    CHECK(game["history"][0]["side"] == "black");
    CHECK(game["history"][1]["side"] == "white");
}

// A KPK position White wins by the classic manoeuvre (mate in 18, by the tablebase).
const std::string KPK_START = "8/8/3k4/8/4K3/8/4P3/8 w - - 0 1";

TEST_CASE("al0 lab plays a KPK game through the promotion and switches to the KQK table", "[lab]") {
    LabServer lab;
    const std::string table = builtin_table("kpk");
    CHECK(post(lab, "/api/check", {{"text", table}})["material"] == "KPK");
    const json game = resisted_game(lab, table, KPK_START);
    CHECK(game["ending"] == "mate");
    CHECK(game["material"] == "KQK");
    CHECK(game["table"] == "kqk");
    int switches = 0;
    bool promoted = false;
    for (const json& m : game["history"]) {
        promoted = promoted || (m["uci"].get<std::string>().size() == 5 &&
                                m["uci"].get<std::string>()[4] == 'q');
        if (m.contains("switched") && !m["switched"].is_null()) {
            ++switches;
            CHECK(promoted); // the table switches at the first move after the promotion
            CHECK(m["switched"].get<std::string>().find("KQK") != std::string::npos);
        }
    }
    CHECK(promoted);
    CHECK(switches == 1);
    // The same game by al0 play: the same moves.
    std::string person;
    for (const json& m : game["history"])
        if (m["side"] == "black") person += m["uci"].get<std::string>() + "\n";
    const auto cli =
        al0::test::run_al0("play --ascii " + al0::test::shell_quote(KPK_START), person);
    REQUIRE(cli.status == 0);
    CHECK(cli.out.find("The game converted") != std::string::npos);
    CHECK(cli.out.find("Game over: mate") != std::string::npos);
}

TEST_CASE("al0 lab verifies a sample of a KQK and of a KPK table as al0 verify does",
          "[lab][long]") {
    LabServer lab;
    for (const char* name : {"kqk", "kpk"}) {
        const json status = finished_verification(
            lab, post(lab, "/api/verify", {{"table", builtin_table(name)}, {"sample", 40}}, 202));
        INFO(name << ": " << status.dump().substr(0, 300));
        REQUIRE(status["state"] == "done");
        CHECK(status["done"] == status["total"]);
        const json& result = status["result"];
        const auto cli =
            al0::test::run_al0(std::string("verify --json --sample 40 --table ") + name);
        const json expected = json::parse(cli.out);
        for (const char* field : {"material", "positions", "won", "worst", "failures", "histogram",
                                  "optimal_histogram"})
            CHECK(result[field] == expected[field]);
        // The same advice used, the table itself named "table" in the lab.
        REQUIRE(result["advice_use"].size() == expected["advice_use"].size());
        for (std::size_t i = 0; i < result["advice_use"].size(); ++i) {
            CHECK(result["advice_use"][i]["advice"] == expected["advice_use"][i]["advice"]);
            CHECK(result["advice_use"][i]["trees"] == expected["advice_use"][i]["trees"]);
        }
        CHECK(result["positions"] == 40);
        REQUIRE(!result["worst_lines"].empty());
        CHECK(result["worst_lines"][0]["moves"].size() ==
              2 * result["worst"].get<std::size_t>() - 1);
    }
}

} // namespace test_lab_server
