// The table front end on any text: parse, check, print round trip, compile.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "advice/print.hpp"
#include "engine/compile/compile.hpp"
#include "engine/krk/vocabulary.hpp"
#include "fuzz/properties/properties.hpp"

#include <string>

namespace al0::fuzz {
namespace {

constexpr std::string_view FILE_NAME = "fuzz.al0";

// Why: a diagnostic must point into the file and render without crashing on any bytes.
void require_located(const std::vector<advice::Diagnostic>& diagnostics, std::string_view text) {
    for (const advice::Diagnostic& d : diagnostics) {
        if (d.line < 1 || d.column < 1 || d.message.empty())
            throw PropertyViolation("diagnostic without a place or a message: " + d.message);
        if (advice::format_diagnostic(d, text).empty())
            throw PropertyViolation("diagnostic renders as nothing: " + d.message);
    }
}

} // namespace

void check_table_text(std::string_view text) {
    advice::ParseResult parsed = advice::parse(text, FILE_NAME);
    require_located(parsed.diagnostics, text);
    if (!parsed.table) {
        if (!advice::has_errors(parsed.diagnostics))
            throw PropertyViolation("the parse failed without an error diagnostic");
        return;
    }
    const std::vector<advice::Diagnostic> findings =
        advice::check(*parsed.table, krk::vocabulary, FILE_NAME);
    require_located(findings, text);

    const std::string printed = advice::print(*parsed.table);
    advice::ParseResult reparsed = advice::parse(printed, FILE_NAME);
    if (!reparsed.table || !(*reparsed.table == *parsed.table))
        throw PropertyViolation("the printed table does not parse back to itself:\n" + printed);
    if (advice::print(*reparsed.table) != printed)
        throw PropertyViolation("printing is not stable:\n" + printed);

    if (!advice::has_errors(findings) && !search::compile(*parsed.table, krk::vocabulary))
        throw PropertyViolation("a table the checker accepts does not compile");
}

} // namespace al0::fuzz
