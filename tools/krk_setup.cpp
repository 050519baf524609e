#include "tools/krk_setup.hpp"

#include "engine/compile/compile.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tools/table_source.hpp"

#include <optional>

namespace al0::tools {

Expected<search::Program> load_krk_program(const std::string& spec, const std::string& prelude) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    return load_krk_program(*source, prelude);
}

Expected<search::Program> load_krk_program(const TableSource& source, const std::string& prelude) {
    std::optional<advice::ast::Table> library;
    if (!prelude.empty()) {
        auto loaded = load_prelude(prelude);
        if (!loaded) return Error{loaded.error()};
        library = std::move(*loaded);
    }
    const advice::ast::Table* lib = library ? &*library : nullptr;
    auto table = load_checked_table(source, krk::vocabulary, nullptr, lib);
    // One message for a table of the other domain rather than each of its names as unknown.
    if (!table && !lib && check_in_domain(source, "").vocabulary == &queens::vocabulary)
        return Error{"table " + source.name +
                     " is an N-queens table; this command plays KRK (king and rook against "
                     "king) only (run it with al0 queens N --table " +
                     (source.name.starts_with("builtin:") ? source.name.substr(8) : source.name) +
                     ")"};
    if (!table) return Error{table.error()};
    const contract::Vocabulary& vocabulary = vocabulary_for(*table, lib, krk::vocabulary);
    for (const advice::ast::Table* t : {lib, &*table})
        if (t && !t->materials.empty() && t->materials.front().name != "KRK")
            return Error{"table " + source.name + " is for material " + t->materials.front().name +
                         "; this command plays KRK (king and rook against king) only"};
    return search::compile(*table, vocabulary, lib);
}

Expected<Position> read_krk_position(const std::string& fen, bool require_white_to_move) {
    auto pos = Position::from_fen(fen);
    if (!pos) return Error{"bad FEN: " + pos.error()};
    std::string why;
    if (!krk::to_state(*pos, &why) || pos->piece_count() == 2)
        return Error{why.empty() ? "not a KRK position: White has no rook" : why};
    if (require_white_to_move && pos->side_to_move() != WHITE)
        return Error{"al0 plays the side with the rook: the position must have White to move"};
    return pos;
}

} // namespace al0::tools
