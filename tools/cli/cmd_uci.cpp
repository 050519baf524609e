// al0 uci: the UCI protocol on stdin and stdout, so chess GUIs and match runners can use al0.

#include "engine/io/line_reader.hpp"
#include "engine/play/uci_session.hpp"
#include "engine/tablebase/probe.hpp"
#include "tools/app/play_tables.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/standard_output.hpp"

#include <unistd.h>

#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_uci {

struct UciOptions {
    std::string table = play::SHIPPED_TABLES;
    std::uint64_t budget = search::Options{}.node_budget;
};

int run_uci(const UciOptions& o) {
    auto tables = play_tables(o.table);
    if (!tables) return fail(tables.error());
    auto load = [](const std::string& spec) -> Expected<play::Table> {
        auto loaded = play_tables(spec);
        if (!loaded) return Error{loaded.error()};
        return loaded->chosen;
    };
    play::UciSession session(load, shipped, o.table, tables->chosen,
                             std::string("al0 ") + AL0_VERSION, {o.budget, false});
    // al0 defends too, when the GUI asks it to move for the weak side.
    auto registry = std::make_shared<tablebase::Registry>();
    session.set_defence(
        [registry](const Position& pos) { return tablebase::best_move(*registry, pos); });
    session.set_sink([](const std::string& answer) { std::cout << answer << '\n' << std::flush; });
    // Why a bounded reader: a line longer than the session takes is never held whole.
    io::LineReader input(STDIN_FILENO, play::max_line_length);
    io::Line line;
    // Why the check: a GUI that stopped reading gets no answers, so none are worth working on.
    while (!session.quit() && !standard_output_failed() &&
           input.next(line) == io::LineReader::Status::line)
        session.receive(line.text, line.length);
    session.end_of_input(); // a running search is stopped and answers at once
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<UciOptions>();
    auto* app = parent.add_subcommand(
        "uci", "Speak UCI on stdin/stdout (for chess GUIs and match runners)");
    app->add_option(
           "--table", o->table,
           "Advice table: a file or a built-in name, or auto for the shipped table of each "
           "material (UCI option Table)")
        ->capture_default_str();
    add_count(app, "--budget", o->budget, "Search node budget (UCI option Budget)",
              std::uint64_t{1}, play::MAX_UCI_BUDGET);
    return {app, [o] { return run_uci(*o); }};
}

const RegisterCommand registered(80, setup);

} // namespace cmd_uci
} // namespace al0::tools
