// The canonical AL0 text: the book's layout, with the fewest parentheses that keep the tree.

#include "advice/print.hpp"

namespace al0::advice {
namespace {

using ast::Constraint;
using ast::Goal;

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
    case Constraint::Kind::generator:
    case Constraint::Kind::depth_test:
        break;
    }
    return 3;
}

void print_goal(std::string& out, const Goal& g, int slot) {
    bool parens = strength(g) < slot;
    if (parens) out += '(';
    switch (g.kind) {
    case Goal::Kind::predicate:
        out += g.name;
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
    out += ").\n";
}

} // namespace

std::string print(const ast::Table& table) {
    std::string out;
    for (const ast::Rule& r : table.rules) print_rule(out, r);
    for (const ast::Advice& a : table.advice) {
        out += '\n';
        print_advice(out, a);
    }
    return out;
}

} // namespace al0::advice
