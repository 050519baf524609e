#include "tools/app/krk_setup.hpp"

#include "engine/codegen/endgame_goal_source.hpp"
#include "engine/codegen/goal_source.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/queens/vocabulary.hpp"
#include "tools/app/table_source.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <functional>
#include <optional>

namespace al0::tools {

namespace {
std::atomic<codegen::GoalMode> mode_of_goals{codegen::GoalMode::interpreted};
std::atomic<bool> goals_built{false};
} // namespace

void set_goal_mode(codegen::GoalMode mode) { mode_of_goals = mode; }
codegen::GoalMode goal_mode() { return mode_of_goals; }
void set_goal_builds(bool builds) { goals_built = builds; }

namespace {

// A codegen loader given the message to log before it compiles.
using Loader = std::function<Expected<codegen::GoalLibrary>(const codegen::BeforeBuild&)>;

// Runs LOAD for the table NAME:
// logs what it did, and returns its error with MODE compiled, else warns of it.
std::optional<std::string> load_with(const std::string& name, codegen::GoalMode mode,
                                     const Loader& load) {
    const auto log = spdlog::get("al0");
    bool declined = false;
    auto loaded = load([&] {
        declined = mode == codegen::GoalMode::automatic && !goals_built;
        if (declined) return false;
        if (log) log->info("compiling the goals of {} to machine code (once: then cached)", name);
        return true;
    });
    if (declined) {
        if (log)
            log->info("the goals of {} are interpreted: not compiled yet (verify, reach and bench "
                      "compile them once, as does --goals compiled)",
                      name);
        return std::nullopt;
    }
    if (loaded && loaded->built && log)
        log->info("compiled the goals of {} in {:.1f} s into {}", name, loaded->seconds,
                  loaded->path);
    if (loaded) return std::nullopt;
    const std::string why = "cannot compile the goals of " + name + ": " + loaded.error();
    if (mode == codegen::GoalMode::compiled) return why;
    if (log) log->warn("{}; interpreting them", why);
    return std::nullopt;
}

// The same for a program of the chess library's instances whose generated text is SOURCE (or
// why there is none): a program the generator cannot express stays interpreted, with the reason
// logged (info) or, with MODE compiled, returned.
std::optional<std::string> load_library_with(const std::string& name, codegen::GoalMode mode,
                                             const Expected<std::string>& source,
                                             const Loader& load) {
    if (!source) {
        const std::string why = "the goals of " + name + " are interpreted: " + source.error();
        if (mode == codegen::GoalMode::compiled) return why;
        if (const auto log = spdlog::get("al0")) log->info("{}", why);
        return std::nullopt;
    }
    return load_with(name, mode, load);
}

// Whether MODE leaves goals interpreted whatever the table.
bool interprets(codegen::GoalMode mode) {
    return mode == codegen::GoalMode::interpreted ||
           (mode == codegen::GoalMode::automatic && codegen::sanitized_build());
}

} // namespace

std::optional<std::string> compile_goals(search::Program& program, const std::string& name,
                                         codegen::GoalMode mode) {
    if (interprets(mode)) return std::nullopt;
    if (program.instances)
        return load_library_with(name, mode, codegen::krk_library_goal_source(program),
                                 [&](const codegen::BeforeBuild& before_build) {
                                     return codegen::load_krk_library_goals(program, before_build);
                                 });
    if (!codegen::krk_goal_source(program)) return std::nullopt;
    return load_with(name, mode, [&](const codegen::BeforeBuild& before_build) {
        return codegen::load_native_goals(program, before_build);
    });
}

std::optional<std::string> compile_endgame_goals(endgame::CompiledTable& table,
                                                 codegen::GoalMode mode) {
    if (interprets(mode)) return std::nullopt;
    return load_library_with(
        table.name, mode, codegen::endgame_goal_source(table.program, table.roles),
        [&](const codegen::BeforeBuild& before_build) {
            return codegen::load_endgame_goals(table.program, table.roles, before_build);
        });
}

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
    search::LoadedTable loaded = search::load(source, krk::vocabulary, lib);
    // One message for a table of the other domain rather than each of its names as unknown.
    if (loaded.failed() && !lib && check_in_domain(source, "").vocabulary == &queens::vocabulary)
        return Error{"table " + source.name +
                     " is an N-queens table; this command plays KRK (king and rook against "
                     "king) only (run it with al0 queens N --table " +
                     (source.name.starts_with("builtin:") ? source.name.substr(8) : source.name) +
                     ")"};
    if (loaded.failed()) return Error{search::load_error(loaded, source)};
    const advice::ast::Table* own = &*loaded.table;
    for (const advice::ast::Table* t : {lib, own})
        if (t && !t->materials.empty() && t->materials.front().name != "KRK")
            return Error{"table " + source.name + " is for material " + t->materials.front().name +
                         "; this command plays KRK (king and rook against king) only"};
    search::Program program = std::move(*loaded.program);
    const std::string name =
        source.name.starts_with("builtin:") ? source.name.substr(8) : source.name;
    if (auto why = compile_goals(program, name, goal_mode())) return Error{*why};
    return program;
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
