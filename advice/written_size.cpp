#include "advice/written_size.hpp"

#include <algorithm>

namespace al0::advice {

namespace {

constexpr std::uint64_t over = max_written_size + 1;

// Saturating arithmetic: sizes stop at `over`.
std::uint64_t plus(std::uint64_t a, std::uint64_t b) { return std::min(a + b, over); }
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > over / a ? over : std::min(a * b, over);
}

} // namespace

std::uint64_t WrittenSize::of(const ast::Expr& e) {
    if (e.kind == ast::Expr::Kind::call && definitions_.contains(e.name))
        return definition(e.name).size; // its operands are roles
    std::uint64_t size = 1;
    for (const ast::Expr& operand : e.operands) size = plus(size, of(operand));
    return size;
}

std::uint64_t WrittenSize::of(const ast::Goal& g) {
    if (g.kind == ast::Goal::Kind::predicate && definitions_.contains(g.name))
        return definition(g.name).size; // its arguments are roles
    std::uint64_t size = 1;
    for (const ast::Goal& operand : g.operands) size = plus(size, of(operand));
    for (const ast::Expr& arg : g.args) size = plus(size, of(arg));
    return size;
}

WrittenSize::Shape WrittenSize::constraint(const ast::Constraint& c) {
    switch (c.kind) {
    case ast::Constraint::Kind::generator:
        return definitions_.contains(c.name) ? definition(c.name) : Shape{};
    case ast::Constraint::Kind::depth_test:
        return {};
    case ast::Constraint::Kind::then: {
        const Shape l = constraint(c.left()), r = constraint(c.right());
        return {plus(l.size, r.size), plus(l.alternatives, r.alternatives)};
    }
    case ast::Constraint::Kind::and_: {
        const Shape l = constraint(c.left()), r = constraint(c.right());
        return {plus(times(l.size, r.alternatives), times(r.size, l.alternatives)),
                times(l.alternatives, r.alternatives)};
    }
    case ast::Constraint::Kind::filter:
        return {plus(plus(1, constraint(c.left()).size), of(c.goals.at(0))), 1};
    case ast::Constraint::Kind::order:
        return {plus(plus(1, constraint(c.left()).size), of(c.args.at(0))), 1};
    }
    return {};
}

WrittenSize::Shape WrittenSize::definition(const std::string& name) {
    if (auto known = known_.find(name); known != known_.end()) return known->second;
    const auto found = definitions_.find(name);
    if (found == definitions_.end() ||
        std::find(measuring_.begin(), measuring_.end(), name) != measuring_.end())
        return {};
    measuring_.push_back(name);
    const ast::Definition& d = *found->second;
    Shape shape;
    switch (d.kind) {
    case ast::Definition::Kind::measure:
        shape.size = of(d.measure);
        break;
    case ast::Definition::Kind::predicate:
        shape.size = of(d.predicate);
        break;
    case ast::Definition::Kind::generator:
        shape = constraint(d.generator);
        break;
    }
    measuring_.pop_back();
    known_.emplace(name, shape);
    return shape;
}

} // namespace al0::advice
