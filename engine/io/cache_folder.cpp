#include "engine/io/cache_folder.hpp"

#include <cstdlib>

namespace al0::io {

std::filesystem::path default_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "al0";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "al0";
    return {};
}

} // namespace al0::io
