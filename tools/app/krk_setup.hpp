#pragma once
// What the KRK commands (advise, play, bench) share: the default table, loading and compiling a
// table for the KRK vocabulary, and reading a KRK start position.

#include "contract/expected.hpp"
#include "engine/chess/position.hpp"
#include "engine/codegen/goal_library.hpp"
#include "engine/endgame/think.hpp"
#include "engine/search/program.hpp"
#include "tools/app/table_source.hpp"

#include <optional>
#include <string>

namespace al0::tools {

// The table used when --table is not given: a built-in name (tables/NAME.al0).
inline constexpr const char* DEFAULT_KRK_TABLE = "krk";

// Returns the compiled program of a table spec (file or built-in name), or its diagnostics.
// A table that declares its material (it must be KRK) uses the chess library; PRELUDE, when not
// empty, names a library (such as lib/krk_book) whose material and definitions it uses.
Expected<search::Program> load_krk_program(const std::string& spec,
                                           const std::string& prelude = "");
// The same for table text already read (the lab's editor).
Expected<search::Program> load_krk_program(const TableSource& source,
                                           const std::string& prelude = "");
// How load_krk_program runs the goals of a table on the native KRK library (`al0 --goals`;
// interpreted until set): compile_goals below, for each table it loads.
void set_goal_mode(codegen::GoalMode mode);
[[nodiscard]] codegen::GoalMode goal_mode();
// Whether goals the cache does not have yet are compiled under `--goals auto` (set by the command
// that runs: those whose work repays seconds of compiling, such as verify; false until set). A
// command that answers at once (advise, play, uci) interprets them instead of keeping its user
// waiting, and uses what the cache has.
void set_goal_builds(bool builds);

// Gives PROGRAM (the table NAME) its goals as machine code when MODE asks for them and they can
// be (codegen::load_native_goals; for a program of the chess library's instances, such as one
// over a prelude, codegen::load_krk_library_goals): logs a line (info) when it compiles them, and
// with MODE automatic a warning with the reason when it cannot; returns the error with MODE
// compiled. A native program whose goals are not predicates alone stays interpreted.
[[nodiscard]] std::optional<std::string>
compile_goals(search::Program& program, const std::string& name, codegen::GoalMode mode);

// The same for a table on the endgame domain (codegen::load_endgame_goals): a table whose goals
// the generator cannot express stays interpreted, with the reason logged (info) or, with MODE
// compiled, returned.
[[nodiscard]] std::optional<std::string> compile_endgame_goals(endgame::CompiledTable& table,
                                                               codegen::GoalMode mode);

// Returns the position of a FEN if it is a legal KRK position (White to move when required).
Expected<Position> read_krk_position(const std::string& fen, bool require_white_to_move);

} // namespace al0::tools
