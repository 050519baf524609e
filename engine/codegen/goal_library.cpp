#include "engine/codegen/goal_library.hpp"

#include "engine/codegen/build_config.hpp"
#include "engine/codegen/endgame_goal_source.hpp"
#include "engine/codegen/goal_source.hpp"
#include "engine/endgame/node_goals.hpp"
#include "engine/io/atomic_file.hpp"
#include "engine/io/cache_folder.hpp"
#include "engine/krk/krk_predicates.hpp"
#include "engine/search/fixed_search.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <utility>
#include <vector>

extern char** environ;

namespace al0::codegen {

namespace {

namespace fs = std::filesystem;

// FNV-1a, 64 bits: a key that stays the same across runs and builds (std::hash need not).
struct Hash {
    std::uint64_t h = 0xcbf29ce484222325u;
    void add(std::string_view text) {
        for (unsigned char c : text) h = (h ^ c) * 0x100000001b3u;
        h = (h ^ 0xff) * 0x100000001b3u; // ends each part: "ab" + "c" is not "a" + "bc"
    }
    [[nodiscard]] std::string hex() const {
        char out[17];
        std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
        return out;
    }
};

// The compiler's options besides al0's own (AL0_CODEGEN_FLAGS) and its TLS model
// (AL0_CODEGEN_TLS_FLAGS, engine/codegen/CMakeLists.txt says why): a shared object whose calls
// between its functions are not routed through the dynamic linker, exporting only its table.
std::vector<std::string> compile_command(const std::string& source, const std::string& object,
                                         const std::string& include_root) {
    std::vector<std::string> argv{AL0_CODEGEN_COMPILER};
    std::istringstream flags(AL0_CODEGEN_FLAGS " " AL0_CODEGEN_TLS_FLAGS);
    for (std::string flag; flags >> flag;) argv.push_back(flag);
    for (const char* flag : {"-std=c++20", "-fPIC", "-fno-semantic-interposition", "-shared",
                             "-fvisibility=hidden", "-fvisibility-inlines-hidden"})
        argv.emplace_back(flag);
    argv.insert(argv.end(), {"-I", include_root, "-o", object, source});
    return argv;
}

// The key of the shared object of SOURCE: everything its machine code depends on.
std::string key_of(const std::string& source) {
    Hash h;
    h.add(source);
    h.add(embedded_headers_digest());
    for (const std::string& arg : compile_command("", "", "")) h.add(arg);
    h.add(AL0_CODEGEN_COMPILER_ID);
    h.add(AL0_CODEGEN_VERSION);
    return h.hex();
}

// Runs ARGV with its output in LOG; returns why it failed, or nothing.
std::optional<std::string> run(const std::vector<std::string>& argv, const std::string& log) {
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return "cannot run " + argv[0] + ": " + std::strerror(spawned);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return "lost the compiler: " + std::string(std::strerror(errno));
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;
    std::ifstream in(log);
    std::string first;
    std::getline(in, first);
    return argv[0] + " failed" + (first.empty() ? "" : ": " + first);
}

// A folder of a fresh name under FOLDER, removed with what it holds when this is destroyed.
class ScratchFolder {
  public:
    explicit ScratchFolder(const std::string& folder) {
        std::string pattern = folder + "/build-XXXXXX";
        if (mkdtemp(pattern.data())) path_ = pattern;
    }
    ~ScratchFolder() {
        std::error_code ignored;
        if (!path_.empty()) fs::remove_all(path_, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    [[nodiscard]] const std::string& path() const { return path_; }

  private:
    std::string path_;
};

// Compiles SOURCE into the shared object OBJECT; returns why it failed, or nothing.
std::optional<std::string> build(const std::string& source, const std::string& folder,
                                 const std::string& object) {
    const ScratchFolder scratch(folder);
    if (scratch.path().empty())
        return "cannot make a folder in " + folder + ": " + std::strerror(errno);
    for (const EmbeddedHeader& header : embedded_headers()) {
        const std::string path = scratch.path() + "/" + std::string(header.path);
        std::error_code error;
        fs::create_directories(fs::path(path).parent_path(), error);
        if (auto why = io::write_file(path, header.text)) return why;
    }
    const std::string unit = scratch.path() + "/goals.cpp", built = scratch.path() + "/goals.so";
    if (auto why = io::write_file(unit, source)) return why;
    if (auto why = run(compile_command(unit, built, scratch.path()), scratch.path() + "/log"))
        return why;
    // Why a rename: another process finds the whole object or none.
    if (std::rename(built.c_str(), object.c_str()) != 0)
        return "cannot move the goals into " + object + ": " + std::strerror(errno);
    return std::nullopt;
}

// Loads the shared object at PATH built for KEY with COUNT node-goal functions; or why not.
Expected<std::shared_ptr<const void>> open_library(const std::string& path, const std::string& key,
                                                   std::size_t count) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) return Error{"cannot load " + path + ": " + dlerror()};
    std::shared_ptr<const void> library(handle,
                                        [](const void* h) { dlclose(const_cast<void*>(h)); });
    const auto* stored_key = static_cast<const char*>(dlsym(handle, KEY_SYMBOL));
    const auto* stored_count = static_cast<const unsigned*>(dlsym(handle, NODE_GOALS_COUNT_SYMBOL));
    if (!stored_key || key != stored_key || !stored_count || *stored_count != count ||
        !dlsym(handle, NODE_GOALS_SYMBOL))
        return Error{path + " is not the goals it is named for"};
    return library;
}

} // namespace

std::optional<GoalMode> goal_mode_named(std::string_view name) {
    for (std::size_t i = 0; i < GOAL_MODE_NAMES.size(); ++i)
        if (GOAL_MODE_NAMES[i] == name) return GoalMode(i);
    return std::nullopt;
}

bool sanitized_build() { return *AL0_CODEGEN_UNAVAILABLE != '\0'; }

std::optional<std::string> why_no_compiler() {
    if (sanitized_build()) return AL0_CODEGEN_UNAVAILABLE;
    if (access(AL0_CODEGEN_COMPILER, X_OK) != 0)
        return std::string("the compiler al0 was built with, ") + AL0_CODEGEN_COMPILER +
               ", is not there";
    return std::nullopt;
}

std::size_t prune_goals_cache(const std::string& folder, std::size_t keep) {
    std::error_code error;
    const auto now = fs::file_time_type::clock::now();
    std::vector<std::pair<fs::file_time_type, fs::path>> objects;
    std::size_t removed = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
        const std::string name = entry.path().filename().string();
        const auto time = entry.last_write_time(error);
        if (error) continue; // gone meanwhile: another process pruned it
        if (name.starts_with("goals-") && name.ends_with(".so"))
            objects.emplace_back(time, entry.path());
        else if (name.starts_with("build-") && entry.is_directory(error) &&
                 now - time > std::chrono::hours(1))
            removed += fs::remove_all(entry.path(), error) > 0;
    }
    if (objects.size() <= keep) return removed;
    // Newest first; a process that has one of the removed objects loaded keeps its mapping.
    std::sort(objects.begin(), objects.end(), std::greater<>());
    for (std::size_t i = keep; i < objects.size(); ++i)
        removed += fs::remove(objects[i].second, error);
    return removed;
}

