#pragma once
// Just enough UTF-8 to show source lines and name characters correctly.

#include <cstddef>

namespace al0::advice {

// Returns the length of the valid UTF-8 sequence of two to four bytes at WHERE, or 0 if the
// bytes there are not one (ASCII included).
inline std::size_t utf8_length(const char* where, const char* end) {
    auto c = static_cast<unsigned char>(*where);
    std::size_t n = c >= 0xF5 ? 0 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || std::size_t(end - where) < n) return 0;
    for (std::size_t i = 1; i < n; ++i)
        if ((static_cast<unsigned char>(where[i]) & 0xC0) != 0x80) return 0;
    return n;
}

} // namespace al0::advice
