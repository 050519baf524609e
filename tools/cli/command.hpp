#pragma once
// How a subcommand joins the al0 command line: each tools/cli/cmd_*.cpp file registers one setup
// function, which adds its CLI11 subcommand and returns the function that runs it.

#include "tools/app/search_limit.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace al0::tools {

// Exit statuses of README, Commands.
inline constexpr int EXIT_OK = 0;
inline constexpr int EXIT_CHECK_FAILED = 1;
inline constexpr int EXIT_BAD_INPUT = 2;

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;
    // Whether its work repays compiling a table's goals the cache does not have (set_goal_builds).
    bool compiles_goals = false;
};

using CommandSetup = Command (*)(CLI::App& parent);

// Registers a subcommand; `order` fixes where it appears in --help (smaller first).
struct RegisterCommand {
    RegisterCommand(int order, CommandSetup setup);
};

struct RegisteredCommand {
    int order;
    CommandSetup setup;
};
std::vector<RegisteredCommand>& registered_commands();

// Refuses an empty value of an option that names a file (`--pgn ''`), which would else read as
// the option not given.
inline const CLI::Validator FILE_NAME(
    [](std::string& value) { return value.empty() ? std::string("must name a file") : ""; },
    "FILE");

// Prints "al0: error: message" to stderr and returns the bad-input status.
int fail(const std::string& message, int status = EXIT_BAD_INPUT);

// Prints the message of a search stopped at a limit (search_limit_text) and returns
// EXIT_CHECK_FAILED. The outcome must be a search limit.
inline int search_limit_failure(const search::Program& program, int advice, search::Outcome outcome,
                                std::uint64_t budget) {
    return fail(search_limit_text(program, advice, outcome, budget), EXIT_CHECK_FAILED);
}

} // namespace al0::tools
