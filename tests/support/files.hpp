#pragma once
// Files for tests: a file's text read whole, and temp files and folders. Why folders of their
// own (mkdtemp) and not fixed names: test runs of several checkouts share one temp directory.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace al0::test {

// Returns the bytes of the file PATH ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Returns the bytes of the repository's file RELATIVE, such as "tables/kqk.al0".
inline std::string read_source(const std::string& relative) {
    return read_file(std::filesystem::path(AL0_SOURCE_DIR) / relative);
}

// A fresh folder under the temp directory, removed with everything in it.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& prefix = "al0_test") {
        std::string name = (std::filesystem::temp_directory_path() / (prefix + "_XXXXXX")).string();
        if (!mkdtemp(name.data())) throw std::runtime_error("cannot create a temp directory");
        path = name;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    // Returns the path of the file NAME in the folder.
    [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
};

// The folder of this test process's temp files, removed when the process ends: fixed names in the
// shared temp directory would collide when two checkouts run their tests at once.
inline const TempDir& process_temp_dir() {
    static const TempDir dir("al0_tests");
    return dir;
}

// Returns the path of the file NAME in this process's temp folder.
inline std::filesystem::path temp_path(const std::string& name) {
    return process_temp_dir().path / name;
}

// Writes TEXT to the file NAME in this process's temp folder and returns its path.
inline std::string temp_table(const std::string& name, const std::string& text) {
    const auto path = temp_path(name);
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

} // namespace al0::test
