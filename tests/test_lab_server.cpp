// al0 lab's server, run as the binary and spoken to over HTTP: every endpoint refuses bad
// input with a JSON error and keeps serving; the Host check, size limits, the table folder and
// the one-at-a-time verification.

#include "tables/builtin.hpp"
#include "tests/cli_runner.hpp"
#include "tests/lab_client.hpp"
#include "tests/position_fixture.hpp"

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
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string krk_table() { return std::string(*al0::tables::builtin("krk")); }

// Returns the error message of a JSON error reply ("" when the body is no such object).
std::string error_of(const HttpReply& r) {
    const json j = json::parse(r.body, nullptr, false);
    return j.is_object() && j.contains("error") && j["error"].is_string()
               ? j["error"].get<std::string>()
               : "";
}

json post(const LabServer& lab, const std::string& target, const json& body, int status = 200) {
    const HttpReply r = lab.request("POST", target, body.dump());
    INFO(target << " " << body.dump().substr(0, 200) << " -> " << r.body.substr(0, 300));
    REQUIRE(r.status == status);
    return json::parse(r.body);
}

struct TempDir {
    fs::path path;
    TempDir() {
        std::string t = (fs::temp_directory_path() / "al0_lab_XXXXXX").string();
        path = mkdtemp(t.data());
    }
    ~TempDir() { fs::remove_all(path); }
};

} // namespace

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
    CHECK(check["domain"] == "krk");
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

TEST_CASE("al0 lab reads and writes tables inside --tables DIR only", "[lab]") {
    TempDir dir;
    fs::create_symlink("/etc/hostname", dir.path / "escape.al0");
    LabServer lab("--tables '" + dir.path.string() + "'");
    const HttpReply saved =
        lab.request("PUT", "/api/tables/mine.al0", json{{"text", "% mine\n"}}.dump());
    CHECK(saved.status == 200);
    CHECK(fs::exists(dir.path / "mine.al0"));
    const json list = json::parse(lab.request("GET", "/api/tables").body);
    CHECK(list["files"] == json::array({"mine.al0"}));
    CHECK(json::parse(lab.request("GET", "/api/tables/mine.al0").body)["text"] == "% mine\n");
    CHECK(lab.request("GET", "/api/tables/escape.al0").status == 404);
    for (const char* escape : {"/api/tables/../../etc/passwd", "/api/tables/..%2F..%2Fetc%2Fpasswd",
                               "/api/tables/%2Fetc%2Fhostname", "/api/tables/.hidden.al0"}) {
        const HttpReply r = lab.request("GET", escape);
        INFO(escape << " -> " << r.body);
        CHECK(r.status == 404);
        CHECK(error_of(r).find("a table name is") != std::string::npos);
    }
    CHECK(lab.request("PUT", "/api/tables/escape.al0", json{{"text", "x"}}.dump()).status == 400);
    CHECK(lab.request("PUT", "/api/tables/sub%2Fx.al0", json{{"text", "x"}}.dump()).status == 400);
    CHECK(lab.request("PUT", "/api/tables/notes.txt", json{{"text", "x"}}.dump()).status == 400);
    CHECK(fs::read_symlink(dir.path / "escape.al0") == "/etc/hostname");
}

