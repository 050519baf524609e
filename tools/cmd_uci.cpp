// al0 uci: the UCI protocol on stdin and stdout, so chess GUIs and match runners can use al0.

#include "engine/play/uci_session.hpp"
#include "tools/command.hpp"
#include "tools/krk_setup.hpp"

#include <iostream>
#include <memory>

namespace al0::tools {
namespace {

struct UciOptions {
    std::string table = DEFAULT_KRK_TABLE;
    std::uint64_t budget = search::Options{}.node_budget;
};

int run_uci(const UciOptions& o) {
    auto program = load_krk_program(o.table);
    if (!program) return fail(program.error());
    auto load = [](const std::string& spec) { return load_krk_program(spec); };
    play::UciSession session(load, o.table, *program, std::string("al0 ") + AL0_VERSION,
                             {o.budget, false});
    std::string line;
    while (!session.quit() && std::getline(std::cin, line)) {
        for (const std::string& answer : session.handle(line)) std::cout << answer << '\n';
        std::cout.flush();
    }
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<UciOptions>();
    auto* app = parent.add_subcommand(
        "uci", "Speak UCI on stdin/stdout (for chess GUIs and match runners)");
    app->add_option("--table", o->table,
                    "Advice table: a file or a built-in name (UCI option Table)")
        ->capture_default_str();
    app->add_option("--budget", o->budget, "Search node budget (UCI option Budget)")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{2147483647}));
    return {app, [o] { return run_uci(*o); }};
}

const RegisterCommand registered(80, setup);

} // namespace
} // namespace al0::tools
