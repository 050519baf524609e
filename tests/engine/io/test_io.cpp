// The atomic file writer and the bounded line reader of engine/io.

#include "engine/io/atomic_file.hpp"
#include "engine/io/line_reader.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace test_io {

namespace {

namespace fs = std::filesystem;
using al0::io::Line;
using al0::io::LineReader;

using al0::test::TempDir;

using al0::test::read_file;

std::size_t entries(const fs::path& dir) {
    return std::size_t(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

} // namespace

TEST_CASE("write_file creates a file, or replaces one keeping its permissions", "[io]") {
    TempDir dir;
    const std::string file = dir.file("game.pgn");
    REQUIRE_FALSE(al0::io::check_writable(file));
    REQUIRE_FALSE(al0::io::write_file(file, "first\n"));
    CHECK(read_file(file) == "first\n");
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    REQUIRE_FALSE(al0::io::write_file(file, "second\n"));
    CHECK(read_file(file) == "second\n");
    CHECK(fs::status(file).permissions() ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    CHECK(entries(dir.path) == 1); // no temporary file left behind
}

TEST_CASE("write_file leaves an existing file as it was when a write fails", "[io]") {
    TempDir dir;
    const std::string file = dir.file("table.bin");
    std::ofstream(file) << "the good old content\n";
    // A child under a file-size limit of 1 KiB writes 64 KiB: the write fails with EFBIG.
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        const rlimit limit{1024, 1024};
        setrlimit(RLIMIT_FSIZE, &limit);
        al0::io::report_file_size_errors();
        const auto why = al0::io::write_file(file, std::string(64 * 1024, 'x'));
        _exit(why && why->find("cannot write " + file + ": File too large") == 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(read_file(file) == "the good old content\n");
    CHECK(entries(dir.path) == 1);
}

TEST_CASE("write_file writes a device in place and reports its failure", "[io]") {
    CHECK_FALSE(al0::io::check_writable("/dev/null"));
    CHECK_FALSE(al0::io::write_file("/dev/null", "anything"));
    CHECK_FALSE(al0::io::check_writable("/dev/full")); // writable, until written
    const auto why = al0::io::write_file("/dev/full", "a game");
    REQUIRE(why);
    CHECK(*why == "cannot write /dev/full: No space left on device");
    CHECK(fs::exists("/dev/full"));
    CHECK(fs::is_character_file("/dev/full")); // never replaced
}

TEST_CASE("check_writable refuses a missing folder and a folder", "[io]") {
    TempDir dir;
    const auto missing = al0::io::check_writable(dir.file("no/such/folder/x.pgn"));
    REQUIRE(missing);
    CHECK(*missing ==
          "cannot write " + dir.file("no/such/folder/x.pgn") + ": No such file or directory");
    const auto folder = al0::io::check_writable(dir.path.string());
    REQUIRE(folder);
    CHECK(*folder == "cannot write " + dir.path.string() + ": Is a directory");
    CHECK(entries(dir.path) == 0);
}

TEST_CASE("write_file through a symbolic link replaces the file it leads to", "[io]") {
    TempDir dir;
    std::ofstream(dir.file("real.pgn")) << "old";
    fs::create_symlink(dir.file("real.pgn"), dir.file("link.pgn"));
    REQUIRE_FALSE(al0::io::write_file(dir.file("link.pgn"), "new"));
    CHECK(fs::is_symlink(dir.file("link.pgn")));
    CHECK(read_file(dir.file("real.pgn")) == "new");
}

TEST_CASE("write_file replaces a regular file under /dev/shm whole, never appending", "[io]") {
    if (!fs::is_directory("/dev/shm")) return; // no shared memory folder on this system
    std::string name = "/dev/shm/al0_io_XXXXXX";
    const int fd = mkstemp(name.data());
    REQUIRE(fd >= 0);
    close(fd);
    REQUIRE_FALSE(al0::io::write_file(name, "first\n"));
    struct stat before {};
    REQUIRE(stat(name.c_str(), &before) == 0);
    REQUIRE_FALSE(al0::io::write_file(name, "second\n"));
    struct stat after {};
    REQUIRE(stat(name.c_str(), &after) == 0);
    CHECK(read_file(name) == "second\n");
    CHECK(before.st_ino != after.st_ino); // a new file renamed over it: never half written
    fs::remove(name);
}

TEST_CASE("replace_file replaces a symbolic link at its path and never writes where it leads",
          "[io]") {
    TempDir dir, outside;
    std::ofstream(outside.file("victim")) << "untouched";
    fs::create_symlink(outside.file("victim"), dir.file("table.al0"));
    REQUIRE_FALSE(al0::io::replace_file(dir.file("table.al0"), "new"));
    CHECK(read_file(outside.file("victim")) == "untouched");
    CHECK(fs::is_regular_file(fs::symlink_status(dir.file("table.al0"))));
    CHECK(read_file(dir.file("table.al0")) == "new");
    CHECK(entries(dir.path) == 1);
}

TEST_CASE("write_file changes no signal disposition of the process", "[io]") {
    // Why it matters: other threads run while a file is written (the lab's searches).
    struct sigaction original {};
    REQUIRE(sigaction(SIGXFSZ, nullptr, &original) == 0);
    signal(SIGXFSZ, SIG_DFL);
    TempDir dir;
    REQUIRE_FALSE(al0::io::write_file(dir.file("x"), "x"));
    struct sigaction now {};
    REQUIRE(sigaction(SIGXFSZ, nullptr, &now) == 0);
    CHECK(now.sa_handler == SIG_DFL);
    sigaction(SIGXFSZ, &original, nullptr);
}

TEST_CASE("LineReader keeps at most its limit of a line and counts the rest", "[io]") {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    std::thread writer([fd = fds[1]] {
        const std::string text = std::string(1'000'000, 'x') + "\nshort\r\nlast";
        for (std::size_t done = 0; done < text.size();) {
            const ssize_t n = write(fd, text.data() + done, text.size() - done);
            if (n <= 0) break;
            done += std::size_t(n);
        }
        close(fd);
    });
    LineReader reader(fds[0], 100);
    Line line;
    REQUIRE(reader.next(line) == LineReader::Status::line);
    CHECK(line.overlong());
    CHECK(line.length == 1'000'000);
    CHECK(line.text == std::string(100, 'x'));
    REQUIRE(reader.next(line) == LineReader::Status::line);
    CHECK(line.text == "short");
    CHECK_FALSE(line.overlong());
    REQUIRE(reader.next(line) == LineReader::Status::line);
    CHECK(line.text == "last");
    CHECK(reader.next(line) == LineReader::Status::end);
    writer.join();
    close(fds[0]);
}

TEST_CASE("LineReader gives up waiting at its timeout and keeps a partial line", "[io]") {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    REQUIRE(write(fds[1], "half", 4) == 4);
    LineReader reader(fds[0], 100);
    Line line;
    CHECK(reader.next(line, 10) == LineReader::Status::timeout);
    REQUIRE(write(fds[1], " done\n", 6) == 6);
    REQUIRE(reader.next(line, 1000) == LineReader::Status::line);
    CHECK(line.text == "half done");
    close(fds[1]);
    CHECK(reader.next(line, 1000) == LineReader::Status::end);
    close(fds[0]);
}

} // namespace test_io
