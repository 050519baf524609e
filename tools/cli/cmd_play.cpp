// al0 play [FEN]: the engine plays the strong side of any material it has a table for (White or
// Black) against a person (or a defender program) playing the other side: the board after every
// move with the moves so far beside it, table switches when the game converts, endings named,
// and the final board and PGN left on the screen.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/io/atomic_file.hpp"
#include "engine/play/pgn.hpp"
#include "engine/print/tree_format.hpp"
#include "tools/app/board_view.hpp"
#include "tools/app/defenders.hpp"
#include "tools/app/play_tables.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/pgn_output.hpp"
#include "tools/cli/practice_play.hpp"
#include "tools/cli/prompt_reader.hpp"
#include "tools/cli/standard_output.hpp"

#include <ctime>
#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_play {

constexpr const char* BOOK_START = "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1";

struct PlayOptions {
    std::string fen; // empty: BOOK_START, or with --practice a random won position
    std::string table = play::SHIPPED_TABLES;
    std::string defender = "human";
    std::uint64_t seed = 1;
    std::string pgn_file;
    bool ascii = false;
    std::uint64_t budget = search::Options{}.node_budget;
    bool practice = false;
    PracticeOptions practise; // --material, --set, --count
};

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }

// Returns the help for the person's side, its examples moves of that side in POS.
std::string help_text(const Position& pos, Color person) {
    std::string examples = "UCI or SAN";
    if (pos.side_to_move() == person && pos.has_legal_move()) {
        const Move m = generate_legal(pos)[0];
        examples = "UCI (" + to_uci(m) + "), SAN (" + to_san(pos, m) + ", any case)";
    }
    return std::string("Type ") + side_name(person) + "'s move as " + examples +
           ",\nor the king's target square; promote with e8=Q, e8q or e7e8q.\n"
           "Commands: help, fen (the position), tree (the current forcing tree), explain (how "
           "the\ncurrent plan was chosen), quit.\n";
}

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
    std::cout << print::tree_text(game.tree(), game.position(), game.cursor());
}

