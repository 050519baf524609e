#pragma once
// A located message about a table, and its compiler-style rendering.

#include <string>
#include <string_view>
#include <vector>

namespace al0::advice {

struct Diagnostic {
    enum class Severity { error, warning };
    Severity severity = Severity::error;
    std::string file;
    int line = 0;   // 1-based
    int column = 0; // 1-based, in bytes of the line (as clang and most editors count)
    std::string message;
};

// Returns "file:line:col: error: message", the source line and a caret line under the column,
// each ending in '\n'. The caret is placed by characters, not bytes; control bytes and invalid
// UTF-8 show as '?', and a very long line is cut to a window around the column, so binary junk
// and megabyte lines stay readable.
[[nodiscard]] std::string format_diagnostic(const Diagnostic& d, std::string_view source_text);

// Returns true if any diagnostic is an error.
[[nodiscard]] bool has_errors(const std::vector<Diagnostic>& diagnostics);

} // namespace al0::advice
