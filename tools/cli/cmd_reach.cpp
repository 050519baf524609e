// al0 reach --table T --advice NAME: for one piece of advice, exactly, from how many won
// positions where its rule fires its better goal can be forced while its holding goal holds, in
// how many plies, and lines from positions where it cannot (engine/verify/reach/reach.hpp).

#include "engine/tablebase/registry.hpp"
#include "engine/verify/reach/reach.hpp"
#include "tools/app/json_text.hpp"
#include "tools/app/reach_json.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/progress.hpp"

#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

namespace al0::tools {
namespace cmd_reach {

struct ReachCommandOptions {
    std::string table;
    std::string prelude;
    std::string advice;
    std::string goal_of;
    bool constraints = false;
    bool json = false;
    bool no_cache = false;
    int threads = 0;
    int examples = 3;
};

std::string percent(std::uint64_t part, std::uint64_t whole) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2) << (whole ? 100.0 * double(part) / double(whole) : 0)
        << "%";
    return out.str();
}

std::string advice_names(const search::Program& program) {
    std::string known;
    for (const auto& a : program.advice) known += (known.empty() ? "" : ", ") + a.name;
    return known;
}

// SHALLOWEST: the advice has the option, so its search plays trees of the depths counted.
void print_text(const ReachCommandOptions& o, const verify::ReachReport& r, bool shallowest) {
    const char* unit = r.symmetric ? " (up to symmetry)" : "";
    std::cout << "Advice " << r.advice << " of table " << o.table << " (" << r.material << ")";
    if (r.goal_of != r.advice) std::cout << ", the better goal of " << r.goal_of;
    std::cout << ", " << (r.constraints ? "its move constraints" : "any legal moves at any depth")
              << "\n";
    std::string rules;
    for (const std::string& name : r.rules) rules += (rules.empty() ? "" : ", ") + name;
    std::cout << "  positions, White to move" << unit << std::setw(12) << r.positions << "\n"
              << "  won (tablebase)          " << std::setw(12) << r.won << "\n"
              << "  where its rule fires     " << std::setw(12) << r.roots
              << "  (rules: " << (rules.empty() ? "none lists it" : rules) << ")\n"
              << "  goal forceable           " << std::setw(12) << r.forceable << "  "
              << percent(r.forceable, r.roots) << "\n"
              << "  not forceable            " << std::setw(12) << r.roots - r.forceable << "  "
              << percent(r.roots - r.forceable, r.roots) << "  (" << r.holding_fails
              << " of them fail the holding goal at the root)\n";
    if (r.forceable > 0) {
        std::cout << "\nPlies the shortest forcing tree needs: worst " << r.worst << ", mean "
                  << std::fixed << std::setprecision(2) << r.mean << ", median " << r.median
                  << ", 99th percentile " << r.p99 << "\n";
        if (r.constraints)
            std::cout << (shallowest
                              ? "  (the advice is shallowest: its search plays these depths)\n"
                              : "  (its search keeps the first tree it finds, which may be "
                                "taller; with `shallowest` it plays these depths)\n");
        std::uint64_t most = 0;
        for (std::uint64_t c : r.by_plies) most = std::max(most, c);
        for (std::size_t p = 0; p < r.by_plies.size(); ++p) {
            if (r.by_plies[p] == 0) continue;
            const auto bar = std::size_t((r.by_plies[p] * 50 + most - 1) / most);
            std::cout << std::setw(6) << p << std::setw(12) << r.by_plies[p] << "  "
                      << std::string(bar, '#') << "\n";
        }
        if (r.worst_root) std::cout << "  worst: " << r.worst_root->fen() << "\n";
    }
    if (!r.unforceable.empty()) {
        std::cout << "\nNot forceable, e.g. (White's first move that keeps the holding goal, "
                     "Black's escape):\n";
        for (const verify::ReachLine& line : r.unforceable)
            std::cout << "  " << line.start.fen() << "\n    " << reach_line_text(line) << "\n";
    }
    std::cout << "\nTime: " << std::fixed << std::setprecision(3) << r.seconds << " s ("
              << r.threads << " threads, " << r.root_classes << " root classes";
    if (r.swept) std::cout << " swept in order";
    if (r.constraints) std::cout << ", " << r.depth_levels << " depths solved one by one";
    std::cout << ")\n";
}

int run_reach(const ReachCommandOptions& o) {
    auto table = load_table(o.table, o.prelude);
    if (!table) return fail(table.error());
    const search::Program& program = table->program;
    verify::ReachOptions options;
    options.advice = program.advice_index(o.advice);
    if (options.advice < 0)
        return fail("the table has no advice named '" + o.advice +
                    "' (it has: " + advice_names(program) + ")");
    if (!o.goal_of.empty()) {
        options.goal_of = program.advice_index(o.goal_of);
        if (options.goal_of < 0)
            return fail("--goal-of: the table has no advice named '" + o.goal_of +
                        "' (it has: " + advice_names(program) + ")");
    }
    options.constraints = o.constraints;
    options.threads = o.threads;
    options.examples = o.examples;
    // Root classes solved: a goal that reads root values may need hundreds (stderr, terminal only).
    options.progress = progress_bar("reach: root classes");
    tablebase::Registry registry(tablebase::CachePolicy{!o.no_cache, {}});
    auto result = verify::reach(*table, registry, options);
    if (!result) return fail(result.error());
    if (o.json)
        std::cout << json_text(reach_json(o.table, result->report)) << "\n";
    else
        print_text(o, result->report, program.advice[std::size_t(options.advice)].shallowest);
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<ReachCommandOptions>();
    auto* app = parent.add_subcommand(
        "reach", "For one piece of advice: from which won positions where its rule fires its "
                 "better goal can be forced, exactly, and in how many plies");
    app->footer(
        "Roots: the legal positions of the table's material with its side (White) to move that\n"
        "the tablebase marks won and where the first rule whose condition holds lists the\n"
        "advice. From each, whether White can force the better goal while the holding goal\n"
        "holds at every position on the way (the root included), against every defence, and\n"
        "the plies of the shortest such forcing tree. Exact: a retrograde pass over every\n"
        "position of the material and of those its captures and promotions lead to, one pass\n"
        "per distinct value of the root(E) the goals read, or, where both goals only come true\n"
        "as that one value grows (or shrinks), one pass swept through its values in order\n"
        "(\"swept\" in the report). By default any legal move at any depth; --constraints\n"
        "plays the advice's own move constraints and depth tests. Counts are of symmetry\n"
        "classes unless a goal reads file or rank. See docs/REACH.md.");
    app->add_option("--table", o->table, "Advice table: a file or a built-in name")->required();
    app->add_option("--prelude", o->prelude,
                    "A library whose material and definitions the table uses");
    app->add_option("--advice", o->advice,
                    "The advice: its holding goal, its rules' positions, its move constraints")
        ->required();
    app->add_option("--goal-of", o->goal_of,
                    "Take the better goal of this advice instead (the holding goal stays)");
    app->add_flag("--constraints", o->constraints,
                  "Only the moves the advice's move constraints allow, with its depth tests "
                  "(default: any legal move, depth unbounded)");
    add_threads(app, o->threads, "Threads");
    add_count(app, "--examples", o->examples,
              "Positions shown (with a line) where the goal cannot be forced", 0, 1000);
    app->add_flag("--json", o->json, "One JSON object instead of text");
    app->add_flag("--no-cache", o->no_cache, "Build the tablebases in memory only (no disk cache)");
    return {app, [o] { return run_reach(*o); }, true};
}

const RegisterCommand registered(55, setup);

} // namespace cmd_reach
} // namespace al0::tools