Expected<std::string> cache_folder() {
    if (const char* own = std::getenv("AL0_GOALS_CACHE"); own && *own) return std::string(own);
    const fs::path folder = io::default_cache_dir();
    if (folder.empty())
        return Error{"no cache folder: set AL0_GOALS_CACHE, XDG_CACHE_HOME or HOME"};
    return (folder / "goals").string();
}

namespace {

// Gives each advice of PROGRAM its function of the shared object of SOURCE, a table of
// NodeGoals (load_native_goals says how).
template <class NodeGoals>
Expected<GoalLibrary> load_goals(search::Program& program, const std::string& source,
                                 const BeforeBuild& before_build) {
    if (auto why = why_no_compiler()) return Error{*why};
    auto folder = cache_folder();
    if (!folder) return Error{folder.error()};
    std::error_code error;
    fs::create_directories(*folder, error);
    if (error) return Error{"cannot make the cache folder " + *folder + ": " + error.message()};
    const std::string key = key_of(source);
    GoalLibrary result{*folder + "/goals-" + key + ".so"};
    auto library = open_library(result.path, key, program.advice.size());
    if (!library) { // not in the cache yet, or not whole (a file left by hand)
        if (before_build && !before_build()) return Error{NOT_CACHED};
        const auto start = std::chrono::steady_clock::now();
        if (auto why = build(with_key(source, key), *folder, result.path)) return Error{*why};
        result.built = true;
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        library = open_library(result.path, key, program.advice.size());
        if (!library) return Error{library.error()};
        prune_goals_cache(*folder);
    } else { // used now: the last the cache would drop (a read-only cache keeps its times)
        fs::last_write_time(result.path, fs::file_time_type::clock::now(), error);
    }
    void* handle = const_cast<void*>(library->get());
    const auto* table = static_cast<const NodeGoals*>(dlsym(handle, NODE_GOALS_SYMBOL));
    for (std::size_t a = 0; a < program.advice.size(); ++a)
        program.advice[a].native_goals = reinterpret_cast<search::NativeFunction>(table[a]);
    // The filters' goals and the orders' measures, where the unit has them (endgame_goal_source's).
    if (const auto* filters = static_cast<const NodeGoals*>(dlsym(handle, FILTER_GOALS_SYMBOL)))
        for (std::size_t g = 0; g < program.generators.size(); ++g)
            program.generators[g].native_goal =
                reinterpret_cast<search::NativeFunction>(filters[g]);
    if (const auto* after =
            static_cast<const search::NativeFunction*>(dlsym(handle, FILTER_GOALS_AFTER_SYMBOL)))
        for (std::size_t g = 0; g < program.generators.size(); ++g)
            program.generators[g].native_goal_after = after[g];
    if (const auto* orders =
            static_cast<const search::NativeFunction*>(dlsym(handle, ORDER_MEASURES_AFTER_SYMBOL)))
        for (std::size_t g = 0; g < program.generators.size(); ++g)
            program.generators[g].native_measure_after = orders[g];
    // The root values the goals read (endgame_goal_source's).
    if (const auto* roots =
            static_cast<const search::NativeFunction*>(dlsym(handle, ROOT_VALUES_SYMBOL)))
        program.native_root_values.assign(roots, roots + program.root_values.size());
    // The whole searches (krk_goal_source's and endgame_goal_source's; each a FixedSearchFn of
    // its domain's state) and the rule choice, where the unit has them.
    if (const auto* searches =
            static_cast<const search::NativeFunction*>(dlsym(handle, ADVICE_SEARCH_SYMBOL)))
        for (std::size_t a = 0; a < program.advice.size(); ++a)
            program.advice[a].native_search = searches[a];
    if (const auto* choice = static_cast<const search::RuleChoiceFn<krk::KrkState>*>(
            dlsym(handle, RULE_CHOICE_SYMBOL)))
        program.native_rule_choice = reinterpret_cast<search::NativeFunction>(*choice);
    program.native_library = *library;
    return result;
}

} // namespace

