#pragma once
// What the two halves of name resolution (check_terms.cpp: material, roles, definitions, goals
// and move constraints; check_exprs.cpp: integer expressions and comparisons) share: the
// built-in functions and small texts of diagnostics.

#include "advice/ast.hpp"
#include "advice/check_terms.hpp"
#include "contract/vocabulary.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace al0::advice::detail {

// Built-in functions of integer expressions: name and number of integer arguments.
struct Builtin {
    std::string_view name;
    std::size_t arity;
};
inline constexpr std::array<Builtin, 4> builtins = {
    {{"root", 1}, {"abs", 1}, {"min", 2}, {"max", 2}}};
// The built-in predicate between(A, B, C): B lies strictly between A and C.
inline constexpr std::string_view between_name = "between";

inline const Builtin* builtin(std::string_view name) {
    for (const Builtin& b : builtins)
        if (b.name == name) return &b;
    return nullptr;
}

inline std::string_view side_name(contract::Side s) {
    return s == contract::Side::us ? "us" : "them";
}

inline std::string kind_name(ast::Definition::Kind k) {
    switch (k) {
    case ast::Definition::Kind::measure:
        return "measure";
    case ast::Definition::Kind::predicate:
        return "predicate";
    case ast::Definition::Kind::generator:
        return "generator";
    }
    return "";
}

inline std::string count(std::size_t n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

inline std::string range_text(Range r) {
    return r.min == r.max ? std::to_string(r.min)
                          : std::to_string(r.min) + " to " + std::to_string(r.max);
}

inline constexpr std::int64_t int_min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int64_t int_max = std::numeric_limits<std::int32_t>::max();

} // namespace al0::advice::detail
