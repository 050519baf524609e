#pragma once
// A program's goals as machine code: the C++ of goal_source.hpp compiled by the compiler that
// built al0 into a shared object, kept in a cache folder, and loaded.

#include "contract/expected.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/search/program.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace al0::codegen {

// How the search runs a table's goals (`al0 --goals`): interpreted; compiled (an error when
// they cannot be); or automatic: compiled where they can be, else interpreted with the reason.
enum class GoalMode : std::uint8_t { interpreted, compiled, automatic };
inline constexpr std::array<std::string_view, 3> GOAL_MODE_NAMES = {"interpreted", "compiled",
                                                                    "auto"};
[[nodiscard]] std::optional<GoalMode> goal_mode_named(std::string_view name);

// What loading a program's compiled goals did.
struct GoalLibrary {
    std::string path;   // the shared object in the cache folder
    bool built = false; // compiled now: the cache did not have it
    double seconds = 0; // the compile's wall time, when built
};

// Why this al0 cannot compile goals (a sanitizer build; its compiler is gone), or nothing.
[[nodiscard]] std::optional<std::string> why_no_compiler();
// Whether this al0 is a sanitizer build, which interprets goals by design: code
// compiled apart would escape the sanitizers' checks.
[[nodiscard]] bool sanitized_build();

// The cache folder of compiled goals: $AL0_GOALS_CACHE, else the goals folder of al0's cache
// (io::default_cache_dir).
[[nodiscard]] Expected<std::string> cache_folder();

// The cache folder keeps the compiled goals of the MAX_CACHED_GOALS tables used last (60-180 KB
// each): a load marks its object used, and a build removes the least recently used beyond that,
// so an author who edits a table a thousand times does not fill the disk.
inline constexpr std::size_t MAX_CACHED_GOALS = 200;
// Removes from FOLDER the compiled goals beyond the KEEP used last, and scratch folders an
// interrupted build left more than an hour ago; returns how many of either it removed.
std::size_t prune_goals_cache(const std::string& folder, std::size_t keep = MAX_CACHED_GOALS);

// Called when the cache folder does not have a program's goals yet: returns whether to compile
// them now (and may say so); declined, the load fails with NOT_CACHED.
using BeforeBuild = std::function<bool()>;
inline constexpr const char* NOT_CACHED = "they are not in the cache folder";

// Gives each advice of PROGRAM its goals as machine code (CompiledAdvice::native_goals, the
// library in Program::native_library): the shared object of krk_goal_source's text from the
// cache folder, else compiled into it first (when BEFORE_BUILD, if given, agrees). The
// cache key is a hash of the text, the embedded headers and the compiler, flags and version of
// this al0, so another build never loads a stale one. Written as a temporary file renamed into
// place: two processes never load a half-written one. On failure PROGRAM is left interpreted.
[[nodiscard]] Expected<GoalLibrary> load_native_goals(search::Program& program,
                                                      const BeforeBuild& before_build = {});

// The same for a program on the endgame domain of ROLES (endgame_goal_source), for
// endgame::CompiledDomain.
[[nodiscard]] Expected<GoalLibrary> load_endgame_goals(search::Program& program,
                                                       const endgame::Roles& roles,
                                                       const BeforeBuild& before_build = {});

// The same for a KRK program of the chess library's instances (krk_library_goal_source), for
// krk::KrkLibraryCompiledDomain.
[[nodiscard]] Expected<GoalLibrary> load_krk_library_goals(search::Program& program,
                                                           const BeforeBuild& before_build = {});

// Sets every advice of PROGRAM back to its interpreted goals.
void unload_native_goals(search::Program& program);

} // namespace al0::codegen
