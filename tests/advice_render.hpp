#pragma once
// What al0 check prints for a table text, as the golden files of tests/data/advice hold it:
// every diagnostic of parse + check (KRK names; the chess library for a table that declares its
// material), formatted.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/krk/vocabulary.hpp"

#include <string>
#include <string_view>

namespace al0::test {

inline std::string render_diagnostics(std::string_view text, std::string_view filename) {
    advice::ParseResult parsed = advice::parse(text, filename);
    std::vector<advice::Diagnostic> diagnostics = parsed.diagnostics;
    if (parsed.table)
        diagnostics = advice::check(*parsed.table,
                                    parsed.table->materials.empty() ? krk::vocabulary
                                                                    : contract::chess::vocabulary,
                                    filename);
    std::string out;
    for (const advice::Diagnostic& d : diagnostics) out += advice::format_diagnostic(d, text);
    return out;
}

} // namespace al0::test
