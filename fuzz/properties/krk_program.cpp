#include "fuzz/properties/krk_program.hpp"

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/compile/compile.hpp"
#include "tables/builtin.hpp"

#include <memory>
#include <stdexcept>

namespace al0::fuzz {

Expected<play::Table> krk_table_from_text(const std::string& name, std::string_view text) {
    static const advice::ParseResult prelude =
        advice::parse(*tables::builtin("lib/krk_book"), "lib/krk_book");
    advice::ParseResult parsed = advice::parse(text, name);
    if (!parsed.table || !prelude.table) return Error{"table " + name + " does not parse"};
    const auto diagnostics =
        advice::check(*parsed.table, contract::chess::vocabulary, name, &*prelude.table);
    if (advice::has_errors(diagnostics))
        return Error{"table " + name + " is not a KRK table: " + diagnostics.front().message};
    auto program = search::compile(*parsed.table, contract::chess::vocabulary, &*prelude.table);
    if (!program) return Error{program.error()};
    return std::make_shared<const endgame::CompiledTable>(
        endgame::CompiledTable{name, *endgame::roles_of("KRK"), std::move(*program)});
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