namespace {

std::size_t entries(const fs::path& dir) {
    return std::size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

std::string slurp(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

TEST_CASE("al0 lab saves a table never through a link planted at a temporary name", "[lab]") {
    TempDir dir, outside;
    std::ofstream(outside.path / "victim") << "untouched\n";
    // The name the lab once wrote its temporary file at, planted beforehand.
    fs::create_symlink(outside.path / "victim", dir.path / ".mine.al0.tmp");
    LabServer lab("--tables '" + dir.path.string() + "'");
    const HttpReply saved =
        lab.request("PUT", "/api/tables/mine.al0", json{{"text", "% mine\n"}}.dump());
    CHECK(saved.status == 200);
    CHECK(slurp(outside.path / "victim") == "untouched\n");
    CHECK(fs::is_regular_file(fs::symlink_status(dir.path / "mine.al0")));
    CHECK(slurp(dir.path / "mine.al0") == "% mine\n");
    CHECK(entries(dir.path) == 2); // the table and the planted link: no temporary file left
}

TEST_CASE("al0 lab answers a save that fails with an error, leaves no temporary file and keeps "
          "serving",
          "[lab]") {
    TempDir dir;
    // Files of at most 64 blocks: the save of a larger table fails half-way.
    LabServer lab("--tables '" + dir.path.string() + "'", "ulimit -f 64; ");
    const HttpReply failed = lab.request("PUT", "/api/tables/big.al0",
                                         json{{"text", std::string(256 * 1024, '%')}}.dump());
    CHECK(failed.status == 400);
    CHECK(error_of(failed).find("File too large") != std::string::npos);
    CHECK(entries(dir.path) == 0);
    CHECK(lab.request("PUT", "/api/tables/small.al0", json{{"text", "% ok\n"}}.dump()).status ==
          200);
    CHECK(slurp(dir.path / "small.al0") == "% ok\n");
}

TEST_CASE("Two saves of one table at once each answer saved, and the table holds one of them whole",
          "[lab]") {
    TempDir dir;
    LabServer lab("--tables '" + dir.path.string() + "'");
    // Large texts of different lengths: a save that wrote into the other's file would show.
    const std::string texts[2] = {std::string(400 * 1024, 'a'), std::string(300 * 1024, 'b')};
    for (int round = 0; round < 40; ++round) {
        HttpReply replies[2];
        std::thread other([&] {
            replies[1] =
                lab.request("PUT", "/api/tables/race.al0", json{{"text", texts[1]}}.dump());
        });
        replies[0] = lab.request("PUT", "/api/tables/race.al0", json{{"text", texts[0]}}.dump());
        other.join();
        INFO("round " << round << ": " << replies[0].body << " / " << replies[1].body);
        REQUIRE(replies[0].status == 200);
        REQUIRE(replies[1].status == 200);
        const std::string on_disk = slurp(dir.path / "race.al0");
        REQUIRE((on_disk == texts[0] || on_disk == texts[1]));
    }
    CHECK(entries(dir.path) == 1);
}

TEST_CASE("al0 lab refuses to start with a --tables path that is no folder", "[lab]") {
    const auto r = al0::test::run_al0("lab --no-build --port 0 --tables /nonexistent/folder");
    CHECK(r.status == 2);
    CHECK(r.err.find("al0: error: --tables /nonexistent/folder is not a folder") !=
          std::string::npos);
}

TEST_CASE("al0 lab verifies a table on its own thread and reports counts and histograms", "[lab]") {
    LabServer lab;
    json status = post(lab, "/api/verify", {{"table", krk_table()}}, 202);
    CHECK((status["state"] == "running" || status["state"] == "done"));
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (status["state"] == "running" && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        status = json::parse(lab.request("GET", "/api/verify").body);
    }
    REQUIRE(status["state"] == "done");
    const json& result = status["result"];
    CHECK(result["positions"] == 175168);
    CHECK(result["won"] == 175168);
    CHECK(!result["histogram"].empty());
    CHECK(result["optimal_histogram"].size() == 16); // mates in 1..16
    REQUIRE(!result["worst_lines"].empty());
    CHECK(result["worst_lines"][0]["moves"].size() == 2 * result["worst"].get<std::size_t>() - 1);
}

namespace {

// Polls the verification until its state is no longer `state` (or minutes pass); returns it.
json status_after(const LabServer& lab, const std::string& state) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    json status = json::parse(lab.request("GET", "/api/verify").body);
    while (status["state"] == state && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        status = json::parse(lab.request("GET", "/api/verify").body);
    }
    return status;
}

} // namespace

TEST_CASE("al0 lab runs one verification at a time, and cancelling one stops it", "[lab]") {
    // A table whose searches run to their node budget: its verification would take hours, so
    // the second request surely meets the first one running, and only a real stop ends it.
    const std::string slow = "slow :: if true then [deep].\n"
                             "advice(deep, mate : not rooklost : (depth < 9) and legal :\n"
                             "       (depth < 9) and legal).\n";
    LabServer lab;
    CHECK(post(lab, "/api/verify", {{"table", slow}}, 202)["state"] == "running");
    const HttpReply second =
        lab.request("POST", "/api/verify", json{{"table", krk_table()}}.dump());
    CHECK(second.status == 409);
    CHECK(error_of(second).find("running") != std::string::npos);
    CHECK(post(lab, "/api/verify/cancel", json::object())["state"] == "cancelling");
    const json stopped = status_after(lab, "cancelling");
    CHECK(stopped["state"] == "cancelled");
    CHECK(stopped["done"] < stopped["total"]);
    // The engine is free again: the next verification starts and finishes.
    CHECK(post(lab, "/api/verify", {{"table", krk_table()}}, 202)["state"] == "running");
    CHECK(status_after(lab, "running")["state"] == "done");
}

namespace {

// A table whose search runs to its node budget (seconds): slow work for the lab.
const std::string slow_table = "slow :: if true then [deep].\n"
                               "advice(deep, mate : not rooklost : (depth < 30) and legal :\n"
                               "       (depth < 30) and legal).\n";

std::string post_text(const LabServer& lab, const std::string& target, const json& body) {
    return "POST " + target + " HTTP/1.1\r\nHost: " + lab.host() +
           "\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.dump().size()) + "\r\n\r\n" + body.dump();
}

// The lab's /api/status, or null when it has none.
json lab_status(const LabServer& lab) {
    const json status = json::parse(lab.request("GET", "/api/status").body, nullptr, false);
    return status.is_object() && status.contains("running") ? status : json();
}

// How many searches /api/status counts as stopped for WHY (-1 without /api/status).
int stopped(const LabServer& lab, const char* why) {
    const json status = lab_status(lab);
    return status.is_null() ? -1 : status["stopped"][why].get<int>();
}

// Polls /api/status until DONE(status) holds (or a minute passes); returns the last status.
template <class Done>
json status_when(const LabServer& lab, Done done) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    json status = lab_status(lab);
    while (!(!status.is_null() && done(status)) && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        status = lab_status(lab);
    }
    return status;
}

} // namespace

TEST_CASE("Slow searches run beside the lab's light requests, and stop when their clients leave",
          "[lab]") {
    LabServer lab;
    // Four clients (four addresses: requests of one client replace each other) ask at once.
    const char* clients[] = {"127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"};
    std::vector<std::unique_ptr<Connection>> slow;
    for (const char* from : clients) {
        slow.push_back(std::make_unique<Connection>(lab.port(), from));
        REQUIRE(slow.back()->send(
            post_text(lab, "/api/advise", {{"table", slow_table}, {"fen", BOOK_START}})));
    }
    const json busy = status_when(lab, [](const json& s) { return s["running"] == s["workers"]; });
    INFO(busy.dump());
    REQUIRE(busy.is_object());
    // The page and the verification's progress are answered while every search still runs.
    CHECK(lab.request("GET", "/api/verify").status == 200);
    CHECK(lab.request("GET", "/").status != 0);
    CHECK(lab.request("GET", "/api/tables").status == 200);
    for (const auto& c : slow) CHECK_FALSE(c->answered());
    // The clients leave: their searches (running or waiting) stop.
    for (auto& c : slow) c->close();
    const json idle = status_when(lab, [](const json& s) {
        return s["running"] == 0 && s["waiting"] == 0 && s["stopped"]["client_gone"] == 4;
    });
    REQUIRE(!idle.is_null());
    CHECK(idle["stopped"]["client_gone"] == 4);
    CHECK(idle["running"] == 0);
}

TEST_CASE("A newer search request from the same client replaces its running one", "[lab]") {
    LabServer lab;
    Connection first(lab.port());
    REQUIRE(
        first.send(post_text(lab, "/api/advise", {{"table", slow_table}, {"fen", BOOK_START}})));
    const json running = status_when(lab, [](const json& s) { return s["running"] == 1; });
    REQUIRE(!running.is_null());
    REQUIRE(running["running"] == 1);
    const json newer = post(lab, "/api/advise", {{"table", krk_table()}, {"fen", BOOK_START}});
    CHECK(newer["move"].is_string());
    const HttpReply replaced = first.reply();
    CHECK(replaced.status == 409);
    CHECK(error_of(replaced).find("newer request") != std::string::npos);
    CHECK(stopped(lab, "replaced") == 1);
}

TEST_CASE("A search past al0 lab's --time-limit is stopped and answered with an error", "[lab]") {
    LabServer lab("--time-limit 0.05");
    const HttpReply r =
        lab.request("POST", "/api/advise", json{{"table", slow_table}, {"fen", BOOK_START}}.dump());
    CHECK(r.status == 503);
    CHECK(error_of(r).find("time limit of 0.05 seconds") != std::string::npos);
    CHECK(stopped(lab, "time_up") == 1);
    // A quick one is answered as ever.
    CHECK(post(lab, "/api/advise", {{"table", krk_table()}, {"fen", BOOK_START}})["move"]
              .is_string());
}

TEST_CASE("Idle keep-alive connections do not lock a new client out of the lab", "[lab]") {
    LabServer lab;
    std::vector<std::unique_ptr<Connection>> held;
    for (int i = 0; i < 40; ++i) {
        held.push_back(std::make_unique<Connection>(lab.port()));
        // Half ask once and keep the connection; half never ask.
        if (i % 2 == 0) {
            REQUIRE(
                held.back()->send("GET /api/tables HTTP/1.1\r\nHost: " + lab.host() + "\r\n\r\n"));
            REQUIRE(held.back()->reply().status == 200);
        }
    }
    CHECK(lab.request("GET", "/api/tables").status == 200);
    CHECK(lab.request("GET", "/api/verify").status == 200);
}

TEST_CASE("Connections sending their headers slowly do not lock a new client out of the lab",
          "[lab]") {
    LabServer lab;
    std::vector<std::unique_ptr<Connection>> slow;
    for (int i = 0; i < 40; ++i) {
        slow.push_back(std::make_unique<Connection>(lab.port()));
        slow.back()->send("GET /api/tables HTTP/1.1\r\nHost: " + lab.host() + "\r\n");
    }
    // Answered once the slow headers' time is up.
    CHECK(lab.request("GET", "/api/tables").status == 200);
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
