#include "tools/cli/progress.hpp"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace al0::tools {

ProgressBar progress_bar(const char* label) {
    if (!isatty(STDERR_FILENO)) return {};
    return [label](std::size_t done, std::size_t total) {
        constexpr int WIDTH = 40;
        const int filled = total ? int(WIDTH * done / total) : WIDTH;
        // The counts too: a verification's total grows as its lines reach new positions.
        std::fprintf(stderr, "\r%s [%s%s] %3d%% %zu/%zu ", label,
                     std::string(std::size_t(filled), '#').c_str(),
                     std::string(std::size_t(WIDTH - filled), '.').c_str(),
                     total ? int(100 * done / total) : 100, done, total);
        if (done == total) std::fprintf(stderr, "\r%*s\r", WIDTH + 64, "");
        std::fflush(stderr);
    };
}

} // namespace al0::tools
