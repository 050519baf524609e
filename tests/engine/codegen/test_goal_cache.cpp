// The cache folder of compiled goals stays bounded: the objects used last are kept, older ones
// and the scratch folders of interrupted builds are removed.

#include "engine/codegen/goal_library.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace test_goal_cache {

using namespace al0;
using test::TempDir;
namespace fs = std::filesystem;

namespace {

// Makes the file NAME in DIR, last written AGE ago.
void file_aged(const TempDir& dir, const std::string& name, std::chrono::minutes age) {
    std::ofstream(dir.file(name)) << "x";
    fs::last_write_time(dir.file(name), fs::file_time_type::clock::now() - age);
}

} // namespace

TEST_CASE("the goals cache keeps the objects used last and drops the rest", "[codegen]") {
    const TempDir dir("al0_goal_cache");
    for (int i = 0; i < 5; ++i)
        file_aged(dir, "goals-" + std::to_string(i) + ".so", std::chrono::minutes(10 * i));
    file_aged(dir, "notes.txt", std::chrono::minutes(600)); // not the cache's: left alone
    CHECK(codegen::prune_goals_cache(dir.path.string(), 3) == 2);
    CHECK(fs::exists(dir.file("goals-0.so")));
    CHECK(fs::exists(dir.file("goals-1.so")));
    CHECK(fs::exists(dir.file("goals-2.so")));
    CHECK_FALSE(fs::exists(dir.file("goals-3.so")));
    CHECK_FALSE(fs::exists(dir.file("goals-4.so")));
    CHECK(fs::exists(dir.file("notes.txt")));
    CHECK(codegen::prune_goals_cache(dir.path.string(), 3) == 0);
}

TEST_CASE("the goals cache removes an interrupted build's scratch folder only once it is old",
          "[codegen]") {
    const TempDir dir("al0_goal_cache");
    for (const char* name : {"build-old", "build-new"}) {
        fs::create_directories(dir.path / name / "engine");
        std::ofstream(dir.path / name / "engine" / "x.hpp") << "x";
    }
    fs::last_write_time(dir.path / "build-old",
                        fs::file_time_type::clock::now() - std::chrono::hours(2));
    CHECK(codegen::prune_goals_cache(dir.path.string()) == 1);
    CHECK_FALSE(fs::exists(dir.path / "build-old"));
    CHECK(fs::exists(dir.path / "build-new")); // perhaps another process compiling now
}

} // namespace test_goal_cache
