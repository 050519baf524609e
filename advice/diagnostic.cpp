// The compiler-style rendering of a diagnostic.

#include "advice/diagnostic.hpp"

#include "advice/utf8.hpp"

#include <algorithm>

namespace al0::advice {
namespace {

constexpr std::size_t window = 60; // bytes shown either side of the column on long lines

// Returns line LINE (1-based) of TEXT without its line ending, or "" past the end.
std::string_view source_line(std::string_view text, int line) {
    std::size_t start = 0;
    for (int i = 1; i < line; ++i) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) return {};
        start = nl + 1;
    }
    std::string_view rest = text.substr(start);
    rest = rest.substr(0, rest.find('\n'));
    if (!rest.empty() && rest.back() == '\r') rest.remove_suffix(1);
    return rest;
}

// Returns the shown line and its caret line: each character of LINE shown as itself (tabs
// kept, control bytes and broken UTF-8 as '?'), the caret under the one at byte offset COLUMN.
std::pair<std::string, std::string> show(std::string_view line, std::size_t column) {
    std::string shown, caret;
    const char* end = line.data() + line.size();
    for (const char* p = line.data(); p < end;) {
        auto c = static_cast<unsigned char>(*p);
        std::size_t n = c >= 0x80 ? utf8_length(p, end) : 1;
        bool before = std::size_t(p - line.data()) < column;
        if (c == '\t' || (c >= 0x20 && c != 0x7f && n > 0)) {
            shown.append(p, std::max<std::size_t>(n, 1));
        } else {
            shown += '?';
        }
        if (before) caret += c == '\t' ? '\t' : ' ';
        p += std::max<std::size_t>(n, 1);
    }
    return {shown, caret + '^'};
}

// Returns the start of the UTF-8 character that contains byte OFFSET of LINE.
std::size_t character_start(std::string_view line, std::size_t offset) {
    while (offset > 0 && offset < line.size() &&
           (static_cast<unsigned char>(line[offset]) & 0xC0) == 0x80)
        --offset;
    return offset;
}

} // namespace

std::string format_diagnostic(const Diagnostic& d, std::string_view source_text) {
    std::string out = d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) +
                      ": " + (d.severity == Diagnostic::Severity::error ? "error" : "warning") +
                      ": " + d.message + "\n";
    std::string_view line = source_line(source_text, d.line);
    std::size_t column = d.column > 0 ? std::size_t(d.column - 1) : 0;
    std::string prefix, suffix;
    if (line.size() > 2 * window) {
        std::size_t from = character_start(line, column > window ? column - window : 0);
        std::size_t to = character_start(line, std::min(line.size(), column + window));
        if (from > 0) prefix = "...";
        if (to < line.size()) suffix = "...";
        line = line.substr(from, to - from);
        column -= from;
    }
    auto [shown, caret] = show(line, column);
    out += prefix + shown + suffix + "\n" + std::string(prefix.size(), ' ') + caret + "\n";
    return out;
}

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) {
        return d.severity == Diagnostic::Severity::error;
    });
}

} // namespace al0::advice
