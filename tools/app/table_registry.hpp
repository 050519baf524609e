#pragma once
// Tables by material: the shipped table of each material al0 plays, and a user's table file
// made ready to play (endgame::CompiledTable, run by endgame::think).

#include "contract/expected.hpp"
#include "engine/compile/load.hpp"
#include "engine/endgame/think.hpp"
#include "engine/verify/shared/table_set.hpp"
#include "tools/app/table_source.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al0::tools {

// Returns the materials that have a shipped table, in the order KRK, KQK, KPK, KBNK.
[[nodiscard]] std::vector<std::string> shipped_materials();
// Returns them as text: "KRK, KQK, KPK".
[[nodiscard]] std::string shipped_material_list();
// Returns the name of MATERIAL's shipped table (a built-in name such as "kqk"), or "" when it
// has none.
[[nodiscard]] std::string shipped_table_name(std::string_view material);

// Returns the shipped table for MATERIAL (a signature such as "KQK", strong side first), or one
// message naming the materials that have one.
[[nodiscard]] Expected<endgame::CompiledTable> shipped_table(std::string_view material);

// Returns the table SPEC (a file or a built-in name) compiled for its material, with the
// material and definitions of the library PRELUDE when not empty. A table that declares no
// material is a KRK table in the book's vocabulary: it is compiled over the prelude
// lib/krk_book, which defines that vocabulary in the chess library (it then builds the very
// trees of the native KRK library). Its goals are compiled to machine code as `al0 --goals`
// says (compile_endgame_goals).
[[nodiscard]] Expected<endgame::CompiledTable> load_table(const std::string& spec,
                                                          const std::string& prelude = "");
// The same for table text already read (the lab's editor), its goals interpreted: a compile
// per edit would keep the lab waiting.
[[nodiscard]] Expected<endgame::CompiledTable> load_table(const TableSource& source,
                                                          const std::string& prelude = "");

// load_table's two stages, for a caller that reads the diagnostics itself (a goal compiled in
// a table's scope). CheckedTable: the text parsed, checked and, without errors, compiled, with
// the library it was checked against. check_table fails only for what its diagnostics do not
// say (a prelude that does not load, an N-queens table); compile_checked fails on any error.
struct CheckedTable {
    std::string name;
    search::LoadedTable loaded;
    std::optional<advice::ast::Table> library;
};
[[nodiscard]] Expected<CheckedTable> check_table(const TableSource& source,
                                                 const std::string& prelude);
[[nodiscard]] Expected<endgame::CompiledTable> compile_checked(CheckedTable checked,
                                                               const TableSource& source);

// Returns POS oriented for TABLE (endgame::orient) when the table's side is to move there; or
// why not: another material, or the other side to move (advise asks the table's side).
[[nodiscard]] Expected<endgame::Oriented> oriented_to_move(const endgame::CompiledTable& table,
                                                           const Position& pos);

// Returns the tables `al0 verify` plays from TABLE's positions: TABLE first, then the shipped
// tables of the materials its lines can turn into by captures and promotions, to take over
// there (KPK: KQK and KRK).
[[nodiscard]] verify::TableSet verification_set(endgame::CompiledTable table);

} // namespace al0::tools