// Asks the person for a move; returns false when the game should stop (quit, end of input).
bool human_turn(play::Game& game, PromptReader& input) {
    const Color person = ~game.engine_side();
    const std::string prompt = std::string(side_name(person)) + "> ";
    for (;;) {
        const auto read = input.next_command(prompt);
        if (!read) return false;
        const std::string& text = *read;
        if (text == "quit" || text == "exit") return false;
        if (text == "help")
            std::cout << help_text(game.position(), person);
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

void show(const play::Game& game, bool ascii) {
    std::cout << draw_board_with_moves(game.position(), ascii, play::move_words(game))
              << describe_state(game.position()) << "\n";
}

int run_play(const PlayOptions& o) {
    if (o.practice) {
        PracticeOptions p = o.practise;
        p.fen = o.fen;
        p.seed = o.seed;
        p.pgn_file = o.pgn_file;
        p.date = today();
        p.ascii = o.ascii;
        return run_practice(p);
    }
    auto tables = play_tables(o.table);
    if (!tables) return fail(tables.error());
    auto start = read_start(*tables, o.fen.empty() ? BOOK_START : o.fen);
    if (!start) return fail(start.error());
    auto defender = make_defender(o.defender, o.seed, *start);
    if (!defender) return fail(defender.error());
    if (!o.pgn_file.empty())
        if (auto why = io::check_writable(o.pgn_file)) return fail(*why);
    const bool human = o.defender == "human";
    PromptReader input(MAX_PROMPT_LINE);

    auto started = play::Game::start(tables->source, *start, {o.budget, false});
    if (!started) return fail(started.error());
    play::Game& game = started.value();
    const Color engine = game.engine_side();
    const std::string first_table = game.table().name;
    std::cout << "al0 plays " << side_name(engine) << " with table " << game.table().name << " ("
              << game.table().roles.material << ")\n";
    show(game, o.ascii);
    if (human && input.interactive()) std::cout << help_text(game.position(), ~engine);
    bool stopped = false;
    while (!game.over() && !stopped) {
        check_standard_output();
        if (game.engine_to_move()) {
            auto m = game.engine_move();
            if (!m) {
                std::cout << "\nal0 has no move: " << m.error() << "\n";
                break;
            }
            if (!m->switched.empty())
                std::cout << "\nThe game converted: al0 now plays " << m->switched
                          << " and builds a new forcing tree\n";
            std::cout << "\n"
                      << side_name(engine) << " plays " << m->san << "  ("
                      << game.program().rules[m->rule].name << ": "
                      << game.program().advice[m->advice].name << ", "
                      << (m->rebuilt ? "new forcing tree" : "tree followed") << ")\n";
        } else if (human) {
            if (!human_turn(game, input))
                stopped = true;
            else
                std::cout << "\n"
                          << side_name(~engine) << " plays " << game.history().back().san << "\n";
        } else {
            Move m = (*defender)->choose(game.position());
            std::cout << "\n"
                      << side_name(~engine) << " plays " << to_san(game.position(), m) << "\n";
            if (auto why = game.opponent_move(m))
                return fail("defender chose an illegal move: " + *why);
        }
        if (!stopped) show(game, o.ascii);
    }
    std::cout << "\nGame over: " << (game.over() ? play::ending_name(game.ending()) : "stopped")
              << " (" << play::ending_result(game.ending(), game.position()) << ")\n";
    if (game.ending() == play::Ending::no_advice ||
        game.ending() == play::Ending::budget_exceeded ||
        game.ending() == play::Ending::depth_exceeded)
        explain(game);

    play::PgnHeaders headers;
    headers.engine = "al0 (" + first_table + ")";
    headers.opponent = o.defender;
    headers.date = today();
    std::string pgn = play::to_pgn(game, headers);
    return emit_pgn(pgn, o.pgn_file);
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<PlayOptions>();
    auto* app = parent.add_subcommand(
        "play", "Play an endgame: the engine has the strong side (White or Black), you (or a "
                "defender) the other");
    app->add_option("fen", o->fen,
                    "Start position, of any material al0 has a table for (default: the book's "
                    "KRK example, " +
                        std::string(BOOK_START) +
                        "; with --practice: a random won position of --material)");
    app->add_option("--table", o->table,
                    "Advice table: a file or a built-in name, or auto (the shipped table of each "
                    "material)")
        ->capture_default_str();
    app->add_option("--defender", o->defender, "Who plays the other side: " + defender_names())
        ->capture_default_str();
    add_count(app, "--seed", o->seed,
              "Seed of the random defender, and of --practice's random positions",
              std::uint64_t{0});
    app->add_option("--pgn", o->pgn_file, "Write the PGN to this file instead of printing it")
        ->check(FILE_NAME);
    app->add_flag("--ascii", o->ascii, "Plain ASCII board");
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    auto* practice = app->add_flag("--practice", o->practice,
                                   "You play the strong side of a won position, al0 defends with "
                                   "the tablebase's longest resistance; every move of yours is "
                                   "graded (commands hint and why)");
    app->add_option("--material", o->practise.material,
                    "With --practice: the material of a random start or of --set worst/random")
        ->capture_default_str()
        ->needs(practice);
    app->add_option("--set", o->practise.set,
                    "With --practice: a series of exercises: worst (where the shipped table is "
                    "slowest, verify's worst lines), random, or a file of FENs (one a line)")
        ->needs(practice);
    add_count(app, "--count", o->practise.count,
              "With --practice --set worst or random: how many exercises", 1, 1000)
        ->needs(practice);
    return {app, [o] { return run_play(*o); }};
}

const RegisterCommand registered(45, setup);

} // namespace cmd_play
} // namespace al0::tools
