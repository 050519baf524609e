#include "tools/cli/progress.hpp"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace al0::tools {

namespace {

constexpr int WIDTH = 40;        // the bar's
constexpr int LINE = WIDTH + 64; // the widest line a bar or status draws, cleared whole

void clear_line() { std::fprintf(stderr, "\r%*s\r", LINE, ""); }

} // namespace

ProgressBar progress_bar(const char* label) {
    if (!isatty(STDERR_FILENO)) return {};
    return [label](std::size_t done, std::size_t total) {
        const int filled = total ? int(WIDTH * done / total) : WIDTH;
        // The counts too: a verification's total grows as its lines reach new positions.
        std::fprintf(stderr, "\r%s [%s%s] %3d%% %zu/%zu ", label,
                     std::string(std::size_t(filled), '#').c_str(),
                     std::string(std::size_t(WIDTH - filled), '.').c_str(),
                     total ? int(100 * done / total) : 100, done, total);
        if (done == total) clear_line();
        std::fflush(stderr);
    };
}

StatusLine status_line(const char* label) {
    if (!isatty(STDERR_FILENO)) return {};
    return [label](const std::string& what) {
        clear_line();
        std::fprintf(stderr, "%s: %s ...", label, what.c_str());
        std::fflush(stderr);
    };
}

} // namespace al0::tools
