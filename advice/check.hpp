#pragma once
// The semantic check of a parsed table against a domain's vocabulary (docs/LANGUAGE.md §9).

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"
#include "contract/vocabulary.hpp"

#include <string_view>
#include <vector>

namespace al0::advice {

// A table may have at most this many rules and this many pieces of advice; a larger one gets
// one error at the first clause over the limit (and no further checking).
inline constexpr std::size_t max_rules = 10'000;
inline constexpr std::size_t max_advice = 10'000;
// A move constraint may stand for at most this many `then` alternatives once `and` has paired
// them (each `and` multiplies the counts of its sides).
inline constexpr std::size_t max_alternatives = 4096;
// The deepest any search goes, in plies (search::MAX_SEARCH_DEPTH, which advice/ cannot see;
// engine/compile asserts that the two agree): advice whose moves are not bounded within it gets
// a warning.
inline constexpr int max_search_depth = 1000;

// Returns the table's semantic errors and warnings in source order: unknown predicates,
// measures and generators (with "did you mean"), a generator moving the wrong side, arguments
// of the wrong kind or number, roles the material lacks, definitions used before they are made,
// recursive, defined twice or never used, comparisons that always or never hold, expressions
// that may overflow, advice undefined, defined twice or never used, rules that can never apply,
// no rule that always applies, depth tests that are not the left operand of `and`, move
// constraints of more than max_alternatives alternatives, and advice whose moves have no depth
// bound (a warning: its search stops only at max_search_depth); or the one error of a table
// over the limits. PRELUDE, when given, is a library (checked on its own with check_library)
// whose material and definitions the table uses.
[[nodiscard]] std::vector<Diagnostic> check(const ast::Table& table,
                                            const contract::Vocabulary& vocabulary,
                                            std::string_view filename,
                                            const ast::Table* prelude = nullptr);

// Returns the errors of a library: a file of a material and definitions (and possibly rules and
// advice) that tables use as their prelude. Unused definitions are no mistake there.
[[nodiscard]] std::vector<Diagnostic> check_library(const ast::Table& library,
                                                    const contract::Vocabulary& vocabulary,
                                                    std::string_view filename);

} // namespace al0::advice
