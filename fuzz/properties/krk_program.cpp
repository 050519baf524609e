#include "fuzz/properties/krk_program.hpp"

#include "contract/chess_library.hpp"
#include "engine/compile/load.hpp"
#include "tables/builtin.hpp"

#include <memory>
#include <stdexcept>

namespace al0::fuzz {

Expected<play::Table> krk_table_from_text(const std::string& name, std::string_view text) {
    static const search::LoadedTable prelude =
        search::load({"lib/krk_book", std::string(*tables::builtin("lib/krk_book"))},
                     contract::chess::vocabulary, nullptr, search::TextKind::library);
    if (!prelude.table) return Error{"the prelude lib/krk_book does not parse"};
    search::LoadedTable loaded =
        search::load({name, std::string(text)}, contract::chess::vocabulary, &*prelude.table);
    if (!loaded.table) return Error{"table " + name + " does not parse"};
    if (advice::has_errors(loaded.diagnostics))
        return Error{"table " + name +
                     " is not a KRK table: " + loaded.diagnostics.front().message};
    if (!loaded.program) return Error{loaded.compile_error};
    return std::make_shared<const endgame::CompiledTable>(
        endgame::CompiledTable{name, *endgame::roles_of("KRK"), std::move(*loaded.program)});
}

Expected<play::Table> builtin_krk_table(const std::string& name) {
    auto text = tables::builtin(name);
    if (!text) return Error{"no built-in table named " + name};
    return krk_table_from_text(name, *text);
}

const play::Table& book_table() {
    static const play::Table table = [] {
        auto t = builtin_krk_table("krk_bratko");
        if (!t) throw std::runtime_error(t.error());
        return *t;
    }();
    return table;
}

Expected<play::Table> book_tables(const std::string& material) {
    if (material == "KRK") return book_table();
    return Error{"no table for " + material};
}

} // namespace al0::fuzz
