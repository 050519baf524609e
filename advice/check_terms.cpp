// Name resolution for the semantic check: material, roles, definitions, goals and move
// constraints (check_exprs.cpp: integer expressions and comparisons).

#include "advice/check_terms.hpp"

#include "advice/check_shared.hpp"
#include "advice/suggest.hpp"
#include "contract/chess_library.hpp"
#include "contract/material.hpp"

#include <algorithm>
#include <cstdlib>

namespace al0::advice::detail {

using ast::Constraint;
using ast::Definition;
using ast::Expr;
using ast::Goal;
using contract::Side;

Terms::Terms(const contract::Vocabulary& vocabulary, Reporter& reporter)
    : vocabulary_(vocabulary), reporter_(reporter) {}

void Terms::declare_material(const ast::Table& table, const ast::Table* prelude) {
    const auto& own = table.materials;
    for (std::size_t i = 1; i < own.size(); ++i)
        reporter_.error(own[i].loc, "the material is declared twice (first at line " +
                                        std::to_string(own[0].loc.line) + ")");
    const ast::Material* m = !own.empty()                             ? &own[0]
                             : prelude && !prelude->materials.empty() ? &prelude->materials[0]
                                                                      : nullptr;
    if (!m) {
        if (vocabulary_.material)
            reporter_.error({1, 1}, "the table declares no material: begin it with one such as "
                                    "'material KRK.'");
        return;
    }
    if (!vocabulary_.material) {
        reporter_.error(m->loc, "domain " + std::string(vocabulary_.domain) +
                                    " takes no material declaration (its tables name its "
                                    "predicates and generators directly)");
        return;
    }
    const auto material = contract::Material::parse(m->name);
    if (!material) {
        reporter_.error(m->loc, "'" + m->name +
                                    "' is not a material: write the kings and pieces, strong "
                                    "side first, such as KRK, KQK, KPK or KBNK (at most " +
                                    std::to_string(contract::MAX_MEN) + " pieces)");
        return;
    }
    material_ = m->name;
    for (const contract::Role& role : material->roles()) roles_.push_back(role.name);
}

bool Terms::is_role(const std::string& name) const {
    return std::find(roles_.begin(), roles_.end(), name) != roles_.end();
}

void Terms::define(const std::vector<Definition>& definitions, bool report) {
    const int base = next_order_;
    next_order_ += int(definitions.size());
    for (std::size_t i = 0; i < definitions.size(); ++i)
        order_.try_emplace(definitions[i].name, base + int(i));
    for (std::size_t i = 0; i < definitions.size(); ++i) {
        const Definition& d = definitions[i];
        std::string what = kind_name(d.kind) + " '" + d.name + "'";
        if (auto it = defined_.find(d.name); it != defined_.end()) {
            reporter_.error(d.loc, what + " is defined twice (first at line " +
                                       std::to_string(it->second.definition->loc.line) + ")");
            continue;
        }
        if (vocabulary_.predicate_id(d.name) >= 0 || vocabulary_.measure_id(d.name) >= 0 ||
            vocabulary_.generator_id(d.name) >= 0 || builtin(d.name) || d.name == between_name) {
            reporter_.error(d.loc, "'" + d.name + "' is a primitive of domain " +
                                       std::string(vocabulary_.domain) +
                                       "; a definition needs a name of its own");
            continue;
        }
        if (is_role(d.name)) {
            reporter_.error(d.loc, "'" + d.name + "' is a role; a definition needs another name");
            continue;
        }
        params_.clear();
        for (const std::string& p : d.params) {
            if (std::find(params_.begin(), params_.end(), p) != params_.end())
                reporter_.error(d.loc, "parameter '" + p + "' of " + what + " is named twice");
            else if (is_role(p) || contract::looks_like_role(p))
                reporter_.error(d.loc, "parameter '" + p + "' of " + what +
                                           " looks like a role; a parameter stands for any role, "
                                           "so give it a plain name such as a or piece");
            params_.push_back(p);
        }
        Defined entry{&d, base + int(i), false, report, Side::both, {}};
        current_order_ = base + int(i);
        current_ = &entry;
        sides_seen_ = Side::role;
        switch (d.kind) {
        case Definition::Kind::measure:
            entry.range = check_expr(d.measure).value_or(Range{int_min, int_max});
            break;
        case Definition::Kind::predicate:
            check_goal(d.predicate);
            break;
        case Definition::Kind::generator:
            check_constraint(d.generator, Side::both);
            entry.side = sides_seen_ == Side::role ? Side::both : sides_seen_;
            break;
        }
        current_ = nullptr;
        current_order_ = 1 << 30;
        params_.clear();
        defined_.emplace(d.name, entry);
    }
}

void Terms::report_unused() {
    for (const auto& [name, d] : defined_)
        if (d.reported && !d.used && !mentioned_.contains(name))
            reporter_.warning(d.definition->loc, kind_name(d.definition->kind) + " '" + name +
                                                     "' is defined but never used");
}

Terms::Defined* Terms::definition(const std::string& name, ast::Location at) {
    auto order = order_.find(name);
    if (order == order_.end()) return nullptr;
    mentioned_.insert(name);
    if (order->second == current_order_) {
        reporter_.error(at, "'" + name +
                                "' is used in its own definition; definitions are not "
                                "recursive (use primitives and earlier definitions)");
        return nullptr;
    }
    auto it = defined_.find(name);
    if (it == defined_.end()) {
        if (order->second > current_order_)
            reporter_.error(at, "'" + name + "' is used before its definition; define it first");
        return nullptr;
    }
    it->second.used = true;
    return &it->second;
}

std::string Terms::kind_of(const std::string& name) const {
    if (is_role(name) || std::find(params_.begin(), params_.end(), name) != params_.end())
        return "a role";
    if (vocabulary_.measure_id(name) >= 0 || builtin(name)) return "a measure (an integer)";
    if (vocabulary_.predicate_id(name) >= 0 || name == between_name) return "a predicate";
    if (vocabulary_.generator_id(name) >= 0) return "a move generator";
    if (auto it = defined_.find(name); it != defined_.end())
        return "a " + kind_name(it->second.definition->kind);
    return "";
}

std::vector<std::string_view> Terms::names_of(Definition::Kind kind,
                                              std::span<const std::string_view> primitives) const {
    std::vector<std::string_view> names(primitives.begin(), primitives.end());
    for (const auto& [name, d] : defined_)
        if (d.definition->kind == kind) names.push_back(name);
    return names;
}

void Terms::check_role(const Expr& e) {
    if (e.kind != Expr::Kind::call || !e.operands.empty()) {
        reporter_.error(e.loc, "expected a role here, such as our_king, found an integer "
                               "expression");
        return;
    }
    if (is_role(e.name) || std::find(params_.begin(), params_.end(), e.name) != params_.end())
        return;
    std::vector<std::string_view> candidates(roles_.begin(), roles_.end());
    for (const std::string& p : params_) candidates.push_back(p);
    if (material_.empty())
        reporter_.error(e.loc, "'" + e.name +
                                   "' cannot be a role: the table declares no material (begin "
                                   "it with one such as 'material KRK.')");
    else if (contract::looks_like_role(e.name)) {
        std::string roles;
        for (const std::string& r : roles_) roles += (roles.empty() ? "" : ", ") + r;
        std::string hint = did_you_mean(e.name, candidates);
        reporter_.error(e.loc, "material " + material_ + " has no role '" + e.name + "'" +
                                   (hint.empty() ? " (its roles: " + roles + ")" : hint));
    } else
        reporter_.error(e.loc, "expected a role of material " + material_ + ", found '" + e.name +
                                   "'" + did_you_mean(e.name, candidates));
}

void Terms::check_roles(const std::vector<Expr>& args, std::size_t arity, ast::Location at,
                        const std::string& what) {
    if (args.size() != arity) {
        reporter_.error(
            at, what + " takes " +
                    (arity == 0 ? std::string("no arguments") : count(arity, "role argument")) +
                    ", not " + std::to_string(args.size()));
        return;
    }
    for (const Expr& a : args) check_role(a);
}

void Terms::check_goal(const Goal& g) {
    for (const Goal& operand : g.operands) check_goal(operand);
    if (g.kind == Goal::Kind::compare) return check_comparison(g);
    if (g.kind != Goal::Kind::predicate) return;
    const std::string& n = g.name;
    if (n == between_name && vocabulary_.material) {
        if (g.args.size() != 3)
            reporter_.error(g.loc, "between takes 3 integer expressions, not " +
                                       std::to_string(g.args.size()));
        for (const Expr& a : g.args) check_expr(a);
        return;
    }
    if (int id = vocabulary_.predicate_id(n); id >= 0)
        return check_roles(g.args, std::size_t(vocabulary_.arity_of_predicate(id)), g.loc,
                           "predicate '" + n + "'");
    if (Defined* d = definition(n, g.loc)) {
        if (d->definition->kind != Definition::Kind::predicate)
            reporter_.error(g.loc, "'" + n + "' is a " + kind_name(d->definition->kind) +
                                       ", not a predicate" +
                                       (d->definition->kind == Definition::Kind::measure
                                            ? ": compare it, as in " + n + " > 0"
                                            : std::string()));
        else
            check_roles(g.args, d->definition->params.size(), g.loc, "predicate '" + n + "'");
        return;
    }
    if (order_.contains(n)) return;
    std::string kind = kind_of(n);
    if (kind == "a move generator")
        reporter_.error(g.loc, "'" + n + "' is a move generator, not a predicate");
    else if (kind == "a measure (an integer)")
        reporter_.error(g.loc, "'" + n + "' is a measure, not a predicate: compare it, as in " + n +
                                   (g.args.empty() ? "" : "(...)") + " > 0");
    else if (!kind.empty())
        reporter_.error(g.loc, "'" + n + "' is " + kind + ", not a predicate");
    else if (!vocabulary_.material && (contract::chess::vocabulary.predicate_id(n) >= 0 ||
                                       contract::chess::vocabulary.measure_id(n) >= 0))
        reporter_.error(g.loc, "'" + n +
                                   "' belongs to the chess library, which a table uses "
                                   "once it declares its material, as in 'material KRK.'");
    else
        reporter_.error(
            g.loc,
            "unknown predicate '" + n + "' in domain " + std::string(vocabulary_.domain) +
                did_you_mean(n, names_of(Definition::Kind::predicate, vocabulary_.predicates)));
}

void Terms::note_side(Side s) {
    if (s == Side::both) return;
    sides_seen_ = sides_seen_ == Side::role || sides_seen_ == s ? s : Side::both;
}

void Terms::check_constraint(const Constraint& c, Side slot, bool left_of_and) {
    switch (c.kind) {
    case Constraint::Kind::and_:
        check_constraint(c.left(), slot, true);
        check_constraint(c.right(), slot, false);
        break;
    case Constraint::Kind::then:
        check_constraint(c.left(), slot, false);
        check_constraint(c.right(), slot, false);
        break;
    case Constraint::Kind::depth_test:
        if (!left_of_and)
            reporter_.warning(c.loc, "a depth test only filters and generates no moves: make it "
                                     "the left operand of 'and', as in (depth < 3) and legal");
        break;
    case Constraint::Kind::generator:
        check_generator(c, slot);
        break;
    case Constraint::Kind::filter:
        check_constraint(c.left(), slot, false);
        check_goal(c.goals.at(0));
        break;
    case Constraint::Kind::order:
        check_constraint(c.left(), slot, false);
        check_expr(c.args.at(0));
        break;
    }
}

void Terms::check_generator(const Constraint& c, Side slot) {
    const std::string& n = c.name;
    Side moves = Side::both;
    if (int id = vocabulary_.generator_id(n); id >= 0) {
        const contract::GeneratorName& g = vocabulary_.generators[std::size_t(id)];
        check_roles(c.args, g.arity, c.loc, "move generator '" + n + "'");
        moves = g.side;
        if (moves == Side::role) {
            moves = Side::both;
            if (c.args.size() == 1 && is_role(c.args[0].name))
                moves = c.args[0].name.starts_with("our_") ? Side::us : Side::them;
        }
    } else if (Defined* d = definition(n, c.loc)) {
        if (d->definition->kind != Definition::Kind::generator) {
            reporter_.error(c.loc, "'" + n + "' is a " + kind_name(d->definition->kind) +
                                       ", not a move generator");
            return;
        }
        check_roles(c.args, d->definition->params.size(), c.loc, "move generator '" + n + "'");
        moves = d->side;
    } else if (order_.contains(n)) {
        return;
    } else {
        std::string kind = kind_of(n);
        if (!kind.empty()) {
            reporter_.error(c.loc, "'" + n + "' is " + kind + ", not a move generator");
        } else {
            std::vector<std::string_view> names;
            for (const auto& g : vocabulary_.generators) names.push_back(g.name);
            reporter_.error(c.loc,
                            "unknown move generator '" + n + "' in domain " +
                                std::string(vocabulary_.domain) +
                                did_you_mean(n, names_of(Definition::Kind::generator, names)));
        }
        return;
    }
    note_side(moves);
    if (slot != Side::both && moves != Side::both && moves != slot)
        reporter_.error(c.loc, "move generator '" + n + "' moves " + std::string(side_name(moves)) +
                                   ", but this is the " + std::string(side_name(slot)) +
                                   "-moves constraint");
}

} // namespace al0::advice::detail
