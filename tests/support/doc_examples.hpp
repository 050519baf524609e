#pragma once
// The runnable examples of a Markdown document and the matching of their expected output; see
// test_doc_examples.cpp for the form an example takes.

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace al0::test {

struct DocExample {
    std::size_t line = 0;              // where the `$` line stands (1-based)
    std::string args;                  // shell text after `./tools/al0 `
    std::vector<std::string> expected; // the lines shown under it
};

// Returns the examples of a Markdown text: `    $ ./tools/al0 ARGS` and the indented lines
// below it up to the next `$` line or a line that is not indented; blank lines between indented
// ones belong to the output.
inline std::vector<DocExample> doc_examples(const std::string& markdown) {
    constexpr std::string_view indent = "    ";
    constexpr std::string_view prompt = "    $ ./tools/al0 ";
    std::vector<DocExample> found;
    std::istringstream in(markdown);
    bool open = false;
    std::size_t blanks = 0; // blank lines seen inside an open example, not yet known to be in it
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const bool blank = line.find_first_not_of(' ') == std::string::npos;
        if (line.rfind(prompt, 0) == 0) {
            found.push_back({number, line.substr(prompt.size()), {}});
            open = true;
            blanks = 0;
        } else if (open && blank) {
            ++blanks;
        } else if (open && line.rfind(indent, 0) == 0) {
            found.back().expected.insert(found.back().expected.end(), blanks, "");
            blanks = 0;
            found.back().expected.push_back(line.substr(indent.size()));
        } else {
            open = false;
        }
    }
    return found;
}

namespace detail {
inline bool line_matches(const std::string& pattern, const std::string& line) {
    constexpr std::string_view dots = "...";
    if (pattern.size() >= dots.size() && pattern.compare(pattern.size() - 3, 3, dots) == 0)
        return line.rfind(pattern.substr(0, pattern.size() - 3), 0) == 0;
    return pattern == line;
}

inline bool lines_match(const std::vector<std::string>& pattern, std::size_t p,
                        const std::vector<std::string>& lines, std::size_t l) {
    if (p == pattern.size()) return l == lines.size();
    if (pattern[p] == "...") {
        for (std::size_t skip = l; skip <= lines.size(); ++skip)
            if (lines_match(pattern, p + 1, lines, skip)) return true;
        return false;
    }
    return l < lines.size() && line_matches(pattern[p], lines[l]) &&
           lines_match(pattern, p + 1, lines, l + 1);
}
} // namespace detail

// Whether LINES are what PATTERN shows: line for line, where a line `...` stands for any number
// of lines and a line ending in `...` for a line that begins with the rest of it.
inline bool output_matches(const std::vector<std::string>& pattern,
                           const std::vector<std::string>& lines) {
    return detail::lines_match(pattern, 0, lines, 0);
}

} // namespace al0::test
