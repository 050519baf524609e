#include "tools/app/table_verify.hpp"

#include "engine/verify/endgame/endgame_verifier.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/table_registry.hpp"

namespace al0::tools {

Expected<TableReport> verify_whole_table(const std::string& name, const TableSource& source,
                                         const std::string& prelude, endgame::CompiledTable table,
                                         const WholeTableVerification& how) {
    const std::string material = table.roles.material;
    if (material == "KRK" && !table.symmetric) { // the native path plays the table as written
        auto program = load_krk_program(source, prelude);
        if (!program) return Error{program.error()};
        const auto tablebase = tablebase::KrkTablebase::build();
        const auto v = verify::TableVerification::run(*program, tablebase, how.options);
        TableReport r = make_report(name, material, v, how.examples, how.worst_lines, how.lines);
        r.goals = {{name, search::goals_path(*program)}};
        return r;
    }
    tablebase::Registry registry(how.cache);
    const verify::TableSet set = verification_set(std::move(table)); // the verification keeps it
    const auto v = verify::EndgameVerification::run(set, registry, how.options);
    TableReport r = make_report(name, material, v, how.examples, how.worst_lines, how.lines);
    for (const verify::SetTable& t : set.tables) r.goals.push_back({t.name, t.goals});
    return r;
}

} // namespace al0::tools
