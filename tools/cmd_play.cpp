// al0 play [FEN]: the engine plays White by its advice table against a person (or a defender
// program) playing Black; the board after every move, endings named, a PGN at the end.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/io/atomic_file.hpp"
#include "engine/io/line_reader.hpp"
#include "engine/krk/tree_format.hpp"
#include "engine/play/pgn.hpp"
#include "tools/board_view.hpp"
#include "tools/command.hpp"
#include "tools/count_option.hpp"
#include "tools/defenders.hpp"
#include "tools/krk_setup.hpp"

#include <unistd.h>

#include <ctime>
#include <iostream>
#include <memory>

namespace al0::tools {
namespace {

constexpr const char* BOOK_START = "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1";

struct PlayOptions {
    std::string fen = BOOK_START;
    std::string table = DEFAULT_KRK_TABLE;
    std::string defender = "human";
    std::uint64_t seed = 1;
    std::string pgn_file;
    bool ascii = false;
    std::uint64_t budget = search::Options{}.node_budget;
};

const char* HELP_TEXT =
    "Type Black's move as UCI (c2d3), SAN (Kd3) or the king's target square (d3).\n"
    "Commands: help, fen (the position), tree (the current forcing tree), explain (how the\n"
    "current plan was chosen), quit.\n";

// Returns today's date as PGN writes it, YYYY.MM.DD.
std::string today() {
    std::time_t now = std::time(nullptr);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", std::localtime(&now));
    return text;
}

void explain(const play::Game& game) {
    const auto& r = game.last_search();
    const auto& prog = game.program();
    if (r.rule < 0 && r.attempts.empty()) {
        std::cout << "No plan has been made yet.\n";
        return;
    }
    std::cout << "Rule " << prog.rules[r.rule].name << " applied; advice tried in order:\n";
    for (const auto& a : r.attempts)
        std::cout << "  " << prog.advice[a.advice].name << ": "
                  << (a.failure == search::Failure::none              ? "satisfied"
                      : a.failure == search::Failure::budget_exceeded ? "search budget exceeded"
                      : a.failure == search::Failure::depth_exceeded ? "search depth limit exceeded"
                                                                     : "not satisfiable")
                  << " (" << a.nodes << " nodes)\n";
}

void show_tree(const play::Game& game) {
    if (!game.has_tree()) {
        std::cout << "No current forcing tree: the engine builds a new one at its next move.\n";
        return;
    }
    std::cout << krk::tree_text(game.tree(), game.position(), game.cursor());
}

// The longest input line read: a move or a command is a few bytes; a longer line is refused
// without being held or echoed whole.
constexpr std::size_t MAX_INPUT_LINE = 1024;

// Asks the person for Black's move; returns false when the game should stop (quit, end of input).
bool human_turn(play::Game& game, bool interactive, io::LineReader& input) {
    for (;;) {
        if (interactive) std::cout << "Black> " << std::flush;
        io::Line read;
        if (input.next(read) != io::LineReader::Status::line) return false;
        if (read.overlong()) {
            std::cout << (interactive ? "" : "Black> ...\n") << "Refused: an input line of "
                      << read.length << " bytes (at most " << MAX_INPUT_LINE << ")\n";
            continue;
        }
        const std::string& line = read.text;
        auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos) continue;
        std::string text = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
        if (!interactive) std::cout << "Black> " << text << "\n";
        if (text == "quit" || text == "exit") return false;
        if (text == "help")
            std::cout << HELP_TEXT;
        else if (text == "fen")
            std::cout << game.position().fen() << "\n";
        else if (text == "tree")
            show_tree(game);
        else if (text == "explain")
            explain(game);
        else {
            auto move = parse_move_input(game.position(), text);
            if (!move) {
                std::cout << "Refused: " << move.error() << "\n";
                continue;
            }
            if (auto why = game.opponent_move(*move)) {
                std::cout << "Refused: " << *why << "\n";
                continue;
            }
            return true;
        }
    }
}

int run_play(const PlayOptions& o) {
    auto program = load_krk_program(o.table);
    if (!program) return fail(program.error());
    auto start = read_krk_position(o.fen, false);
    if (!start) return fail(start.error());
    auto defender = make_defender(o.defender, o.seed);
    if (!defender) return fail(defender.error());
    if (!o.pgn_file.empty())
        if (auto why = io::check_writable(o.pgn_file)) return fail(*why);
    const bool human = o.defender == "human";
    const bool interactive = human && isatty(STDIN_FILENO);

    play::Game game(*program, *start, {o.budget, false});
    std::cout << draw_board(game.position(), o.ascii) << describe_state(game.position()) << "\n";
    if (interactive) std::cout << HELP_TEXT;
    bool stopped = false;
    io::LineReader input(STDIN_FILENO, MAX_INPUT_LINE);
    while (!game.over() && !stopped) {
        if (game.engine_to_move()) {
            auto m = game.engine_move();
            if (!m) break;
            std::cout << "\nWhite plays " << m->san << "  (" << program->rules[m->rule].name << ": "
                      << program->advice[m->advice].name << ", "
                      << (m->rebuilt ? "new forcing tree" : "tree followed") << ")\n";
        } else if (human) {
            if (!human_turn(game, interactive, input))
                stopped = true;
            else
                std::cout << "\nBlack plays " << game.history().back().san << "\n";
        } else {
            Move m = (*defender)->choose(game.position());
            std::cout << "\nBlack plays " << to_san(game.position(), m) << "\n";
            if (auto why = game.opponent_move(m))
                return fail("defender chose an illegal move: " + *why);
        }
        if (!stopped)
            std::cout << draw_board(game.position(), o.ascii) << describe_state(game.position())
                      << "\n";
    }
    std::cout << "\nGame over: " << (game.over() ? play::ending_name(game.ending()) : "stopped")
              << " (" << play::ending_result(game.ending(), game.position()) << ")\n";
    if (game.ending() == play::Ending::no_advice ||
        game.ending() == play::Ending::budget_exceeded ||
        game.ending() == play::Ending::depth_exceeded)
        explain(game);

    play::PgnHeaders headers;
    headers.white = "al0 (" + o.table + ")";
    headers.black = o.defender;
    headers.date = today();
    std::string pgn = play::to_pgn(game, headers);
    if (o.pgn_file.empty()) {
        std::cout << "\n" << pgn;
    } else {
        std::cout.flush(); // first: the PGN file may be this very stream (/dev/stdout)
        if (auto why = io::write_file(o.pgn_file, pgn)) return fail(*why);
        std::cout << "PGN written to " << o.pgn_file << "\n";
    }
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<PlayOptions>();
    auto* app = parent.add_subcommand(
        "play", "Play a KRK game: the engine has White, you (or a defender) Black");
    app->add_option("fen", o->fen, "Start position (default: the book's example)")
        ->capture_default_str();
    app->add_option("--table", o->table, "Advice table: a file or a built-in name")
        ->capture_default_str();
    app->add_option("--defender", o->defender, "Who plays Black: " + defender_names())
        ->capture_default_str();
    add_count(app, "--seed", o->seed, "Seed of the random defender", std::uint64_t{0});
    app->add_option("--pgn", o->pgn_file, "Write the PGN to this file instead of printing it");
    app->add_flag("--ascii", o->ascii, "Plain ASCII board");
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    return {app, [o] { return run_play(*o); }};
}

const RegisterCommand registered(45, setup);

} // namespace
} // namespace al0::tools
