#pragma once
// Splitting fuzz input into lines, as std::getline does for al0's interactive loops.

#include <string_view>
#include <vector>

namespace al0::fuzz {

// Returns the lines of TEXT without their '\n'; a last line without one counts too.
inline std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    return lines;
}

} // namespace al0::fuzz
