// The tablebase disk cache: a table is written once and read back; a file that is corrupt,
// truncated or of another version is rebuilt, never trusted; --no-cache touches no file.

#include "engine/tablebase/cache_file.hpp"
#include "engine/tablebase/registry.hpp"
#include "tests/support/files.hpp"
#include "tests/support/heap_peak.hpp"
#include "tests/support/scoped_env.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace test_tablebase_cache {

using namespace al0::tablebase;
namespace fs = std::filesystem;

namespace {

// A cache folder that does not exist yet, in a temp folder of its own.
struct CacheFolder {
    al0::test::TempDir temp{"al0_cache_test"};
    fs::path dir = temp.path / "cache";
};

// Returns whether KQK came from the cache, and its entries, from a fresh registry.
std::pair<bool, std::vector<std::uint8_t>> load_kqk(const fs::path& dir) {
    Registry registry(CachePolicy{true, dir});
    bool cached = false;
    registry.on_table([&](const TableEvent& e) { cached = e.from_cache; });
    const Table& t = registry.table(*Material::parse("KQK"));
    return {cached, t.entries()};
}

using al0::test::read_file;

void spit(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
}

} // namespace

TEST_CASE("A table is cached on disk with a header and read back the same", "[tablebase][cache]") {
    CacheFolder folder;
    const auto [built_from_cache, built] = load_kqk(folder.dir);
    CHECK(!built_from_cache);
    const std::string file = read_file(folder.dir / "KQK.al0tb");
    CHECK(file.rfind("al0 tablebase v2 KQK 59136 ", 0) == 0);
    CHECK(std::distance(fs::directory_iterator(folder.dir), {}) == 1); // no temporary left
    const auto [cached, again] = load_kqk(folder.dir);
    CHECK(cached);
    CHECK(again == built);
}

TEST_CASE("Solving and caching a table takes two bytes per slot besides the tables it probes",
          "[tablebase][cache]") {
    if (!al0::test::heap_counted()) {
        WARN("not measured: a sanitizer build keeps its own operator new");
        return;
    }
    CacheFolder folder;
    Registry registry(CachePolicy{true, folder.dir}, 1);
    const Material kpk = *Material::parse("KPK");
    for (const Material& m : conversions_of(kpk)) registry.table(m);
    al0::test::reset_heap_peak();
    const std::size_t before = al0::test::heap_in_use();
    const std::size_t slots = registry.table(kpk).entries().size();
    CHECK(fs::file_size(folder.dir / "KPK.al0tb") > slots); // the cache file was written
    // The entries and the counters; an eighth for the rest (lists by ply, the registry's own).
    CHECK(al0::test::heap_peak() - before <= 2 * slots + slots / 8);
}

TEST_CASE("Reading a cached table holds its entries once", "[tablebase][cache]") {
    if (!al0::test::heap_counted()) {
        WARN("not measured: a sanitizer build keeps its own operator new");
        return;
    }
    CacheFolder folder;
    const Material kpk = *Material::parse("KPK");
    const Layout layout(kpk);
    Registry(CachePolicy{true, folder.dir}).table(kpk);
    al0::test::reset_heap_peak();
    const std::size_t before = al0::test::heap_in_use();
    const auto entries = read_table_file(folder.dir / "KPK.al0tb", layout);
    REQUIRE(entries);
    CHECK(entries->size() == layout.size());
    // The entries, and a few bytes for the header: the file is never held beside them.
    CHECK(al0::test::heap_peak() - before <= layout.size() + 4096);
}

TEST_CASE("A corrupt, truncated or foreign cache file is rebuilt", "[tablebase][cache]") {
    CacheFolder folder;
    const std::vector<std::uint8_t> good = load_kqk(folder.dir).second;
    const fs::path path = folder.dir / "KQK.al0tb";
    const std::string original = read_file(path);
    std::string flipped = original;
    flipped[original.size() - 100] ^= 1; // one entry changed: the checksum no longer matches
    std::string foreign = original;
    foreign.replace(0, 16, "al0 tablebase v1");
    for (const std::string& bad : {flipped, original.substr(0, original.size() - 1), foreign,
                                   original + "x", std::string("garbage")}) {
        spit(path, bad);
        const auto [cached, entries] = load_kqk(folder.dir);
        CHECK(!cached);
        CHECK(entries == good);
        CHECK(read_file(path) == original); // and rewritten
    }
}

TEST_CASE("A cache file holding another material's table under this one's name is rebuilt",
          "[tablebase][cache]") {
    CacheFolder folder;
    const std::vector<std::uint8_t> good = load_kqk(folder.dir).second;
    Registry(CachePolicy{true, folder.dir}).table(*Material::parse("KRK"));
    // KRK's file, its header naming KQK (the tables have one length).
    std::string krk = read_file(folder.dir / "KRK.al0tb");
    krk.replace(krk.find(" KRK "), 5, " KQK ");
    spit(folder.dir / "KQK.al0tb", krk);
    const auto [cached, entries] = load_kqk(folder.dir);
    CHECK(!cached);
    CHECK(entries == good);
}

namespace {
// Returns the bytes this process has read so far (rchar of /proc/self/io).
std::uint64_t bytes_read() {
    std::ifstream io("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (io >> key >> value)
        if (key == "rchar:") return value;
    return 0;
}
} // namespace

TEST_CASE("A cache file is read no further than a table's length", "[tablebase][cache]") {
    CacheFolder folder;
    const std::vector<std::uint8_t> good = load_kqk(folder.dir).second;
    const fs::path path = folder.dir / "KQK.al0tb";
    spit(path, "");
    fs::resize_file(path, 256u << 20); // 256 MB of zeros, no line end (a sparse file)
    const std::uint64_t before = bytes_read();
    const auto [cached, entries] = load_kqk(folder.dir);
    CHECK(bytes_read() - before < (1u << 20));
    CHECK(!cached);
    CHECK(entries == good);
}

TEST_CASE("A cache file that is a FIFO or a device is neither read nor written",
          "[tablebase][cache]") {
    CacheFolder folder;
    const std::vector<std::uint8_t> good = load_kqk(folder.dir).second;
    const fs::path path = folder.dir / "KQK.al0tb";
    fs::remove(path);
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0); // reading would wait for a writer
    auto [cached, entries] = load_kqk(folder.dir);
    CHECK(!cached);
    CHECK(entries == good);
    CHECK(fs::is_fifo(path));
    fs::remove(path);
    fs::create_symlink("/dev/zero", path); // endless
    std::tie(cached, entries) = load_kqk(folder.dir);
    CHECK(!cached);
    CHECK(entries == good);
    CHECK(fs::is_symlink(path));
}

TEST_CASE("Without the disk cache no file is written", "[tablebase][cache]") {
    CacheFolder folder;
    Registry registry(CachePolicy{false, folder.dir});
    registry.table(*Material::parse("KRK"));
    CHECK(!fs::exists(folder.dir));
}

TEST_CASE("The cache folder is XDG_CACHE_HOME/al0, else ~/.cache/al0", "[tablebase][cache]") {
    {
        const al0::test::ScopedEnv xdg("XDG_CACHE_HOME", "/somewhere");
        CHECK(default_cache_dir() == fs::path("/somewhere/al0"));
    }
    const al0::test::ScopedEnv no_xdg("XDG_CACHE_HOME", std::nullopt);
    if (const char* home = std::getenv("HOME"))
        CHECK(default_cache_dir() == fs::path(home) / ".cache" / "al0");
}

} // namespace test_tablebase_cache
