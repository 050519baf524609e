#pragma once
// Writing a file whole or not at all. A regular file (or a new one) is written to a temporary
// file in the same folder, every write and the close checked, then renamed over the target, so
// on any error the target is left as it was. A target that is not a regular file (/dev/stdout,
// a pipe, a terminal, /dev/full) is written in place, never replaced, its writes checked the same.

#include <optional>
#include <string>
#include <string_view>

namespace al0::io {

// Returns why PATH cannot be written (one line: "cannot write PATH: reason"), or nothing: for
// commands to refuse a bad path before the work whose result they write.
[[nodiscard]] std::optional<std::string> check_writable(const std::string& path);

// Writes CONTENT to PATH as described above; returns why it failed (one line), or nothing.
[[nodiscard]] std::optional<std::string> write_file(const std::string& path,
                                                    std::string_view content);

} // namespace al0::io
