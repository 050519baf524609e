// The al0 command line: global flags and logging set-up; subcommands live in cmd_*.cpp.

#include "engine/io/atomic_file.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/standard_output.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iostream>

namespace al0::tools {

std::vector<RegisteredCommand>& registered_commands() {
    static std::vector<RegisteredCommand> commands;
    return commands;
}

RegisterCommand::RegisterCommand(int order, CommandSetup setup) {
    registered_commands().push_back({order, setup});
}

int fail(const std::string& message, int status) {
    std::cerr << "al0: error: " << message << "\n";
    return status;
}

namespace {

// Creates the named loggers the libraries write to; they never set up sinks themselves.
void set_up_logging(spdlog::level::level_enum level) {
    auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    for (const char* name : {"advice", "search", "engine", "al0"}) {
        auto logger = std::make_shared<spdlog::logger>(name, sink);
        logger->set_level(level);
        logger->set_pattern("[%n] %^%l%$: %v");
        spdlog::register_logger(logger);
    }
}

} // namespace
} // namespace al0::tools

namespace {

// Returns STATUS, or the error status after reporting it when standard output lost a write.
int checked_output(int status) {
    if (auto error = al0::tools::flush_standard_output()) return al0::tools::fail(*error);
    return status;
}

} // namespace

int main(int argc, char** argv) {
    using namespace al0::tools;
    guard_standard_streams();
    al0::io::report_file_size_errors(); // before any thread starts
    CLI::App app{"al0 - a chess endgame advice-table engine (Bratko's Advice Language 0)", "al0"};
    app.set_version_flag("--version", std::string("al0 ") + AL0_VERSION);
    app.require_subcommand(0, 1); // none given: the clear error at the end of main
    app.fallthrough();
    int verbosity = 0;
    std::string log_level = "warn";
    app.add_flag("-v,--verbose", verbosity, "More log output on stderr (-v info, -vv debug)");
    app.add_option("--log-level", log_level, "Log level: trace, debug, info, warn, error, off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
    std::string goals = "auto";
    app.add_option(
           "--goals", goals,
           "How a table tests its goals (on the native KRK library, krk_bratko, and on the "
           "chess library, every table loaded by name or file): compiled "
           "to machine code by al0's compiler, once, then cached in $AL0_GOALS_CACHE or "
           "~/.cache/al0/goals (compiled; auto: from the cache, and compiled where the work "
           "repays the seconds it takes, in verify, reach and bench; else interpreted, with a "
           "warning when they cannot be compiled), or interpreted")
        ->check(CLI::IsMember(std::vector<std::string>(al0::codegen::GOAL_MODE_NAMES.begin(),
                                                       al0::codegen::GOAL_MODE_NAMES.end())))
        ->capture_default_str();

    auto& registry = registered_commands();
    std::stable_sort(registry.begin(), registry.end(),
                     [](const auto& a, const auto& b) { return a.order < b.order; });
    std::vector<Command> commands;
    for (const auto& r : registry) commands.push_back(r.setup(app));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return checked_output(app.exit(e));
    } catch (const CLI::CallForAllHelp& e) {
        return checked_output(app.exit(e));
    } catch (const CLI::CallForVersion& e) {
        return checked_output(app.exit(e));
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return checked_output(app.exit(e));
        return fail(e.what());
    }

    auto level = spdlog::level::from_str(log_level);
    if (verbosity == 1) level = std::min(level, spdlog::level::info);
    if (verbosity >= 2) level = std::min(level, spdlog::level::debug);
    set_up_logging(level);
    set_goal_mode(*al0::codegen::goal_mode_named(goals));

    for (const Command& c : commands)
        if (c.app->parsed()) {
            set_goal_builds(c.compiles_goals);
            try {
                return checked_output(c.run());
            } catch (const OutputError& e) {
                return fail(e.what());
            } catch (const std::exception& e) {
                return checked_output(fail(e.what()));
            }
        }
    return fail("no subcommand given (see al0 --help)");
}
