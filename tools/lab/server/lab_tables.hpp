#pragma once
// The lab's table folder (--tables DIR): tables are listed, read and written there by name only
// (letters, digits, '_' and '-', then ".al0"), never by a path, so no request reaches a file
// outside the folder.

#include "contract/expected.hpp"

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace al0::tools::lab {

class TableFolder {
  public:
    // An empty path: no folder; listing is empty and reading or writing is refused.
    explicit TableFolder(std::filesystem::path dir);

    [[nodiscard]] bool present() const { return !dir_.empty(); }
    [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
    // The names of the *.al0 files in the folder, sorted.
    [[nodiscard]] std::vector<std::string> list() const;
    [[nodiscard]] Expected<std::string> read(const std::string& name) const;
    // Writes the text to the named table, creating or replacing it whole (never through a
    // link); saves run one at a time.
    [[nodiscard]] Expected<bool> write(const std::string& name, const std::string& text) const;

  private:
    [[nodiscard]] Expected<std::filesystem::path> path_of(const std::string& name) const;
    std::filesystem::path dir_;
    std::unique_ptr<std::mutex> saving_;
};

} // namespace al0::tools::lab
