#include "tools/lab/server/lab_tables.hpp"

#include "engine/io/atomic_file.hpp"
#include "tools/app/table_source.hpp"

#include <algorithm>

namespace al0::tools::lab {
namespace fs = std::filesystem;

namespace {

constexpr std::size_t max_name_length = 64;

bool valid_name(const std::string& name) {
    if (!name.ends_with(".al0")) return false;
    const std::string stem = name.substr(0, name.size() - 4);
    return !stem.empty() && stem.size() <= max_name_length &&
           std::all_of(stem.begin(), stem.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-';
           });
}

} // namespace

TableFolder::TableFolder(fs::path dir)
    : dir_(std::move(dir)), saving_(std::make_unique<std::mutex>()) {}

std::vector<std::string> TableFolder::list() const {
    std::vector<std::string> names;
    std::error_code ec;
    if (!present()) return names;
    for (const auto& entry : fs::directory_iterator(dir_, ec)) {
        const std::string name = entry.path().filename().string();
        if (valid_name(name) && entry.is_regular_file(ec) && !entry.is_symlink(ec))
            names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

Expected<fs::path> TableFolder::path_of(const std::string& name) const {
    if (!present()) return Error{"no table folder: start al0 lab with --tables DIR"};
    if (!valid_name(name))
        return Error{"a table name is letters, digits, '_' or '-' (at most 64), then .al0"};
    const fs::path path = dir_ / name;
    std::error_code ec;
    // Why: a symbolic link in the folder could point anywhere.
    if (fs::is_symlink(path, ec)) return Error{name + " is a symbolic link; the lab refuses it"};
    return path;
}

Expected<std::string> TableFolder::read(const std::string& name) const {
    auto path = path_of(name);
    if (!path) return Error{path.error()};
    std::error_code ec;
    if (!fs::is_regular_file(*path, ec)) return Error{"no table named " + name};
    auto source = read_table(path->string());
    if (!source) return Error{source.error()};
    return std::move(source->text);
}

Expected<bool> TableFolder::write(const std::string& name, const std::string& text) const {
    auto path = path_of(name);
    if (!path) return Error{path.error()};
    // One save at a time: two saves of one name each land whole, one after the other.
    std::lock_guard lock(*saving_);
    if (auto why = io::replace_file(path->string(), text)) return Error{*why};
    return true;
}

} // namespace al0::tools::lab
