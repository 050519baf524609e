// Hostile command lines that hung al0, grew it without bound or were accepted silently: a FIFO
// as the PGN file, a --fens file without newlines, an empty file name, a port out of range.

#include "tests/support/cli_runner.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

namespace test_cli_faults {

using al0::test::contains;
using al0::test::run_al0;
using al0::test::shell_quote;

TEST_CASE("al0 play and match write their PGN to a FIFO whose reader waits", "[cli][play]") {
    const std::string command = GENERATE(
        std::string("play --table krk_bratko --defender optimal"),
        std::string("match --table krk_bratko --games 1 --opponent ") +
            shell_quote("sh " + std::string(AL0_SOURCE_DIR) + "/tests/data/uci/illegal_engine.sh"));
    INFO(command);
    const auto fifo = al0::test::temp_path("al0_pgn_fifo");
    std::filesystem::remove(fifo);
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    std::string read;
    std::thread reader([&] {
        std::ifstream in(fifo); // waits for a writer
        read.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    });
    auto r = run_al0(command + " --pgn " + shell_quote(fifo.string()));
    reader.join();
    CHECK(r.err.find("cannot write") == std::string::npos);
    CHECK(contains(read, "[Event \"al0 "));
    CHECK(contains(read, "[White \"al0 (krk_bratko)\"]"));
    std::filesystem::remove(fifo);
}

TEST_CASE("al0 match reads a --fens file line by line within a bound", "[cli][match]") {
    auto r = run_al0("match --table krk_bratko --opponent true --fens /dev/zero");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: /dev/zero:1: a line longer than 4096 bytes\n");
}

TEST_CASE("an empty --pgn file name and a port out of range are refused, with the range", "[cli]") {
    for (const char* command : {"play --pgn ''", "match --opponent true --pgn ''"}) {
        auto r = run_al0(command);
        CHECK(r.status == 2);
        CHECK(r.err == "al0: error: --pgn: must name a file\n");
    }
    auto r = run_al0("lab --no-build --port 70000");
    CHECK(r.status == 2);
    CHECK(r.err == "al0: error: --port: must be a whole number from 0 to 65535, not '70000'\n");
}

} // namespace test_cli_faults
