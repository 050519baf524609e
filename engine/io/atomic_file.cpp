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
#include <random>

namespace al0::io {

namespace {

// Where and how a path is written.
struct Target {
    std::string shown;     // the path as given, for messages
    std::string path;      // the file to replace, or to write in place
    bool in_place = false; // not a regular file: opened and written, never replaced
    int stream = -1;       // the descriptor of the process's own stream the path names, or -1
    mode_t mode = 0;       // the replaced regular file's permissions
    bool exists = false;   // a regular file is replaced (its permissions kept)
};

std::string cannot(const std::string& path, int error) {
    return "cannot write " + path + ": " + std::strerror(error);
}

// Returns the descriptor that names a stream of this process (/dev/stdout, /dev/fd/N,
// /proc/self/fd/N), or -1. Why: writing through it, not a new open, keeps its offset, so what
// the process writes to the stream afterwards follows instead of overwriting; and replacing
// the file it leads to would lose what the stream shows.
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

// FOLLOW: a symbolic link at PATH leads to the file written; otherwise the link is replaced.
std::optional<std::string> resolve(const std::string& path, bool follow, Target& target) {
    if (path.empty()) return "cannot write an empty file name";
    target.shown = target.path = path;
    target.stream = follow ? own_stream(path) : -1;
    // Files under /proc are the kernel's: written in place, never replaced.
    if (target.stream >= 0 || (follow && path.starts_with("/proc/"))) {
        target.in_place = true;
        return std::nullopt;
    }
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) {
        if (errno != ENOENT) return cannot(path, errno);
        return std::nullopt; // a new file
    }
    if (S_ISLNK(st.st_mode) && follow) { // the link stays; the file it leads to is written
        char* real = realpath(path.c_str(), nullptr);
        if (!real) return cannot(path, errno);
        target.path = real;
        std::free(real);
        if (stat(target.path.c_str(), &st) != 0) return cannot(path, errno);
    }
    if (S_ISDIR(st.st_mode)) return cannot(path, EISDIR);
    target.exists = S_ISREG(st.st_mode);
    target.in_place = follow && !target.exists;
    target.mode = st.st_mode & 07777;
    return std::nullopt;
}

// Writes all of the parts to FD, in order; returns errno of the first failed write, or 0.
int write_all(int fd, Parts parts) {
    for (std::string_view content : parts)
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

// Creates a temporary file of a name no one else holds next to TARGET: exclusively, never
// through a link planted there. Returns its descriptor (and name), or -1 and errno. A new
// file gets 0666 less the umask from the kernel; a replaced one gets its permissions later.
int make_temp(const Target& target, std::string& name) {
    static constexpr char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    const std::string stem = folder_of(target.path) + "/." +
                             std::filesystem::path(target.path).filename().string() + ".al0-";
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = stem;
        for (int i = 0; i < 10; ++i) name += letters[random() % (sizeof letters - 1)];
        const int fd = open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                            target.exists ? 0600 : 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    return -1; // errno: EEXIST
}

// Makes the rename in FOLDER last: returns errno, or 0 (also where folders cannot be synced).
int sync_folder(const std::string& folder) {
    const int fd = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    const int error = fsync(fd) == 0 || errno == EINVAL ? 0 : errno;
    close(fd);
    return error;
}

std::optional<std::string> write_in_place(const Target& target, Parts content) {
    if (target.stream >= 0) {
        const int error = write_all(target.stream, content);
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

std::optional<std::string> write_replacing(const Target& target, Parts content) {
    std::string temp;
    const int fd = make_temp(target, temp);
    if (fd < 0) return cannot(target.shown, errno);
    int error = write_all(fd, content);
    if (!error && target.exists && fchmod(fd, target.mode) != 0) error = errno;
    if (!error && fsync(fd) != 0) error = errno;
    if (close(fd) != 0 && !error) error = errno;
    if (!error && rename(temp.c_str(), target.path.c_str()) != 0) error = errno;
    if (error) {
        unlink(temp.c_str());
        return cannot(target.shown, error);
    }
    if (const int synced = sync_folder(folder_of(target.path))) return cannot(target.shown, synced);
    return std::nullopt;
}

std::optional<std::string> write_as(const std::string& path, bool follow, Parts content) {
    Target target;
    if (auto why = resolve(path, follow, target)) return why;
    return target.in_place ? write_in_place(target, content) : write_replacing(target, content);
}

} // namespace

std::optional<std::string> check_writable(const std::string& path) {
    Target target;
    if (auto why = resolve(path, true, target)) return why;
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
    return write_as(path, true, Parts(&content, 1));
}

std::optional<std::string> write_file_parts(const std::string& path, Parts parts) {
    return write_as(path, true, parts);
}

std::optional<std::string> replace_file(const std::string& path, std::string_view content) {
    return write_as(path, false, Parts(&content, 1));
}

void report_file_size_errors() { std::signal(SIGXFSZ, SIG_IGN); }

} // namespace al0::io
