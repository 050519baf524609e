#pragma once
// The one pipeline from a table's text to a program: parse, check against a vocabulary (with a
// prelude's material and definitions), compile. Everything that runs or checks table text (the
// commands, the lab, the tests, the fuzz harnesses) goes through load(); each stage's result
// is a value, so a caller shows the diagnostics, prints the syntax tree or runs the program.

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"
#include "contract/vocabulary.hpp"
#include "engine/search/program.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al0::search {

struct TableSource {
    std::string name; // in diagnostics: a path, "builtin:NAME", "editor"
    std::string text;
};

// What a text is: a table to run; a library (a material and definitions that tables use as
// their prelude), checked as one and not compiled; or either, as its clauses say (a library
// when it has definitions and neither rules nor advice).
enum class TextKind { table, library, either };

struct LoadedTable {
    std::optional<advice::ast::Table> table;     // set iff the text parsed
    std::vector<advice::Diagnostic> diagnostics; // the parser's, then the checker's
    // What it was checked and compiled against: the chess library when the text or its prelude
    // declares a material, else the caller's fallback (a domain's own names).
    const contract::Vocabulary* vocabulary = nullptr;
    bool library = false;           // checked as a library
    std::optional<Program> program; // set iff a table checked without errors and compiled
    std::string compile_error;      // why a table that checked without errors did not compile

    // Returns whether a stage failed (an error diagnostic, or the compiler's error).
    [[nodiscard]] bool failed() const;
};

// Returns SOURCE parsed, checked against its vocabulary (see LoadedTable::vocabulary) with the
// material and definitions of PRELUDE when given, and, when it is a table without errors,
// compiled.
[[nodiscard]] LoadedTable load(const TableSource& source, const contract::Vocabulary& fallback,
                               const advice::ast::Table* prelude = nullptr,
                               TextKind kind = TextKind::table);

// Returns the diagnostics rendered against TEXT (advice::format_diagnostic), one after another.
[[nodiscard]] std::string format_diagnostics(const std::vector<advice::Diagnostic>& diagnostics,
                                             std::string_view text);

// Returns why LOADED failed: "WHAT NAME has errors:" and its rendered diagnostics (without the
// last newline), or the compiler's message.
[[nodiscard]] std::string load_error(const LoadedTable& loaded, const TableSource& source,
                                     std::string_view what = "table");

} // namespace al0::search
