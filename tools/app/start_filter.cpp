#include "tools/app/start_filter.hpp"

#include "advice/diagnostic.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/search/evaluator.hpp"
#include "tools/app/table_registry.hpp"

#include <algorithm>
#include <memory>

namespace al0::tools {
namespace {

constexpr std::string_view FILTER_NAME = "verify_starts_where";
constexpr std::string_view DEFINES = " :- ";

// Returns the errors of LOADED (the table TEXT with the goal's definition from GOAL_LINE on)
// rendered against what the user wrote: an error in the goal against the goal itself, any
// other against the text. The checker's warnings are left out: the definition it would call
// unused is the filter.
std::string goal_errors(const search::LoadedTable& loaded, const std::string& text, int goal_line,
                        const std::string& goal) {
    if (!advice::has_errors(loaded.diagnostics)) return loaded.compile_error;
    std::string out;
    for (advice::Diagnostic d : loaded.diagnostics) {
        if (d.severity != advice::Diagnostic::Severity::error) continue;
        if (d.line < goal_line) {
            out += advice::format_diagnostic(d, text);
            continue;
        }
        d.file = "--starts-where";
        d.line -= goal_line - 1;
        if (d.line == 1)
            d.column = std::max(1, d.column - int(FILTER_NAME.size() + DEFINES.size()));
        out += advice::format_diagnostic(d, goal);
    }
    if (out.ends_with('\n')) out.pop_back();
    return out;
}

} // namespace

Expected<verify::StartFilter> start_filter(const TableSource& source, const std::string& prelude,
                                           const std::string& goal) {
    // Why a definition appended to the table: it then sees exactly the names the table sees.
    const int goal_line = int(std::count(source.text.begin(), source.text.end(), '\n')) + 2;
    const TableSource with_goal{source.name, source.text + "\n" + std::string(FILTER_NAME) +
                                                 std::string(DEFINES) + goal + ".\n"};
    const std::string what = "--starts-where '" + goal + "': ";
    auto checked = check_table(with_goal, prelude);
    if (!checked) return Error{what + checked.error()};
    if (checked->loaded.failed())
        return Error{"--starts-where '" + goal + "' does not compile:\n" +
                     goal_errors(checked->loaded, with_goal.text, goal_line, goal)};
    auto table = compile_checked(std::move(*checked), with_goal);
    if (!table) return Error{what + table.error()};
    if (!table->definitions) return Error{what + table->definitions.error()};
    const search::Program& program = *table->definitions;
    for (const search::NamedDefinition& d : program.definitions) {
        if (d.name != FILTER_NAME) continue;
        struct Filter {
            endgame::CompiledTable table;
            endgame::Domain domain;
            search::GoalId goal;
        };
        const endgame::Domain domain(table->roles);
        auto f = std::make_shared<Filter>(Filter{std::move(*table), domain, d.node});
        return verify::StartFilter([f](const Position& pos) {
            const auto oriented = endgame::orient(f->table.roles, pos);
            // A fresh evaluator per position: it keeps root values by the root's address.
            const search::Evaluator<endgame::Domain> eval(f->domain, *f->table.definitions);
            return oriented && eval.holds(f->goal, oriented->state, oriented->state);
        });
    }
    return Error{what + "not a predicate of the table's language"};
}

} // namespace al0::tools
