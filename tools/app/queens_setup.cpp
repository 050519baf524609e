#include "tools/app/queens_setup.hpp"

#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tools/app/table_source.hpp"

namespace al0::tools {

Expected<search::Program> load_queens_program(const std::string& spec) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    // Why first: a table of another domain would get one "unknown" error per name it uses.
    const search::LoadedTable other = check_in_domain(*source, "");
    if (other.table && !advice::has_errors(other.diagnostics)) {
        const std::string needs =
            "; queens needs a queens table such as '" + std::string(DEFAULT_QUEENS_TABLE) + "'";
        if (other.vocabulary->material && !other.table->materials.empty())
            return Error{"table " + spec + " is a chess table (material " +
                         other.table->materials.front().name + ")" + needs};
        if (other.vocabulary == &krk::vocabulary)
            return Error{"table " + spec + " is a KRK table (the KRK domain's names)" + needs};
    }
    search::LoadedTable loaded = search::load(*source, queens::vocabulary);
    if (loaded.failed()) return Error{search::load_error(loaded, *source)};
    return std::move(*loaded.program);
}

} // namespace al0::tools
