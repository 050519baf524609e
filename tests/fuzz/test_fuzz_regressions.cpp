// Every input a fuzz harness once failed on (tests/data/fuzz_regressions/<harness>/), run again
// through the same property check as the harness (fuzz/properties/properties.hpp).

#include "fuzz/properties/properties.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace test_fuzz_regressions {

namespace {

namespace fs = std::filesystem;
using Check = void (*)(std::string_view);

const std::map<std::string, Check> CHECKS = {
    {"table", al0::fuzz::check_table_text},
    {"fen", al0::fuzz::check_fen_text},
    {"uci", al0::fuzz::check_uci_text},
    {"move_input", al0::fuzz::check_move_input_text},
};

using al0::test::read_file;

} // namespace

TEST_CASE("Every kept fuzz finding passes its harness's check", "[fuzz]") {
    const fs::path root = fs::path(AL0_SOURCE_DIR) / "tests/data/fuzz_regressions";
    int inputs = 0;
    for (const auto& dir : fs::directory_iterator(root)) {
        if (!dir.is_directory()) continue;
        const std::string harness = dir.path().filename().string();
        INFO("harness directory " << harness);
        REQUIRE(CHECKS.count(harness) == 1);
        for (const auto& file : fs::directory_iterator(dir.path())) {
            INFO("input " << file.path().string());
            const std::string text = read_file(file.path());
            REQUIRE_NOTHROW(CHECKS.at(harness)(text));
            ++inputs;
        }
    }
    CHECK(inputs > 0);
}

} // namespace test_fuzz_regressions
