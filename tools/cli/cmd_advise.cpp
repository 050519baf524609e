// al0 advise FEN [--table T] [--explain] [--values] [--dot] [--json]: the rule that applies, every
// piece of advice tried and why it failed, the chosen advice and its forcing tree, and what the
// table's own measures and predicates are worth at the position.

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/endgame/think.hpp"
#include "engine/print/tree_format.hpp"
#include "engine/search/elapsed.hpp"
#include "tools/app/json_text.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/search_limit.hpp"
#include "tools/app/search_text.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"

#include <chrono>
#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_advise {

struct AdviseOptions {
    std::string fen;
    std::string table; // "": the shipped table of the position's material
    std::string prelude;
    bool explain = false, dot = false, json = false, values = false;
    std::uint64_t budget = search::Options{}.node_budget;
};

using Result = search::SearchResult<Move>;

// One definition's value at the position: a number, or "true"/"false" for a predicate.
struct DefinitionValue {
    std::string name;
    bool predicate = false;
    std::int32_t value = 0;
};

// Returns what the table's definitions without roles are worth at STATE (it is the root too).
std::vector<DefinitionValue> definition_values(const endgame::CompiledTable& table,
                                               const endgame::State& state) {
    const search::Program& program = *table.definitions;
    const endgame::Domain domain(table.roles);
    const search::Evaluator<endgame::Domain> eval(domain, program);
    std::vector<DefinitionValue> out;
    for (const search::NamedDefinition& d : program.definitions) {
        search::NodeValues values;
        out.push_back({d.name, d.predicate,
                       d.predicate ? std::int32_t(eval.holds(d.node, state, state, values))
                                   : eval.value(std::uint16_t(d.node), state, state, values)});
    }
    return out;
}

void print_values(const std::vector<DefinitionValue>& values) {
    std::cout << "Values (the table's definitions without roles, here and as the root):\n";
    if (values.empty())
        std::cout << "  none: the table defines no measure or predicate without roles\n";
    for (const DefinitionValue& v : values)
        std::cout << "  " << v.name
                  << (v.predicate ? (v.value ? ": true" : ": false")
                                  : " = " + std::to_string(v.value))
                  << "\n";
}

std::string plies_text(int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

// Returns whether the search found a plan (its root always has a move).
bool has_move(const Result& r) { return r.outcome == search::Outcome::found; }

void print_text(const AdviseOptions& o, const endgame::CompiledTable& table, const Position& pos,
                const Result& r, const std::vector<DefinitionValue>& values) {
    const search::Program& prog = table.program;
    std::cout << "Position: " << pos.fen() << "\n";
    if (o.values) print_values(values);
    if (r.rule < 0) {
        std::cout << "Rule: none applies\n";
        return;
    }
    std::cout << "Rule: " << prog.rules[r.rule].name << "\n";
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const auto& a = r.attempts[i];
        std::cout << "  " << prog.advice[a.advice].name << ": " << failure_text(a.failure)
                  << (a.tree_plies > 0 ? ", its shallowest tree: " + plies_text(a.tree_plies) : "")
                  << " (" << counted(a.root_moves, "root move") << ", " << counted(a.nodes, "node")
                  << ")\n";
        if (!o.explain || i >= r.refutations.size()) continue;
        const Explanation e = explain_attempt(table, a, r.refutations[i], pos);
        if (!e.summary.empty()) std::cout << "      " << e.summary << "\n";
        for (const auto& line : e.lines) std::cout << "      " << line_text(line) << "\n";
    }
    if (!has_move(r)) return;
    Move m = r.tree.children(0)[0].move;
    std::cout << "Advice: " << prog.advice[r.advice].name << "\nMove: " << to_san(pos, m) << " ("
              << to_uci(m) << ")\nForcing tree (" << r.tree.nodes.size() << " nodes, "
              << r.tree.height() << " plies):\n"
              << print::tree_text(r.tree, pos) << "Search: " << r.stats.nodes << " nodes, "
              << r.stats.seconds * 1e6 << " us\n";
}

nlohmann::json explanation_json(const Explanation& e) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& line : e.lines)
        lines.push_back({{"moves", line.moves}, {"reason", line.reason}});
    return {{"summary", e.summary.empty() ? nlohmann::json() : nlohmann::json(e.summary)},
            {"lines", lines}};
}

