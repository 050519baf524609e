// The built-in tables are the tables/*.al0 files, byte for byte.

#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

TEST_CASE("Every tables/*.al0 file is built in under its stem, with the same text",
          "[advice][tables]") {
    namespace fs = std::filesystem;
    std::vector<std::string> stems;
    for (const auto& entry : fs::directory_iterator(fs::path(AL0_SOURCE_DIR) / "tables")) {
        if (entry.path().extension() != ".al0") continue;
        std::string stem = entry.path().stem().string();
        stems.push_back(stem);
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        INFO("table " << stem);
        auto builtin = al0::tables::builtin(stem);
        REQUIRE(builtin);
        CHECK(*builtin == text.str());
    }
    std::sort(stems.begin(), stems.end());
    auto names = al0::tables::builtin_names();
    CHECK(std::vector<std::string>(names.begin(), names.end()) == stems);
    CHECK(std::find(stems.begin(), stems.end(), "krk_bratko") != stems.end());
    CHECK(std::find(stems.begin(), stems.end(), "queens") != stems.end());
    CHECK_FALSE(al0::tables::builtin("no_such_table"));
}
