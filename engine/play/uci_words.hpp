#pragma once
// The words of a UCI command line: split at blanks, spans of them with their inner spacing, and
// names compared as UCI compares them (ignoring case).

#include <string_view>
#include <vector>

namespace al0::play {

// Returns the words of LINE, split at spaces, tabs and line ends.
std::vector<std::string_view> split_words(std::string_view line);

// Returns the text from the first to the last of words[begin, end), inner spacing kept (a file
// name may hold spaces).
std::string_view span(const std::vector<std::string_view>& words, std::size_t begin,
                      std::size_t end);

// Returns whether A and B are the same name but for case.
bool same_name(std::string_view a, std::string_view b);

} // namespace al0::play