Expected<GoalLibrary> load_native_goals(search::Program& program, const BeforeBuild& before_build) {
    const std::optional<std::string> source = krk_goal_source(program);
    if (!source) return Error{"its goals are not predicates of the native KRK library alone"};
    return load_goals<krk::predicates::NodeGoals>(program, *source, before_build);
}

Expected<GoalLibrary> load_endgame_goals(search::Program& program, const endgame::Roles& roles,
                                         const BeforeBuild& before_build) {
    auto source = endgame_goal_source(program, roles);
    if (!source) return Error{source.error()};
    return load_goals<endgame::NodeGoals>(program, *source, before_build);
}

Expected<GoalLibrary> load_krk_library_goals(search::Program& program,
                                             const BeforeBuild& before_build) {
    auto source = krk_library_goal_source(program);
    if (!source) return Error{source.error()};
    return load_goals<krk::predicates::NodeGoals>(program, *source, before_build);
}

void unload_native_goals(search::Program& program) {
    for (search::CompiledAdvice& a : program.advice) a.native_goals = a.native_search = nullptr;
    for (search::GeneratorNode& g : program.generators)
        g.native_goal = g.native_goal_after = g.native_measure_after = nullptr;
    program.native_rule_choice = nullptr;
    program.native_root_values.clear();
    program.native_library.reset();
}

} // namespace al0::codegen
