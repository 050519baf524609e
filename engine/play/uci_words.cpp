#include "engine/play/uci_words.hpp"

#include <algorithm>
#include <cctype>

namespace al0::play {

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    const std::string_view blanks = " \t\r\n";
    for (std::size_t at = line.find_first_not_of(blanks); at != std::string_view::npos;) {
        std::size_t end = std::min(line.find_first_of(blanks, at), line.size());
        words.push_back(line.substr(at, end - at));
        at = line.find_first_not_of(blanks, end);
    }
    return words;
}

std::string_view span(const std::vector<std::string_view>& words, std::size_t begin,
                      std::size_t end) {
    if (begin >= end) return {};
    const char* first = words[begin].data();
    return {first, std::size_t(words[end - 1].data() + words[end - 1].size() - first)};
}

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
    });
}

} // namespace al0::play
