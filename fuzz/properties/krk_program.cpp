#include "fuzz/properties/krk_program.hpp"

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "engine/compile/compile.hpp"
#include "engine/krk/vocabulary.hpp"
#include "tables/builtin.hpp"

#include <stdexcept>

namespace al0::fuzz {

Expected<search::Program> builtin_krk_program(const std::string& name) {
    auto text = tables::builtin(name);
    if (!text) return Error{"no built-in table named " + name};
    advice::ParseResult parsed = advice::parse(*text, name);
    if (!parsed.table) return Error{"built-in table " + name + " does not parse"};
    if (advice::has_errors(advice::check(*parsed.table, krk::vocabulary, name)))
        return Error{"built-in table " + name + " is not a KRK table"};
    return search::compile(*parsed.table, krk::vocabulary);
}

const search::Program& book_program() {
    static const search::Program program = [] {
        auto p = builtin_krk_program("krk_bratko");
        if (!p) throw std::runtime_error(p.error());
        return std::move(p.value());
    }();
    return program;
}

} // namespace al0::fuzz
