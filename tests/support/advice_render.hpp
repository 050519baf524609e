#pragma once
// What al0 check prints for a table text, as the golden files of tests/data/advice hold it:
// every diagnostic of parse + check (KRK names; the chess library for a table that declares its
// material), formatted.

#include "engine/compile/load.hpp"
#include "engine/krk/vocabulary.hpp"

#include <string>
#include <string_view>

namespace al0::test {

inline std::string render_diagnostics(std::string_view text, std::string_view filename) {
    const search::TableSource source{std::string(filename), std::string(text)};
    return search::format_diagnostics(search::load(source, krk::vocabulary).diagnostics, text);
}

} // namespace al0::test
