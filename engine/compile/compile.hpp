#pragma once
// Compiles a checked AL0 syntax tree for one domain's vocabulary into a Program of resolved ids.

#include "advice/ast.hpp"
#include "contract/expected.hpp"
#include "contract/vocabulary.hpp"
#include "engine/search/program.hpp"

namespace al0::search {

// Returns the program, or the first name the vocabulary does not know (the checker reports
// every such name with its position; this is the last line of defence), or where the program
// outgrows its ids. Definitions (the table's and its PRELUDE's) are inlined: each use of a
// definition with the same roles shares one compiled body, and each distinct primitive
// instance gets one value slot.
Expected<Program> compile(const advice::ast::Table& table, const contract::Vocabulary& vocabulary,
                          const advice::ast::Table* prelude = nullptr);

// Returns the table's (and its PRELUDE's) measures and predicates that take no roles compiled
// into a program of their own (Program::definitions; no advice, no rules): what they are worth
// at a position can be shown without touching the table's program, or why one does not compile.
Expected<Program> compile_definitions(const advice::ast::Table& table,
                                      const contract::Vocabulary& vocabulary,
                                      const advice::ast::Table* prelude = nullptr);

} // namespace al0::search
