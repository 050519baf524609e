#include "tools/cli/standard_output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace al0::tools {

void guard_standard_streams() {
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        // Why read-only for stdout: writes to it then fail (EBADF) as they would closed.
        const int opened = open("/dev/null", fd == STDERR_FILENO ? O_WRONLY : O_RDONLY);
        if (opened >= 0 && opened != fd) {
            dup2(opened, fd);
            close(opened);
        }
    }
}

bool standard_output_failed() { return std::cout.bad() || std::ferror(stdout) != 0; }

std::optional<std::string> flush_standard_output() {
    std::cout.flush();
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    int error = errno;
    if (flushed && !standard_output_failed()) return std::nullopt;
    // Why a write of nothing: stdio drops what it failed to write, so a failure met before this
    // flush left no errno behind; asking the descriptor again tells a full device or a closed
    // stream by its error (a full disk may answer a write of nothing without one).
    if (flushed) error = write(STDOUT_FILENO, "", 0) < 0 ? errno : 0;
    return "cannot write to standard output: " +
           std::string(error != 0 ? std::strerror(error) : "a write failed");
}

void check_standard_output() {
    if (!standard_output_failed()) return;
    throw OutputError(flush_standard_output().value_or("cannot write to standard output"));
}

} // namespace al0::tools
