#pragma once
// The semantic check of a parsed table against a domain's vocabulary (AL0.md §7).

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"
#include "advice/vocabulary.hpp"

#include <string_view>
#include <vector>

namespace al0::advice {

// A table may have at most this many rules and this many pieces of advice; a larger one gets
// one error at the first clause over the limit (and no further checking).
inline constexpr std::size_t max_rules = 10'000;
inline constexpr std::size_t max_advice = 10'000;

// Returns the table's semantic errors and warnings in source order: unknown predicates and
// generators (with "did you mean"), a generator moving the wrong side, advice undefined,
// defined twice or never used, rules that can never apply, no rule that always applies, and
// depth tests that are not the left operand of `and`; or the one error of a table over the limits.
[[nodiscard]] std::vector<Diagnostic>
check(const ast::Table& table, const advice::Vocabulary& vocabulary, std::string_view filename);

} // namespace al0::advice
