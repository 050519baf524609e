// al0 check TABLE... [--domain krk|queens] [--strict] [--print]: parse and check advice
// tables, with compiler-style diagnostics on stderr and a summary line per table on stdout.

#include "advice/diagnostic.hpp"
#include "advice/print.hpp"
#include "tools/app/table_source.hpp"
#include "tools/cli/command.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

namespace al0::tools {
namespace cmd_check {

constexpr std::size_t max_diagnostics_shown = 50;

struct CheckOptions {
    std::vector<std::string> tables;
    std::string prelude;
    std::string domain; // "" = infer
    bool strict = false;
    bool print = false;
};

std::string count(std::size_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Returns the exit status for one table, after printing its diagnostics and summary.
int check_one(const std::string& spec, const CheckOptions& o, const advice::ast::Table* prelude) {
    auto source = read_table(spec);
    if (!source) return fail(source.error());
    search::LoadedTable checked = check_in_domain(*source, o.domain, prelude);
    const auto& diagnostics = checked.diagnostics;
    for (std::size_t i = 0; i < std::min(diagnostics.size(), max_diagnostics_shown); ++i)
        std::cerr << advice::format_diagnostic(diagnostics[i], source->text);
    if (diagnostics.size() > max_diagnostics_shown)
        std::cerr << source->name << ": " << diagnostics.size() - max_diagnostics_shown
                  << " more diagnostics not shown\n";
    if (advice::has_errors(diagnostics)) return EXIT_BAD_INPUT;

    std::string summary = source->name + ": ";
    if (!checked.table->definitions.empty())
        summary += count(checked.table->definitions.size(), "definition", "definitions") + ", ";
    summary += count(checked.table->rules.size(), "rule", "rules") + ", " +
               count(checked.table->advice.size(), "piece", "pieces") + " of advice";
    if (!diagnostics.empty()) summary += ", " + count(diagnostics.size(), "warning", "warnings");
    // Why a comment with --print: the output stays a table that al0 can load again.
    if (o.print)
        std::cout << "% " << summary << "\n" << advice::print(*checked.table);
    else
        std::cout << summary << "\n";
    return diagnostics.empty() || !o.strict ? EXIT_OK : EXIT_CHECK_FAILED;
}

int run_check(const CheckOptions& o) {
    std::optional<advice::ast::Table> prelude;
    if (!o.prelude.empty()) {
        auto loaded = load_prelude(o.prelude);
        if (!loaded) return fail(loaded.error());
        prelude = std::move(*loaded);
    }
    int status = EXIT_OK;
    for (const std::string& spec : o.tables) {
        int s = check_one(spec, o, prelude ? &*prelude : nullptr);
        // Why: bad input (2) outranks a failed check (1).
        status = std::max(status, s);
    }
    return status;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<CheckOptions>();
    auto* app = parent.add_subcommand("check", "Parse and check advice tables");
    app->add_option("tables", o->tables,
                    "Table files, or built-in tables by name (krk_bratko, queens)")
        ->required();
    app->add_option("--domain", o->domain,
                    "Check names against this domain (default: krk, or queens when only the "
                    "queens vocabulary fits the table)")
        ->check(CLI::IsMember({"krk", "queens"}));
    app->add_option("--prelude", o->prelude,
                    "A library whose material and definitions the tables use (a file, or a "
                    "built-in name such as lib/krk_book)");
    app->add_flag("--strict", o->strict, "Exit 1 when there are warnings");
    app->add_flag("--print", o->print, "Print each table in canonical form");
    return {app, [o] { return run_check(*o); }};
}

const RegisterCommand registered(30, setup);

} // namespace cmd_check
} // namespace al0::tools
