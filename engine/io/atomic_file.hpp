#pragma once
// Writing a file whole or not at all. A regular file (or a new one) is written to a temporary
// file of a fresh name in the same folder (created exclusively, never through a link), synced,
// renamed over the target, and the folder synced, so on any error the target is left as it was
// and no temporary file remains. A target that is not a regular file (/dev/stdout, a pipe, a
// terminal, /dev/full) is written in place, never replaced, its writes checked the same.
// Nothing here changes the process's umask or signal dispositions: writers may run on several
// threads at once.

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace al0::io {

// Returns why PATH cannot be written (one line: "cannot write PATH: reason"), or nothing: for
// commands to refuse a bad path before the work whose result they write.
[[nodiscard]] std::optional<std::string> check_writable(const std::string& path);

// Writes CONTENT to PATH as described above; returns why it failed (one line), or nothing. A
// symbolic link at PATH stays, and the file it leads to is written.
[[nodiscard]] std::optional<std::string> write_file(const std::string& path,
                                                    std::string_view content);

// The content in parts, written one after the other (no joined copy of a large file is made).
using Parts = std::span<const std::string_view>;
[[nodiscard]] std::optional<std::string> write_file_parts(const std::string& path, Parts parts);

// Writes CONTENT as a regular file at PATH whatever is there now: a symbolic link, a FIFO or a
// device at PATH is replaced, never followed or written through. For a folder whose names
// come from others (the lab's tables), so that no write lands outside it.
[[nodiscard]] std::optional<std::string> replace_file(const std::string& path,
                                                      std::string_view content);

// Makes a write past the file-size limit (RLIMIT_FSIZE) fail with EFBIG, which write_file
// reports, instead of killing the process with SIGXFSZ. Call once at start, before any thread.
void report_file_size_errors();

} // namespace al0::io
