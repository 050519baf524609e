// al0 lab's server, run as the binary and spoken to over HTTP: every endpoint refuses bad
// input with a JSON error and keeps serving; the Host check, size limits, the table folder and
// the one-at-a-time verification.

#include "tables/builtin.hpp"
#include "tests/cli_runner.hpp"
#include "tests/lab_client.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

using al0::test::HttpReply;
using al0::test::LabServer;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string BOOK_START = "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1";

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
         json{{"table", table}, {"start", "8/8/8/8/8/8/8/k6K w - - 0 1"}}.dump(), 400, "rook"},
        {"POST", "/api/moves", json{{"fen", "nonsense"}}.dump(), 400, "bad FEN"},
        {"POST", "/api/moves", json{{"fen", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"}}.dump(), 400,
         "not a KRK position"},
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
        CHECK(lab.request("GET", "/api/tables").status == 200);
    }
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
    CHECK(result["optimal_histogram"].size() == 17); // mates in 0..16
    REQUIRE(!result["worst_lines"].empty());
    CHECK(result["worst_lines"][0]["moves"].size() == 2 * result["worst"].get<std::size_t>() - 1);
}

TEST_CASE("al0 lab runs one verification at a time, and a cancelled one is dropped", "[lab]") {
    // A table whose searches run to their node budget: its verification lasts far longer than
    // this test, so the second request surely meets the first one running.
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
    const HttpReply third = lab.request("POST", "/api/verify", json{{"table", krk_table()}}.dump());
    CHECK(third.status == 409);
    CHECK(error_of(third).find("stopping") != std::string::npos);
    CHECK(json::parse(lab.request("GET", "/api/verify").body)["state"] == "cancelling");
}
