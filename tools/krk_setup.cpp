#include "tools/krk_setup.hpp"

#include "engine/compile/compile.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"
#include "tools/table_source.hpp"

namespace al0::tools {

Expected<search::Program> load_krk_program(const std::string& spec) {
    auto source = read_table(spec);
    if (!source) return Error{source.error()};
    auto table = load_checked_table(*source, krk::vocabulary);
    if (!table) return Error{table.error()};
    return search::compile(*table, krk::vocabulary);
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
