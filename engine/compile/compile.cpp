#include "engine/compile/compile.hpp"

#include "advice/check.hpp"
#include "contract/material.hpp"
#include "engine/compile/compiler.hpp"
#include "engine/search/depth_classes.hpp"
#include "engine/search/expr_code.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/search/filter_reads.hpp"
#include "engine/search/goal_steps.hpp"
#include "engine/search/limits.hpp"
#include "engine/search/root_reads.hpp"

#include <limits>
#include <map>
#include <optional>

namespace al0::search {

// Why here: this is the one target that sees both the checker and the search core.
static_assert(advice::max_search_depth == MAX_SEARCH_DEPTH,
              "the checker's depth warning must name the search's own bound");

namespace {

// The definitions by name (a name defined twice keeps its first definition, the prelude's) and the
// role names of the material the table or its prelude declares.
struct Scope {
    std::map<std::string, const advice::ast::Definition*, std::less<>> definitions;
    std::vector<std::string> roles;
};

Scope scope_of(const advice::ast::Table& table, const advice::ast::Table* prelude) {
    Scope scope;
    for (const advice::ast::Table* t : {prelude, &table}) {
        if (!t) continue;
        for (const auto& d : t->definitions) scope.definitions.try_emplace(d.name, &d);
        if (t->materials.empty()) continue;
        if (const auto m = contract::Material::parse(t->materials.front().name)) {
            scope.roles.clear();
            for (const contract::Role& role : m->roles()) scope.roles.push_back(role.name);
        }
    }
    return scope;
}

// The role arguments (bit r: role r) whose pieces instance IN reads, when the vocabulary says it
// reads nothing else (contract::MeasureName::own_pieces); else ALL_ROLES.
std::uint32_t roles_read(const contract::Vocabulary& vocabulary, const Instance& in) {
    const auto id = std::size_t(in.primitive);
    int arity = 0;
    if (in.kind == Instance::Kind::measure && id < vocabulary.measures.size() &&
        vocabulary.measures[id].own_pieces)
        arity = vocabulary.measures[id].arity;
    else if (in.kind == Instance::Kind::predicate && id < vocabulary.predicate_own_pieces.size() &&
             vocabulary.predicate_own_pieces[id])
        arity = vocabulary.arity_of_predicate(int(id));
    else
        return ALL_ROLES;
    std::uint32_t roles = 0;
    for (int a = 0; a < arity; ++a) {
        const int role = in.args[std::size_t(a)];
        if (role >= 32) return ALL_ROLES;
        roles |= std::uint32_t{1} << role;
    }
    return roles;
}

} // namespace

Expected<Program> compile_definitions(const advice::ast::Table& table,
                                      const contract::Vocabulary& vocabulary,
                                      const advice::ast::Table* prelude) {
    Scope scope = scope_of(table, prelude);
    Program program;
    program.instances = vocabulary.material;
    detail::Compiler c(program, vocabulary, std::move(scope.roles), scope.definitions);
    for (const advice::ast::Table* t : {prelude, &table}) {
        if (!t) continue;
        for (const auto& d : t->definitions) {
            if (!d.params.empty() || scope.definitions.at(d.name) != &d) continue;
            if (d.kind == advice::ast::Definition::Kind::measure)
                program.definitions.push_back({d.name, false, c.measure(d.measure)});
            else if (d.kind == advice::ast::Definition::Kind::predicate)
                program.definitions.push_back({d.name, true, c.goal(d.predicate)});
        }
    }
    if (!c.error.empty()) return Error{c.error};
    return program;
}

Expected<Program> compile(const advice::ast::Table& table, const contract::Vocabulary& vocabulary,
                          const advice::ast::Table* prelude) {
    Scope scope = scope_of(table, prelude);
    Program program;
    program.instances = vocabulary.material;
    detail::Compiler c(program, vocabulary, std::move(scope.roles), std::move(scope.definitions));
    for (const auto& a : table.advice) {
        CompiledAdvice ca;
        ca.name = a.name;
        ca.better_goal = c.goal(a.better);
        ca.holding_goal = c.goal(a.holding);
        ca.us_moves.alternatives = c.constraint(a.us_moves);
        ca.them_moves.alternatives = c.constraint(a.them_moves);
        ca.shallowest = a.shallowest;
        program.advice.push_back(std::move(ca));
    }
    for (const auto& r : table.rules) {
        CompiledRule cr;
        cr.name = r.name;
        cr.condition = c.goal(r.condition);
        for (const auto& ref : r.advice) {
            int index = program.advice_index(ref.name);
            if (index < 0)
                return Error{"rule " + r.name + " names undefined advice '" + ref.name + "'"};
            if (index > std::numeric_limits<std::uint16_t>::max())
                return Error{"rule " + r.name + " names advice number " + std::to_string(index) +
                             ", more than a compiled table holds"};
            cr.advice.push_back(std::uint16_t(index));
        }
        program.rules.push_back(std::move(cr));
    }
    if (!c.error.empty()) return Error{c.error};
    add_goal_steps(program);
    for (CompiledAdvice& a : program.advice) {
        mark_depth_masks(a.us_moves);
        mark_depth_masks(a.them_moves);
    }
    add_expr_code(program);
    mark_root_reads(program);
    mark_filter_reads(program, [&](const Instance& in) { return roles_read(vocabulary, in); });
    mark_depth_classes(program);
    program.serial = new_program_serial();
    return program;
}

} // namespace al0::search
