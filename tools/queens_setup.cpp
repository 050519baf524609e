#include "tools/queens_setup.hpp"

#include "engine/compile/compile.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tools/table_source.hpp"

namespace al0::tools {

Expected<search::Program> load_queens_program(const std::string& spec, queens::Order order) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    auto table = load_checked_table(*source, queens::vocabulary);
    if (!table) return Error{table.error()};
    auto program = search::compile(*table, queens::vocabulary);
    if (!program) return program;
    if (!queens::apply_order(program.value(), order))
        return Error{"--order diagfirst reorders place_safe, and table " + source->name +
                     " does not use it"};
    return program;
}

} // namespace al0::tools
