// al0 queens N: N-queens through the advice-table search core, in mode first, all or count.

#include "engine/queens/queens_domain.hpp"
#include "engine/search/core.hpp"
#include "engine/search/enumerate.hpp"
#include "engine/verify/shared/parallel.hpp"
#include "tools/app/queens_setup.hpp"
#include "tools/app/search_limit.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/standard_output.hpp"

#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <string>

namespace al0::tools {
namespace cmd_queens {

struct QueensOptions {
    std::string size;
    std::string mode = "first";
    std::string order = "natural";
    bool stats = false;
    int threads = 1;
    bool board = false;
    std::string table = DEFAULT_QUEENS_TABLE;
    bool table_given = false;
    std::uint64_t budget = 10'000'000'000;
};

// Returns N from its text, or why it is not a board size al0 can solve.
Expected<int> board_size(const std::string& text) {
    const std::string wanted =
        "N must be a whole number from 1 to " + std::to_string(queens::MAX_N);
    long long n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc::result_out_of_range) return Error{wanted + ", not " + text};
    if (ec != std::errc{} || end != text.data() + text.size())
        return Error{wanted + ", not '" + text + "'"};
    if (n < 1) return Error{wanted + ", not " + text + " (a board has at least one row)"};
    if (n > queens::MAX_N)
        return Error{wanted + ", not " + text + " (a row of the board is one 32-bit mask)"};
    return int(n);
}

// Returns a solution as its columns row by row, 1-based: [2,4,1,3].
std::string solution_text(std::span<const queens::Column> columns) {
    std::string out = "[";
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(columns[i] + 1);
    }
    return out + "]";
}

// Returns the board of a solution, first row on top: a queen is Q, an empty square a dot.
std::string board_text(std::span<const queens::Column> columns) {
    std::string out;
    for (queens::Column queen : columns) {
        for (std::size_t c = 0; c < columns.size(); ++c) out += c == queen ? "Q " : ". ";
        out.back() = '\n';
    }
    return out;
}

void print_solution(std::span<const queens::Column> columns, bool board) {
    std::cout << solution_text(columns) << "\n";
    if (board) std::cout << board_text(columns) << "\n";
    check_standard_output();
}

void print_stats(const search::Statistics& s) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.6f", s.seconds);
    std::cout << "nodes: " << s.nodes << "\nbacktracks: " << s.backtracks << "\ntime: " << seconds
              << " s\n";
}

int run_first(const queens::QueensDomain& domain, const search::Program& program,
              const QueensOptions& o) {
    search::Options options;
    options.node_budget = o.budget;
    auto r = search::build_tree(domain, program, queens::QueensState{}, options);
    if (is_search_limit(r.outcome))
        return search_limit_failure(program, r.advice, r.outcome, o.budget);
    if (r.outcome == search::Outcome::found)
        print_solution(queens::placement(r.tree), o.board);
    else
        std::cout << "no solution\n";
    if (o.stats) print_stats(r.stats);
    return EXIT_OK;
}

int run_enumeration(const queens::QueensDomain& domain, const search::Program& program,
                    const QueensOptions& o) {
    search::Options options;
    options.node_budget = o.budget;
    auto r = o.mode == "all"
                 ? search::visit_all(
                       domain, program, queens::QueensState{},
                       [&](std::span<const queens::Column> line) { print_solution(line, o.board); },
                       options)
                 : search::count_all(domain, program, queens::QueensState{}, options,
                                     verify::thread_count(o.threads));
    if (is_search_limit(r.outcome))
        return search_limit_failure(program, r.advice, r.outcome, o.budget);
    if (o.stats) print_stats(r.stats);
    std::cout << r.solutions << "\n";
    return EXIT_OK;
}

int run_queens(const QueensOptions& o) {
    auto n = board_size(o.size);
    if (!n) return fail(n.error());
    if (o.threads != 1 && o.mode != "count") return fail("--threads applies to --mode count only");
    if (o.order == "diagfirst" && o.table_given)
        return fail("--order diagfirst runs the built-in table " +
                    std::string(DIAGFIRST_QUEENS_TABLE) +
                    "; give --table or --order, not both (order your own table with 'by')");
    auto program = load_queens_program(o.order == "diagfirst" ? DIAGFIRST_QUEENS_TABLE : o.table);
    if (!program) return fail(program.error());
    const queens::QueensDomain domain(*n);
    return o.mode == "first" ? run_first(domain, *program, o)
                             : run_enumeration(domain, *program, o);
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<QueensOptions>();
    auto* app = parent.add_subcommand("queens", "N-queens through the same search core");
    app->add_option("N", o->size, "Board size, 1 to 32")->required();
    app->add_option("--mode", o->mode, "first: one solution; all: every solution; count")
        ->capture_default_str()
        ->check(CLI::IsMember({"first", "all", "count"}));
    app->add_option("--order", o->order,
                    "Column order: natural, or diagfirst (short diagonals first: the built-in "
                    "table queens_diagfirst)")
        ->capture_default_str()
        ->check(CLI::IsMember({"natural", "diagfirst"}));
    app->add_flag("--stats", o->stats, "Print nodes, backtracks and time");
    add_threads(app, o->threads, "Threads for --mode count");
    app->add_flag("--board", o->board, "Draw each solution as a board");
    auto* table = app->add_option("--table", o->table, "Advice table: a file or a built-in name")
                      ->capture_default_str();
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    return {app, [o, table] {
                o->table_given = table->count() > 0;
                return run_queens(*o);
            }};
}

const RegisterCommand registered(70, setup);

} // namespace cmd_queens
} // namespace al0::tools