void print_json(const AdviseOptions& o, const endgame::CompiledTable& table, const Position& pos,
                const Result& r, const std::vector<DefinitionValue>& values) {
    const search::Program& prog = table.program;
    nlohmann::json j;
    j["fen"] = pos.fen();
    if (o.values) {
        j["values"] = nlohmann::json::array();
        for (const DefinitionValue& v : values)
            j["values"].push_back(
                {{"name", v.name},
                 {"value", v.predicate ? nlohmann::json(v.value != 0) : nlohmann::json(v.value)}});
    }
    j["rule"] = r.rule >= 0 ? nlohmann::json(prog.rules[r.rule].name) : nlohmann::json();
    j["advice"] = r.advice >= 0 && r.outcome == search::Outcome::found
                      ? nlohmann::json(prog.advice[r.advice].name)
                      : nlohmann::json();
    j["attempts"] = nlohmann::json::array();
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const auto& a = r.attempts[i];
        nlohmann::json attempt = {{"advice", prog.advice[a.advice].name},
                                  {"satisfied", a.failure == search::Failure::none},
                                  {"reason", failure_text(a.failure)},
                                  {"nodes", a.nodes}};
        if (a.tree_plies > 0) attempt["shallowest_plies"] = a.tree_plies;
        if (i < r.refutations.size()) // with --explain
            attempt["explanation"] =
                explanation_json(explain_attempt(table, a, r.refutations[i], pos));
        j["attempts"].push_back(std::move(attempt));
    }
    j["nodes"] = r.stats.nodes;
    j["microseconds"] = r.stats.seconds * 1e6;
    if (has_move(r)) {
        Move m = r.tree.children(0)[0].move;
        j["move"] = to_uci(m);
        j["san"] = to_san(pos, m);
        j["tree"] = print::tree_json(r.tree, pos);
    } else {
        j["move"] = j["san"] = j["tree"] = nullptr;
    }
    std::cout << json_text(j) << "\n";
}

// Returns the table for the position: --table (with --prelude), else the shipped table of its
// material.
Expected<endgame::CompiledTable> table_for(const AdviseOptions& o, const Position& pos) {
    if (o.table.empty() && o.prelude.empty()) return shipped_table(material_signature(pos));
    return load_table(o.table.empty() ? std::string(DEFAULT_KRK_TABLE) : o.table, o.prelude);
}

int run_advise(const AdviseOptions& o) {
    auto pos = Position::from_fen(o.fen);
    if (!pos) return fail("bad FEN: " + pos.error());
    auto table = table_for(o, *pos);
    if (!table) return fail(table.error());
    const auto oriented = oriented_to_move(*table, *pos);
    if (!oriented) return fail(oriented.error());
    if (o.values && !table->definitions)
        return fail("the table's definitions do not compile on their own: " +
                    table->definitions.error());
    const std::vector<DefinitionValue> values =
        o.values ? definition_values(*table, oriented->state) : std::vector<DefinitionValue>{};
    const search::Program& program = table->program;
    const auto start = std::chrono::steady_clock::now();
    Result r = *endgame::think(*table, *pos, {o.budget, o.explain});
    r.stats.seconds = search::seconds_since(start);
    if (o.json)
        print_json(o, *table, *pos, r, values);
    else if (o.dot && has_move(r))
        std::cout << print::tree_dot(
            r.tree, *pos, program.rules[r.rule].name + ": " + program.advice[r.advice].name);
    else
        print_text(o, *table, *pos, r, values);
    if (is_search_limit(r.outcome))
        return search_limit_failure(program, r.advice, r.outcome, o.budget);
    if (!has_move(r)) return fail("no advice applies", EXIT_CHECK_FAILED);
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<AdviseOptions>();
    auto* app = parent.add_subcommand(
        "advise", "Show the rule, the advice tried and the forcing tree for a position");
    app->add_option("fen", o->fen,
                    "A position in FEN (quote it), the table's side to move: either colour may "
                    "be the strong side")
        ->required();
    app->add_option("--table", o->table,
                    "Advice table: a file or a built-in name (default: the shipped table of the "
                    "position's material)");
    app->add_option("--prelude", o->prelude,
                    "A library whose material and definitions the table uses (a file, or a "
                    "built-in name such as lib/krk_book)");
    app->add_flag("--explain", o->explain,
                  "For each failed advice, what failed: at the root, or a refuting line of "
                  "every root move and the predicates or comparisons that fail at its end");
    app->add_flag("--values", o->values,
                  "Print what each measure and predicate the table defines without roles is "
                  "worth at the position (the position is the root of root(E))");
    auto* dot = app->add_flag("--dot", o->dot, "Print the forcing tree as Graphviz DOT");
    app->add_flag("--json", o->json, "Print one JSON object")->excludes(dot);
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    return {app, [o] { return run_advise(*o); }};
}

const RegisterCommand registered(40, setup);

} // namespace cmd_advise
} // namespace al0::tools
