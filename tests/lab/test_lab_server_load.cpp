// al0 lab under load, over HTTP: verifications on their own thread, one at a time and
// cancellable; slow searches beside light requests, replaced, stopped at the time limit or when
// their client leaves; idle or slow connections that cannot lock a new client out.

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

namespace test_lab_server_load {

using al0::test::Connection;
using al0::test::HttpReply;
using al0::test::LabServer;
using namespace al0::test::lab;
using nlohmann::json;
namespace fs = std::filesystem;

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

// A table whose search runs to its node budget without success, measuring the black king's
// region at every node and for every move it orders (about 5 s in a Release build on a quiet
// machine, half a minute under the sanitizers): slow work for the lab.
const std::string slow_table = "material KBNK.\n"
                               "measure reg := held_region(their_king).\n"
                               "generator ordered := legal by reg.\n"
                               "slow :: if true then [deep].\n"
                               "advice(deep, reg < 0 : reg >= 0 : (depth < 30) and ordered :\n"
                               "       (depth < 30) and ordered).\n";
const std::string slow_fen = "8/4K3/3N4/4k3/8/4B3/8/8 w - - 0 1";

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
            post_text(lab, "/api/advise", {{"table", slow_table}, {"fen", slow_fen}})));
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
    REQUIRE(first.send(post_text(lab, "/api/advise", {{"table", slow_table}, {"fen", slow_fen}})));
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
    // The limit lies between the quick request below under the sanitizers (0.2 s on a quiet
    // machine; over 0.05 s on CI's loaded one) and the slow table's search in a Release build.
    LabServer lab("--time-limit 1.2");
    const HttpReply r =
        lab.request("POST", "/api/advise", json{{"table", slow_table}, {"fen", slow_fen}}.dump());
    CHECK(r.status == 503);
    CHECK(error_of(r).find("time limit of 1.2 seconds") != std::string::npos);
    CHECK(stopped(lab, "time_up") == 1);
    // A quick one is answered as ever.
    CHECK(post(lab, "/api/advise", {{"table", krk_table()}, {"fen", BOOK_START}})["move"]
              .is_string());
}

TEST_CASE("al0 lab reports an advice's reach as al0 reach --json does, and refuses bad requests",
          "[lab][reach]") {
    LabServer lab;
    const std::string kqk(*al0::tables::builtin("kqk"));
    const json page =
        post(lab, "/api/reach", {{"table", kqk}, {"advice", "mate_in_2"}, {"constraints", true}});
    // The lab shows five positions where the goal cannot be forced.
    const auto cli = al0::test::run_al0(
        "reach --table kqk --advice mate_in_2 --constraints --examples 5 --json");
    REQUIRE(cli.status == 0);
    const json expected = json::parse(cli.out);
    for (const char* field : {"material", "advice", "roots", "forceable", "plies", "worst",
                              "holding_fails_at_root", "worst_fen", "unforceable"})
        CHECK(page[field] == expected[field]);
    CHECK(page["table"] == "editor");
    const json unknown = post(lab, "/api/reach", {{"table", kqk}, {"advice", "nothing"}}, 400);
    CHECK(unknown["error"].get<std::string>().find("no advice named 'nothing'") !=
          std::string::npos);
    post(lab, "/api/reach", {{"table", kqk}, {"advice", "mate_in_2"}, {"constraints", "yes"}}, 400);
}

TEST_CASE("A reach past al0 lab's --time-limit is stopped and answered with an error",
          "[lab][reach]") {
    LabServer lab("--time-limit 0.05");
    // Every KBNK position, mate with any moves: seconds of work on any machine.
    const HttpReply r = lab.request("POST", "/api/reach",
                                    json{{"table", "material KBNK.\nmain :: if true then [ m ].\n"
                                                   "advice( m, mate : true : legal : legal ).\n"},
                                         {"advice", "m"}}
                                        .dump());
    CHECK(r.status == 503);
    CHECK(error_of(r).find("time limit") != std::string::npos);
    CHECK(stopped(lab, "time_up") == 1);
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

} // namespace test_lab_server_load
