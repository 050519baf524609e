#include "tools/app/start_filter.hpp"

#include "engine/endgame/domain.hpp"
#include "engine/search/evaluator.hpp"
#include "tools/app/table_registry.hpp"

#include <memory>

namespace al0::tools {
namespace {

constexpr const char* FILTER_NAME = "verify_starts_where";

} // namespace

Expected<verify::StartFilter> start_filter(const TableSource& source, const std::string& prelude,
                                           const std::string& goal) {
    // Why a definition appended to the table: it then sees exactly the names the table sees.
    const TableSource with_goal{source.name,
                                source.text + "\n" + FILTER_NAME + " :- " + goal + ".\n"};
    auto table = load_table(with_goal, prelude);
    if (!table) return Error{"--starts-where '" + goal + "': " + table.error()};
    if (!table->definitions)
        return Error{"--starts-where '" + goal + "': " + table->definitions.error()};
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
    return Error{"--starts-where '" + goal + "': not a predicate of the table's language"};
}

} // namespace al0::tools
