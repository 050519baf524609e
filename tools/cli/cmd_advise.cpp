// al0 advise FEN [--table T] [--explain] [--dot] [--json]: the rule that applies, every piece of
// advice tried and why it failed, the chosen advice and its forcing tree.

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/endgame/think.hpp"
#include "engine/print/tree_format.hpp"
#include "tools/app/json_text.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/search_limit.hpp"
#include "tools/app/search_text.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"

#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_advise {

struct AdviseOptions {
    std::string fen;
    std::string table; // "": the shipped table of the position's material
    std::string prelude;
    bool explain = false, dot = false, json = false;
    std::uint64_t budget = search::Options{}.node_budget;
};

using Result = search::SearchResult<Move>;

// Returns whether the search found a plan (its root always has a move).
bool has_move(const Result& r) { return r.outcome == search::Outcome::found; }

void print_text(const AdviseOptions& o, const endgame::CompiledTable& table, const Position& pos,
                const Result& r) {
    const search::Program& prog = table.program;
    std::cout << "Position: " << pos.fen() << "\n";
    if (r.rule < 0) {
        std::cout << "Rule: none applies\n";
        return;
    }
    std::cout << "Rule: " << prog.rules[r.rule].name << "\n";
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const auto& a = r.attempts[i];
        std::cout << "  " << prog.advice[a.advice].name << ": " << failure_text(a.failure) << " ("
                  << counted(a.root_moves, "root move") << ", " << counted(a.nodes, "node")
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

void print_json(const endgame::CompiledTable& table, const Position& pos, const Result& r) {
    const search::Program& prog = table.program;
    nlohmann::json j;
    j["fen"] = pos.fen();
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
    if (auto oriented = oriented_to_move(*table, *pos); !oriented) return fail(oriented.error());
    const search::Program& program = table->program;
    Result r = *endgame::think(*table, *pos, {o.budget, o.explain});
    if (o.json)
        print_json(*table, *pos, r);
    else if (o.dot && has_move(r))
        std::cout << print::tree_dot(
            r.tree, *pos, program.rules[r.rule].name + ": " + program.advice[r.advice].name);
    else
        print_text(o, *table, *pos, r);
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
    auto* dot = app->add_flag("--dot", o->dot, "Print the forcing tree as Graphviz DOT");
    app->add_flag("--json", o->json, "Print one JSON object")->excludes(dot);
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    return {app, [o] { return run_advise(*o); }};
}

const RegisterCommand registered(40, setup);

} // namespace cmd_advise
} // namespace al0::tools
