// al0 lab's table folder over HTTP: tables are read and written inside --tables DIR only, by
// name, and saved whole or not at all (no planted link followed, no temporary file left, two
// saves of one name never mixed).

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

namespace test_lab_server_tables {

using al0::test::Connection;
using al0::test::HttpReply;
using al0::test::LabServer;
using al0::test::TempDir;
using namespace al0::test::lab;
using nlohmann::json;
namespace fs = std::filesystem;

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

} // namespace test_lab_server_tables
