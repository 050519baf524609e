#include "tools/queens_setup.hpp"

#include "engine/compile/compile.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tools/table_source.hpp"

namespace al0::tools {

Expected<search::Program> load_queens_program(const std::string& spec) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    auto table = load_checked_table(*source, queens::vocabulary);
    if (!table) return Error{table.error()};
    return search::compile(*table, queens::vocabulary);
}

} // namespace al0::tools
