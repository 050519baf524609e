// The canonical AL0 text: the book's layout, with the fewest parentheses that keep the tree.

#include "advice/print.hpp"

namespace al0::advice {
namespace {

using ast::Constraint;
using ast::Expr;
using ast::Goal;

// Binding strength of expressions, loosest first.
int strength(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::add:
    case Expr::Kind::sub:
        return 1;
    case Expr::Kind::mul:
        return 2;
    case Expr::Kind::neg:
        return 3;
    case Expr::Kind::number:
    case Expr::Kind::call:
        break;
    }
    return 4;
}

void print_expr(std::string& out, const Expr& e, int slot);

void print_args(std::string& out, const std::vector<Expr>& args) {
    if (args.empty()) return;
    out += '(';
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i) out += ", ";
        print_expr(out, args[i], 1);
    }
    out += ')';
}

// Left-associative: the right operand of + - * sits one level tighter than the operator.
void print_expr(std::string& out, const Expr& e, int slot) {
    bool parens = strength(e) < slot;
    if (parens) out += '(';
    switch (e.kind) {
    case Expr::Kind::number:
        out += std::to_string(e.number);
        break;
    case Expr::Kind::call:
        out += e.name;
        print_args(out, e.operands);
        break;
    case Expr::Kind::neg:
        out += '-';
        print_expr(out, e.left(), 3);
        break;
    case Expr::Kind::add:
    case Expr::Kind::sub:
    case Expr::Kind::mul: {
        int level = strength(e);
        print_expr(out, e.left(), level);
        out += e.kind == Expr::Kind::add ? " + " : e.kind == Expr::Kind::sub ? " - " : " * ";
        print_expr(out, e.right(), level + 1);
        break;
    }
    }
    if (parens) out += ')';
}

// Binding strength, loosest first; an operand weaker than its slot needs parentheses.
int strength(const Goal& g) {
    switch (g.kind) {
    case Goal::Kind::or_:
        return 1;
    case Goal::Kind::and_:
        return 2;
    case Goal::Kind::not_:
        return 3;
    case Goal::Kind::predicate:
    case Goal::Kind::compare:
        break;
    }
    return 4;
}

int strength(const Constraint& c) {
    switch (c.kind) {
    case Constraint::Kind::then:
        return 1;
    case Constraint::Kind::and_:
        return 2;
    case Constraint::Kind::order:
        return 3;
    case Constraint::Kind::generator:
    case Constraint::Kind::depth_test:
    case Constraint::Kind::filter:
        break;
    }
    return 4;
}

void print_goal(std::string& out, const Goal& g, int slot) {
    bool parens = strength(g) < slot;
    if (parens) out += '(';
    switch (g.kind) {
    case Goal::Kind::predicate:
        out += g.name;
        print_args(out, g.args);
        break;
    case Goal::Kind::compare:
        print_expr(out, g.args.at(0), 1);
        out += ' ';
        out += ast::compare_op_text(g.compare);
        out += ' ';
        print_expr(out, g.args.at(1), 1);
        break;
    case Goal::Kind::not_:
        out += "not ";
        print_goal(out, g.operand(), 3);
        break;
    case Goal::Kind::and_: // right-assoc: only the right operand may be another and
        print_goal(out, g.left(), 3);
        out += " and ";
        print_goal(out, g.right(), 2);
        break;
    case Goal::Kind::or_:
        print_goal(out, g.left(), 2);
        out += " or ";
        print_goal(out, g.right(), 1);
        break;
    }
    if (parens) out += ')';
}

void print_constraint(std::string& out, const Constraint& c, int slot) {
    bool parens = strength(c) < slot;
    if (parens) out += '(';
    switch (c.kind) {
    case Constraint::Kind::generator:
        out += c.name;
        print_args(out, c.args);
        break;
    case Constraint::Kind::filter:
        out += "filter(";
        print_constraint(out, c.left(), 1);
        out += ", ";
        print_goal(out, c.goals.at(0), 1);
        out += ')';
        break;
    case Constraint::Kind::order: // left-assoc: the generator may itself be ordered
        print_constraint(out, c.left(), 3);
        out += " by ";
        print_expr(out, c.args.at(0), 1);
        break;
    case Constraint::Kind::depth_test: // parenthesised as in the book
        out += "(depth ";
        out += ast::depth_op_text(c.depth_op);
        out += ' ' + std::to_string(c.depth) + ')';
        break;
    case Constraint::Kind::and_:
        print_constraint(out, c.left(), 3);
        out += " and ";
        print_constraint(out, c.right(), 2);
        break;
    case Constraint::Kind::then:
        print_constraint(out, c.left(), 2);
        out += " then ";
        print_constraint(out, c.right(), 1);
        break;
    }
    if (parens) out += ')';
}

void print_rule(std::string& out, const ast::Rule& r) {
    out += r.name + " :: if ";
    print_goal(out, r.condition, 1);
    out += "\n    then [";
    for (std::size_t i = 0; i < r.advice.size(); ++i) out += (i ? ", " : "") + r.advice[i].name;
    out += "].\n";
}

void print_advice(std::string& out, const ast::Advice& a) {
    out += "advice(" + a.name + ",\n    ";
    print_goal(out, a.better, 1);
    out += " :\n    ";
    print_goal(out, a.holding, 1);
    out += " :\n    ";
    print_constraint(out, a.us_moves, 1);
    out += " :\n    ";
    print_constraint(out, a.them_moves, 1);
    out += a.shallowest ? ",\n    shallowest).\n" : ").\n";
}

void print_params(std::string& out, const std::vector<std::string>& params) {
    if (params.empty()) return;
    out += '(';
    for (std::size_t i = 0; i < params.size(); ++i) out += (i ? ", " : "") + params[i];
    out += ')';
}

void print_definition(std::string& out, const ast::Definition& d) {
    switch (d.kind) {
    case ast::Definition::Kind::measure:
        out += "measure " + d.name;
        print_params(out, d.params);
        out += " := ";
        print_expr(out, d.measure, 1);
        break;
    case ast::Definition::Kind::predicate:
        out += d.name;
        print_params(out, d.params);
        out += " :- ";
        print_goal(out, d.predicate, 1);
        break;
    case ast::Definition::Kind::generator:
        out += "generator " + d.name;
        print_params(out, d.params);
        out += " := ";
        print_constraint(out, d.generator, 1);
        break;
    }
    out += ".\n";
}

} // namespace

std::string print(const ast::Goal& goal) {
    std::string out;
    print_goal(out, goal, 1);
    return out;
}

std::string print(const ast::Table& table) {
    std::string out;
    for (const ast::Material& m : table.materials)
        out += "material " + m.name + (m.symmetric ? ", symmetric.\n" : ".\n");
    for (const ast::Definition& d : table.definitions) print_definition(out, d);
    if (!out.empty() && !table.rules.empty()) out += '\n';
    for (const ast::Rule& r : table.rules) print_rule(out, r);
    for (const ast::Advice& a : table.advice) {
        out += '\n';
        print_advice(out, a);
    }
    return out;
}

} // namespace al0::advice
