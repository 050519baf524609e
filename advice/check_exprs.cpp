// Name resolution for the semantic check, its integer half: expressions, the measures and
// built-in functions they call, and comparisons (with their ranges).

#include "advice/check_shared.hpp"
#include "advice/check_terms.hpp"
#include "advice/suggest.hpp"
#include "contract/chess_library.hpp"

#include <algorithm>
#include <cstdlib>

namespace al0::advice::detail {

using ast::Definition;
using ast::Expr;
using ast::Goal;

std::optional<Range> Terms::check_expr(const Expr& e) {
    std::optional<Range> result;
    switch (e.kind) {
    case Expr::Kind::number:
        return Range{e.number, e.number};
    case Expr::Kind::call:
        return check_call(e);
    case Expr::Kind::neg:
        if (auto r = check_expr(e.left())) result = Range{-r->max, -r->min};
        break;
    case Expr::Kind::add:
    case Expr::Kind::sub:
    case Expr::Kind::mul: {
        auto a = check_expr(e.left());
        auto b = check_expr(e.right());
        if (!a || !b) return std::nullopt;
        if (e.kind == Expr::Kind::add) result = Range{a->min + b->min, a->max + b->max};
        if (e.kind == Expr::Kind::sub) result = Range{a->min - b->max, a->max - b->min};
        if (e.kind == Expr::Kind::mul) {
            std::int64_t p[] = {a->min * b->min, a->min * b->max, a->max * b->min, a->max * b->max};
            result = Range{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
        }
        break;
    }
    }
    if (result && (result->min < int_min || result->max > int_max)) {
        reporter_.error(e.loc, "this expression can reach " + range_text(*result) +
                                   ", beyond the 32-bit integers al0 computes with");
        return std::nullopt;
    }
    return result;
}

std::optional<Range> Terms::check_call(const Expr& e) {
    const std::string& n = e.name;
    if (const Builtin* b = builtin(n)) {
        if (e.operands.size() != b->arity) {
            reporter_.error(e.loc, std::string(n) + " takes " +
                                       count(b->arity, "integer expression") + ", not " +
                                       std::to_string(e.operands.size()));
            return std::nullopt;
        }
        auto a = check_expr(e.operands[0]);
        if (!a) return std::nullopt;
        if (n == "root") return a;
        if (n == "abs")
            return Range{a->min <= 0 && a->max >= 0 ? 0
                                                    : std::min(std::abs(a->min), std::abs(a->max)),
                         std::max(std::abs(a->min), std::abs(a->max))};
        auto c = check_expr(e.operands[1]);
        if (!c) return std::nullopt;
        if (n == "min") return Range{std::min(a->min, c->min), std::min(a->max, c->max)};
        return Range{std::max(a->min, c->min), std::max(a->max, c->max)};
    }
    if (int id = vocabulary_.measure_id(n); id >= 0) {
        const contract::MeasureName& m = vocabulary_.measures[std::size_t(id)];
        check_roles(e.operands, m.arity, e.loc, "measure '" + n + "'");
        return Range{m.min, m.max};
    }
    if (Defined* d = definition(n, e.loc)) {
        if (d->definition->kind != Definition::Kind::measure) {
            reporter_.error(e.loc, "'" + n + "' is a " + kind_name(d->definition->kind) +
                                       ", not a measure (an integer)");
            return std::nullopt;
        }
        check_roles(e.operands, d->definition->params.size(), e.loc, "measure '" + n + "'");
        return d->range;
    }
    if (order_.contains(n)) return std::nullopt; // reported by definition()
    std::string kind = kind_of(n);
    if (kind == "a role")
        reporter_.error(e.loc,
                        "'" + n + "' is a role, not an integer: measure it, as in file(" + n + ")");
    else if (!kind.empty())
        reporter_.error(e.loc, "'" + n + "' is " + kind + ", not a measure (an integer)");
    else if (!vocabulary_.material && contract::chess::vocabulary.measure_id(n) >= 0)
        reporter_.error(e.loc, "'" + n +
                                   "' belongs to the chess library, which a table uses "
                                   "once it declares its material, as in 'material KRK.'");
    else {
        std::vector<std::string_view> measures;
        for (const auto& m : vocabulary_.measures) measures.push_back(m.name);
        for (const Builtin& b : builtins) measures.push_back(b.name);
        reporter_.error(e.loc, "unknown measure '" + n + "' in domain " +
                                   std::string(vocabulary_.domain) +
                                   did_you_mean(n, names_of(Definition::Kind::measure, measures)));
    }
    return std::nullopt;
}

void Terms::check_comparison(const Goal& g) {
    auto a = check_expr(g.args[0]);
    auto b = check_expr(g.args[1]);
    if (!a || !b) return;
    bool always = false, never = false;
    switch (g.compare) {
    case ast::CompareOp::eq:
        never = a->max < b->min || b->max < a->min;
        always = a->min == a->max && b->min == b->max && a->min == b->min;
        break;
    case ast::CompareOp::ne:
        always = a->max < b->min || b->max < a->min;
        never = a->min == a->max && b->min == b->max && a->min == b->min;
        break;
    case ast::CompareOp::lt:
        always = a->max < b->min, never = a->min >= b->max;
        break;
    case ast::CompareOp::le:
        always = a->max <= b->min, never = a->min > b->max;
        break;
    case ast::CompareOp::gt:
        always = a->min > b->max, never = a->max <= b->min;
        break;
    case ast::CompareOp::ge:
        always = a->min >= b->max, never = a->max < b->min;
        break;
    }
    if (always || never)
        reporter_.warning(g.loc, std::string("this comparison ") +
                                     (always ? "always holds" : "never holds") +
                                     ": its left side is " + range_text(*a) +
                                     " and its right side " + range_text(*b));
}

} // namespace al0::advice::detail
