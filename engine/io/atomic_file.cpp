#include "engine/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace al0::io {

namespace {

// Where and how a path is written.
struct Target {
    std::string shown;     // the path as given, for messages
    std::string path;      // the file to replace, or to write in place
    bool in_place = false; // not a regular file: opened and written, never replaced
    mode_t mode = 0666;    // the replaced file's permissions (a new file: 0666 less the umask)
    bool exists = false;
};

std::string cannot(const std::string& path, int error) {
    return "cannot write " + path + ": " + std::strerror(error);
}

// Why the special case: /dev/stdout and /proc/self/fd/N lead to whatever the process's stream
// is (a file the shell truncated, a pipe); replacing the file they resolve to would lose what
// the stream shows, so they are always written in place, appending.
bool is_stream_path(const std::string& path) {
    return path.starts_with("/dev/") || path.starts_with("/proc/");
}

std::optional<std::string> resolve(const std::string& path, Target& target) {
    if (path.empty()) return "cannot write an empty file name";
    target.shown = target.path = path;
    struct stat st {};
    if (is_stream_path(path)) {
        target.in_place = true;
        return std::nullopt;
    }
    if (lstat(path.c_str(), &st) != 0) {
        if (errno != ENOENT) return cannot(path, errno);
        return std::nullopt; // a new file
    }
    if (S_ISLNK(st.st_mode)) { // the link stays; the file it leads to is written
        char* real = realpath(path.c_str(), nullptr);
        if (!real) return cannot(path, errno);
        target.path = real;
        std::free(real);
        if (stat(target.path.c_str(), &st) != 0) return cannot(path, errno);
    }
    if (S_ISDIR(st.st_mode)) return cannot(path, EISDIR);
    target.exists = true;
    target.in_place = !S_ISREG(st.st_mode);
    target.mode = st.st_mode & 07777;
    return std::nullopt;
}

// Writes all of CONTENT to FD; returns errno of the first failed write, or 0.
int write_all(int fd, std::string_view content) {
    while (!content.empty()) {
        const ssize_t n = write(fd, content.data(), content.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : EIO;
        content.remove_prefix(std::size_t(n));
    }
    return 0;
}

std::string folder_of(const std::string& path) {
    const std::string parent = std::filesystem::path(path).parent_path().string();
    return parent.empty() ? "." : parent;
}

// Creates the temporary file next to TARGET; returns its descriptor (and name), or -1 and errno.
int make_temp(const Target& target, std::string& name) {
    name = folder_of(target.path) + "/." + std::filesystem::path(target.path).filename().string() +
           ".al0-XXXXXX";
    return mkstemp(name.data());
}

mode_t new_file_mode() {
    const mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

// Returns the descriptor that names a stream of this process (/dev/stdout, /dev/fd/N,
// /proc/self/fd/N), or -1. Why: writing through it, not a new open, keeps its offset, so what
// the process writes to the stream afterwards follows instead of overwriting.
int own_stream(const std::string& path) {
    if (path == "/dev/stdout") return STDOUT_FILENO;
    if (path == "/dev/stderr") return STDERR_FILENO;
    for (std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"})
        if (path.starts_with(prefix)) {
            const std::string_view digits = std::string_view(path).substr(prefix.size());
            int fd = -1;
            const auto [end, ec] =
                std::from_chars(digits.data(), digits.data() + digits.size(), fd);
            if (ec == std::errc{} && end == digits.data() + digits.size()) return fd;
        }
    return -1;
}

std::optional<std::string> write_in_place(const Target& target, std::string_view content) {
    if (const int stream = own_stream(target.path); stream >= 0) {
        const int error = write_all(stream, content);
        if (error) return cannot(target.shown, error);
        return std::nullopt;
    }
    // O_NONBLOCK: a FIFO without a reader is refused (ENXIO) instead of blocking for ever; the
    // writes then block as usual.
    const int fd = open(target.path.c_str(), O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return cannot(target.shown, errno);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    const int error = write_all(fd, content);
    const int closed = close(fd) == 0 ? 0 : errno;
    if (error || closed) return cannot(target.shown, error ? error : closed);
    return std::nullopt;
}

std::optional<std::string> write_replacing(const Target& target, std::string_view content) {
    std::string temp;
    const int fd = make_temp(target, temp);
    if (fd < 0) return cannot(target.shown, errno);
    int error = write_all(fd, content);
    if (!error && fchmod(fd, target.exists ? target.mode : new_file_mode()) != 0) error = errno;
    if (close(fd) != 0 && !error) error = errno;
    if (!error && rename(temp.c_str(), target.path.c_str()) != 0) error = errno;
    if (error) {
        unlink(temp.c_str());
        return cannot(target.shown, error);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> check_writable(const std::string& path) {
    Target target;
    if (auto why = resolve(path, target)) return why;
    if (target.in_place) {
        // Why a FIFO is not opened: closing it would end the input of the reader waiting on it,
        // which would then miss what is written later.
        struct stat st {};
        if (stat(target.path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode))
            return access(target.path.c_str(), W_OK) == 0 ? std::nullopt
                                                          : std::optional(cannot(path, errno));
        // O_NONBLOCK: a FIFO without a reader is refused (ENXIO) instead of blocking here.
        const int fd = open(target.path.c_str(), O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) return cannot(path, errno);
        close(fd);
        return std::nullopt;
    }
    std::string temp;
    const int fd = make_temp(target, temp);
    if (fd < 0) return cannot(path, errno);
    close(fd);
    unlink(temp.c_str());
    return std::nullopt;
}

std::optional<std::string> write_file(const std::string& path, std::string_view content) {
    // Why: under a file-size limit a write past it must fail with EFBIG, not kill al0 with
    // SIGXFSZ and leave a truncated file behind.
    std::signal(SIGXFSZ, SIG_IGN);
    Target target;
    if (auto why = resolve(path, target)) return why;
    return target.in_place ? write_in_place(target, content) : write_replacing(target, content);
}

} // namespace al0::io
