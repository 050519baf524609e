#include "advice/written_size.hpp"

#include <algorithm>

namespace al0::advice {

namespace {

constexpr std::uint64_t over = max_written_size + 1;

// Saturating arithmetic: sizes stop at `over`, depths at max_written_depth + 1.
std::uint64_t plus(std::uint64_t a, std::uint64_t b) { return std::min(a + b, over); }
std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > over / a ? over : std::min(a * b, over);
}
int deeper(int depth) { return std::min(depth + 1, max_written_depth + 1); }
// Returns W with OPERAND below its node.
Written above(Written w, Written operand) {
    return {plus(w.size, operand.size), std::max(w.depth, deeper(operand.depth))};
}

// Returns the use of a definition of body BODY: its size, one level above it.
Written used(Written body) { return {body.size, deeper(body.depth)}; }

} // namespace

WrittenSize::WrittenSize(const std::vector<const ast::Definition*>& definitions) {
    for (const ast::Definition* d : definitions) {
        if (known_.contains(d->name)) continue;
        Shape shape;
        switch (d->kind) {
        case ast::Definition::Kind::measure:
            shape.written = of(d->measure);
            break;
        case ast::Definition::Kind::predicate:
            shape.written = of(d->predicate);
            break;
        case ast::Definition::Kind::generator:
            shape = constraint(d->generator);
            break;
        }
        known_.emplace(d->name, shape);
    }
}

const WrittenSize::Shape* WrittenSize::definition(const std::string& name) const {
    auto it = known_.find(name);
    return it == known_.end() ? nullptr : &it->second;
}

Written WrittenSize::of(const ast::Definition& d) {
    const Shape* shape = definition(d.name);
    return shape ? shape->written : Written{};
}

Written WrittenSize::of(const ast::Expr& e) {
    if (e.kind == ast::Expr::Kind::call)
        if (const Shape* d = definition(e.name)) return used(d->written); // its operands are roles
    Written w;
    for (const ast::Expr& operand : e.operands) w = above(w, of(operand));
    return w;
}

Written WrittenSize::of(const ast::Goal& g) {
    if (g.kind == ast::Goal::Kind::predicate)
        if (const Shape* d = definition(g.name)) return used(d->written); // its arguments are roles
    Written w;
    for (const ast::Goal& operand : g.operands) w = above(w, of(operand));
    for (const ast::Expr& arg : g.args) w = above(w, of(arg));
    return w;
}

WrittenSize::Shape WrittenSize::constraint(const ast::Constraint& c) {
    switch (c.kind) {
    case ast::Constraint::Kind::generator: {
        const Shape* d = definition(c.name);
        return d ? Shape{used(d->written), d->alternatives} : Shape{}; // arguments are roles
    }
    case ast::Constraint::Kind::depth_test:
        return {};
    case ast::Constraint::Kind::then: {
        const Shape l = constraint(c.left()), r = constraint(c.right());
        return {{plus(l.written.size, r.written.size),
                 deeper(std::max(l.written.depth, r.written.depth))},
                plus(l.alternatives, r.alternatives)};
    }
    case ast::Constraint::Kind::and_: {
        const Shape l = constraint(c.left()), r = constraint(c.right());
        return {{plus(times(l.written.size, r.alternatives), times(r.written.size, l.alternatives)),
                 deeper(std::max(l.written.depth, r.written.depth))},
                times(l.alternatives, r.alternatives)};
    }
    case ast::Constraint::Kind::filter:
        return {above(above({}, constraint(c.left()).written), of(c.goals.at(0))), 1};
    case ast::Constraint::Kind::order:
        return {above(above({}, constraint(c.left()).written), of(c.args.at(0))), 1};
    }
    return {};
}

} // namespace al0::advice
