#pragma once
// The Compiler: a table's goals, expressions and move constraints, from the syntax tree into the
// nodes of a Program, definitions inlined per list of roles. Only compile.cpp uses it; the order
// of work over a table (advice, rules, the passes after) is there.

#include "advice/ast.hpp"
#include "advice/check.hpp"
#include "advice/print.hpp"
#include "advice/written_size.hpp"
#include "contract/vocabulary.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/program.hpp"

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al0::search::detail {

namespace ast = advice::ast;

// Built-in functions of expressions (the checker's list): their ExprOp.
inline std::optional<ExprOp> builtin_op(std::string_view name) {
    if (name == "abs") return ExprOp::abs;
    if (name == "min") return ExprOp::min;
    if (name == "max") return ExprOp::max;
    return std::nullopt;
}

class Compiler {
  public:
    Compiler(Program& program, const contract::Vocabulary& vocabulary,
             std::vector<std::string> roles,
             std::map<std::string, const ast::Definition*, std::less<>> definitions)
        : program_(program), vocabulary_(vocabulary), roles_(std::move(roles)),
          definitions_(std::move(definitions)) {}

    GoalId goal(const ast::Goal& g) {
        const Level level(depth_);
        if (too_deep(g.loc)) return 0;
        switch (g.kind) {
        case ast::Goal::Kind::predicate:
            return predicate(g);
        case ast::Goal::Kind::compare: {
            std::uint16_t l = expr(g.args.at(0));
            std::uint16_t r = expr(g.args.at(1));
            return label(add_goal(g.loc, {GoalOp::compare, std::uint8_t(g.compare), l, r}), g);
        }
        case ast::Goal::Kind::not_:
            return add_goal(g.loc, {GoalOp::negation, 0, goal(g.operand()), 0});
        case ast::Goal::Kind::and_:
        case ast::Goal::Kind::or_: {
            auto l = goal(g.left());
            auto r = goal(g.right());
            GoalOp op = g.kind == ast::Goal::Kind::and_ ? GoalOp::conjunction : GoalOp::disjunction;
            return add_goal(g.loc, {op, 0, l, r});
        }
        }
        return 0;
    }

    // Returns the `then` alternatives of a constraint: `then` concatenates them, `and` pairs
    // every alternative of its left side with every one of its right side (left first). At most
    // max_alternatives, as the checker counts them.
    std::vector<Conjunction> constraint(const ast::Constraint& c) {
        const Level level(depth_);
        if (too_deep(c.loc)) return {};
        switch (c.kind) {
        case ast::Constraint::Kind::generator:
            return generator(c);
        case ast::Constraint::Kind::depth_test:
            // Why the check: DepthTest::n is the parser's int, so this holds; a wider number
            // type in the grammar must not narrow silently here.
            if (c.depth < 0) refuse(c.loc, "a depth bound must be 0 or more");
            return {Conjunction{{DepthTest{DepthOp(c.depth_op), std::int32_t(c.depth)}}, {}}};
        case ast::Constraint::Kind::then: {
            auto alts = constraint(c.left());
            auto right = constraint(c.right());
            if (alts.size() + right.size() > advice::max_alternatives) {
                refuse(c.loc, "this move constraint has more than " +
                                  std::to_string(advice::max_alternatives) + " alternatives");
                return {};
            }
            for (auto& a : right) alts.push_back(std::move(a));
            return alts;
        }
        case ast::Constraint::Kind::and_: {
            std::vector<Conjunction> out;
            auto right = constraint(c.right());
            auto left = constraint(c.left());
            // The checker reports this with the table's other errors; here it stops the product
            // before it is built.
            if (left.size() * right.size() > advice::max_alternatives) {
                refuse(c.loc, "this move constraint has more than " +
                                  std::to_string(advice::max_alternatives) + " alternatives");
                return {};
            }
            for (const auto& l : left)
                for (const auto& r : right) {
                    Conjunction both = l;
                    both.depth_tests.insert(both.depth_tests.end(), r.depth_tests.begin(),
                                            r.depth_tests.end());
                    both.generators.insert(both.generators.end(), r.generators.begin(),
                                           r.generators.end());
                    out.push_back(std::move(both));
                }
            return out;
        }
        case ast::Constraint::Kind::filter:
        case ast::Constraint::Kind::order: {
            GeneratorNode n;
            n.op =
                c.kind == ast::Constraint::Kind::filter ? GeneratorOp::filter : GeneratorOp::order;
            program_.constraints.push_back({constraint(c.left())});
            n.inner = std::uint16_t(program_.constraints.size() - 1);
            if (n.op == GeneratorOp::filter)
                n.goal = goal(c.goals.at(0));
            else
                n.measure = expr(c.args.at(0));
            return {Conjunction{{}, {add_generator(c.loc, n)}}};
        }
        }
        return {};
    }

    // Returns the expression node of a measure's body (outside goals: compile_definitions).
    std::uint16_t measure(const ast::Expr& e) { return expr(e); }

    std::string error;

  private:
    // Parameters bound to role numbers while a definition is inlined.
    using Bindings = std::vector<std::pair<std::string, std::uint8_t>>;

    // One level of the compiler's recursion (goal, expr, constraint), while it lives.
    struct Level {
        int& depth;
        explicit Level(int& d) : depth(++d) {}
        ~Level() { --depth; }
        Level(const Level&) = delete;
        Level& operator=(const Level&) = delete;
    };
    // Returns whether the recursion is deeper than a checked table goes (written out, no table
    // the checker passes nests deeper than max_written_depth), after refusing the table: the
    // compiled table would be as deep, and every walk over it would recurse that far.
    bool too_deep(ast::Location at) {
        if (depth_ <= advice::max_written_depth) return false;
        refuse(at, "this nests more than " + std::to_string(advice::max_written_depth) +
                       " levels deep once its definitions are written out");
        return true;
    }

    GoalId predicate(const ast::Goal& g) {
        if (g.name == "between" && vocabulary_.material) { // a < b < c or c < b < a
            std::uint16_t a = expr(g.args.at(0)), b = expr(g.args.at(1)), c = expr(g.args.at(2));
            auto less = [&](std::uint16_t x, std::uint16_t y) {
                return add_goal(g.loc, {GoalOp::compare, std::uint8_t(CompareOp::lt), x, y});
            };
            auto both = [&](GoalId x, GoalId y) {
                return add_goal(g.loc, {GoalOp::conjunction, 0, x, y});
            };
            GoalId up = both(less(a, b), less(b, c)), down = both(less(c, b), less(b, a));
            return add_goal(g.loc, {GoalOp::disjunction, 0, up, down});
        }
        if (const ast::Definition* d = definition(g.name, ast::Definition::Kind::predicate))
            return label(
                inline_definition(*d, g.args, goal_memo_, [&] { return goal(d->predicate); }), g);
        const std::uint8_t id = id_of(g.loc, "predicate", g.name, vocabulary_.predicate_id(g.name));
        if (!vocabulary_.material) return add_goal(g.loc, {GoalOp::predicate, id, 0, 0});
        std::uint16_t s = slot(g.loc, instance(Instance::Kind::predicate, id, g.args));
        return label(add_goal(g.loc, {GoalOp::test, 0, s, 0}), g);
    }

    std::uint16_t expr(const ast::Expr& e) {
        const Level level(depth_);
        if (too_deep(e.loc)) return 0;
        switch (e.kind) {
        case ast::Expr::Kind::number:
            return add_expr(e.loc, {ExprOp::number, e.number, 0, 0});
        case ast::Expr::Kind::neg:
            return add_expr(e.loc, {ExprOp::neg, 0, expr(e.left()), 0});
        case ast::Expr::Kind::add:
        case ast::Expr::Kind::sub:
        case ast::Expr::Kind::mul: {
            std::uint16_t l = expr(e.left()), r = expr(e.right());
            ExprOp op = e.kind == ast::Expr::Kind::add   ? ExprOp::add
                        : e.kind == ast::Expr::Kind::sub ? ExprOp::sub
                                                         : ExprOp::mul;
            return add_expr(e.loc, {op, 0, l, r});
        }
        case ast::Expr::Kind::call:
            break;
        }
        if (e.name == "root") {
            std::uint16_t inner = expr(e.operands.at(0));
            std::size_t index = 0;
            while (index < program_.root_values.size() && program_.root_values[index] != inner)
                ++index;
            if (index == program_.root_values.size()) {
                if (index == std::size_t(MAX_ROOT_VALUES))
                    return overflow(e.loc, "more than " + std::to_string(MAX_ROOT_VALUES) +
                                               " distinct root(...) values");
                program_.root_values.push_back(inner);
            }
            return add_expr(e.loc, {ExprOp::root, 0, std::uint16_t(index), 0});
        }
        if (auto op = builtin_op(e.name)) {
            std::uint16_t l = expr(e.operands.at(0));
            std::uint16_t r = e.operands.size() > 1 ? expr(e.operands[1]) : 0;
            return add_expr(e.loc, {*op, 0, l, r});
        }
        if (const ast::Definition* d = definition(e.name, ast::Definition::Kind::measure))
            return inline_definition(*d, e.operands, expr_memo_, [&] { return expr(d->measure); });
        const std::uint8_t id = id_of(e.loc, "measure", e.name, vocabulary_.measure_id(e.name));
        std::uint16_t s = slot(e.loc, instance(Instance::Kind::measure, id, e.operands));
        return add_expr(e.loc, {ExprOp::value, 0, s, 0});
    }

    std::vector<Conjunction> generator(const ast::Constraint& c) {
        if (const ast::Definition* d = definition(c.name, ast::Definition::Kind::generator))
            return inline_definition(*d, c.args, generator_memo_,
                                     [&] { return constraint(d->generator); });
        const std::uint8_t id = id_of(c.loc, "generator", c.name, vocabulary_.generator_id(c.name));
        GeneratorNode n;
        n.id = id;
        n.generates = vocabulary_.generators[id].generates;
        if (vocabulary_.material) {
            n.uses_instance = true;
            n.instance = instance(Instance::Kind::generator, id, c.args);
        }
        for (std::size_t i = 0; i < program_.generators.size(); ++i) {
            const GeneratorNode& g = program_.generators[i];
            if (g.op == GeneratorOp::primitive && g.id == n.id &&
                g.uses_instance == n.uses_instance && g.instance == n.instance)
                return {Conjunction{{}, {std::uint16_t(i)}}};
        }
        return {Conjunction{{}, {add_generator(c.loc, n)}}};
    }

    // Returns the compiled body of definition D applied to ARGS (roles), compiled once per
    // distinct list of roles.
    template <class Memo, class Body>
    typename Memo::mapped_type inline_definition(const ast::Definition& d,
                                                 const std::vector<ast::Expr>& args, Memo& memo,
                                                 Body body) {
        std::string key = d.name;
        Bindings bound;
        for (std::size_t i = 0; i < d.params.size() && i < args.size(); ++i) {
            std::uint8_t r = role(args[i]);
            key += ',' + std::to_string(r);
            bound.emplace_back(d.params[i], r);
        }
        if (auto it = memo.find(key); it != memo.end()) return it->second;
        std::swap(bindings_, bound);
        auto compiled = body();
        std::swap(bindings_, bound);
        memo.emplace(key, compiled);
        return compiled;
    }

    const ast::Definition* definition(const std::string& name, ast::Definition::Kind kind) const {
        auto it = definitions_.find(name);
        return it != definitions_.end() && it->second->kind == kind ? it->second : nullptr;
    }

    std::uint8_t role(const ast::Expr& e) {
        for (const auto& [param, r] : bindings_)
            if (param == e.name) return r;
        for (std::size_t i = 0; i < roles_.size(); ++i)
            if (roles_[i] == e.name) return std::uint8_t(i);
        refuse(e.loc, "unknown role '" + e.name + "'");
        return 0;
    }

    Instance instance(Instance::Kind kind, std::uint8_t id, const std::vector<ast::Expr>& args) {
        Instance in{kind, id, {}};
        for (std::size_t i = 0; i < args.size() && i < in.args.size(); ++i)
            in.args[i] = role(args[i]);
        return in;
    }

    std::uint16_t slot(ast::Location at, const Instance& in) {
        auto& slots = program_.value_slots;
        for (std::size_t i = 0; i < slots.size(); ++i)
            if (slots[i] == in) return std::uint16_t(i);
        if (slots.size() == std::size_t(MAX_VALUE_SLOTS))
            return overflow(at, "more than " + std::to_string(MAX_VALUE_SLOTS) +
                                    " distinct primitive measures and predicates");
        slots.push_back(in);
        return std::uint16_t(slots.size() - 1);
    }

    // Names goal node N for explanations by the text of G, with parameters as their roles.
    GoalId label(GoalId n, const ast::Goal& g) {
        ast::Goal shown = g;
        for (ast::Expr& a : shown.args)
            if (a.kind == ast::Expr::Kind::call && a.operands.empty())
                for (const auto& [param, r] : bindings_)
                    if (param == a.name && r < roles_.size()) a.name = roles_[r];
        auto& labels = program_.goal_labels;
        if (labels.size() <= n) labels.resize(n + 1u);
        labels[n] = advice::print(shown);
        return n;
    }

    template <class Node>
    std::uint16_t add(std::vector<Node>& nodes, ast::Location at, Node n, const char* what) {
        if (nodes.size() > 0xFFFF) return overflow(at, std::string("more than 65,536 ") + what);
        nodes.push_back(n);
        return std::uint16_t(nodes.size() - 1);
    }
    GoalId add_goal(ast::Location at, GoalNode n) {
        // Why: a GoalId must hold the index of every node; past that a table would wrap.
        if (program_.goal_nodes.size() >= std::numeric_limits<GoalId>::max()) {
            refuse(at, "the table has more goal nodes than a compiled table can hold (" +
                           std::to_string(std::numeric_limits<GoalId>::max()) + ")");
            return 0;
        }
        return program_.add_goal(n);
    }
    std::uint16_t add_expr(ast::Location at, ExprNode n) {
        return add(program_.expr_nodes, at, n, "expression nodes");
    }
    std::uint16_t add_generator(ast::Location at, GeneratorNode n) {
        return add(program_.generators, at, n, "generators");
    }

    std::uint16_t overflow(ast::Location at, const std::string& what) {
        refuse(at, "the compiled table needs " + what + ", more than a program may hold");
        return 0;
    }

    // Returns the id a vocabulary gave a name, or 0 after refusing an unknown name or an id that
    // does not fit the 8 bits a compiled table keeps.
    std::uint8_t id_of(ast::Location at, const char* what, const std::string& name, int id) {
        if (id < 0)
            refuse(at, std::string("unknown ") + what + " '" + name + "'");
        else if (id > std::numeric_limits<std::uint8_t>::max())
            refuse(at, std::string(what) + " '" + name + "' has id " + std::to_string(id) +
                           ", more than a compiled table holds");
        return std::uint8_t(id < 0 || id > std::numeric_limits<std::uint8_t>::max() ? 0 : id);
    }
    void refuse(ast::Location at, const std::string& message) {
        if (error.empty())
            error = "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) +
                    ": " + message;
    }

    Program& program_;
    const contract::Vocabulary& vocabulary_;
    std::vector<std::string> roles_;
    std::map<std::string, const ast::Definition*, std::less<>> definitions_;
    Bindings bindings_;
    int depth_ = 0;
    std::map<std::string, GoalId> goal_memo_;
    std::map<std::string, std::uint16_t> expr_memo_;
    std::map<std::string, std::vector<Conjunction>> generator_memo_;
};

} // namespace al0::search::detail
