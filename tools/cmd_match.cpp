// al0 match --opponent CMD: al0 plays White against a UCI engine playing Black, from random legal
// KRK positions (or FENs from a file); the adjudicator checks every move; each game and the totals
// (mates, mean moves to mate, mean over the tablebase optimum) are reported.

#include "engine/io/atomic_file.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/krk_states.hpp"
#include "tools/command.hpp"
#include "tools/count_option.hpp"
#include "tools/krk_setup.hpp"
#include "tools/match_game.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <random>

namespace al0::tools {
namespace {

// The longest --movetime: an hour (the wait for the answer adds a grace period to it).
constexpr int MAX_MOVETIME_MS = 3'600'000;

struct MatchOptions {
    std::string opponent;
    int games = 20;
    std::string fens_file;
    std::uint64_t seed = 1;
    int movetime_ms = 50;
    std::string pgn_file;
    std::string table = DEFAULT_KRK_TABLE;
    std::uint64_t budget = search::Options{}.node_budget;
    int require_mate_within = 50;
};

// Returns `count` positions drawn uniformly (with replacement) from every legal KRK position
// with White to move.
std::vector<Position> random_starts(int count, std::uint64_t seed) {
    const std::vector<std::int32_t> legal = verify::legal_white_states();
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
    std::vector<Position> starts;
    for (int i = 0; i < count; ++i)
        starts.push_back(krk::to_position(verify::state_at(legal[pick(rng)])));
    return starts;
}

// Returns the KRK positions of a file, one FEN a line (blank lines and # comments skipped), at
// most `count` of them.
Expected<std::vector<Position>> file_starts(const std::string& file, int count) {
    std::ifstream in(file);
    if (!in) return Error{"cannot read " + file};
    std::vector<Position> starts;
    std::string line;
    for (int number = 1; int(starts.size()) < count && std::getline(in, line); ++number) {
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        auto pos =
            read_krk_position(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first), true);
        if (!pos) return Error{file + ":" + std::to_string(number) + ": " + pos.error()};
        starts.push_back(*pos);
    }
    if (starts.empty()) return Error{file + " holds no FEN"};
    return starts;
}

std::string movetext(const MatchGame& g) {
    std::string text;
    int number = g.start.fullmove_number();
    for (std::size_t i = 0; i < g.sans.size(); ++i) {
        if (i % 2 == 0)
            text += (i ? " " : "") + std::to_string(number++) + ". ";
        else
            text += " ";
        text += g.sans[i];
    }
    return text;
}

std::string fixed(double value, const char* format = "%.2f") {
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// The match's running totals and its closing note.
struct Totals {
    int games = 0, mates = 0, moves_to_mate = 0, optimal_moves = 0;
    int worst_excess = std::numeric_limits<int>::min(); // over optimal, among the mates
    std::vector<int> missed; // games (from 1) that did not end in mate within the limit

    void add(const MatchGame& g, int optimal, int mate_within) {
        ++games;
        if (g.mated()) {
            ++mates;
            moves_to_mate += g.white_moves;
            optimal_moves += optimal;
            worst_excess = std::max(worst_excess, g.white_moves - optimal);
        }
        if (!g.mated() || (mate_within > 0 && g.white_moves > mate_within)) missed.push_back(games);
    }

    void print(std::ostream& out) const {
        out << "\nMates: " << mates << " of " << games << "; other endings: " << games - mates
            << "\n";
        if (mates == 0) return;
        out << "Mean moves to mate: " << fixed(double(moves_to_mate) / mates) << " (optimal "
            << fixed(double(optimal_moves) / mates) << "); mean over optimal: "
            << fixed(double(moves_to_mate - optimal_moves) / mates, "%+.2f") << " (worst "
            << fixed(worst_excess, "%+.0f") << ")\n";
    }
};

// Prints one game: its start, its moves, how it ended and the tablebase optimum.
void print_game(std::ostream& out, int number, const MatchGame& g, int optimal) {
    out << "\nGame " << number << ": " << g.start.fen() << "\n  " << movetext(g) << "\n  "
        << g.outcome() << " (" << play::ending_result(g.ending, g.final) << "); optimal: mate in "
        << optimal;
    if (g.mated()) out << ", " << fixed(g.white_moves - optimal, "%+.0f") << " over optimal";
    out << "\n";
}

int run_match(const MatchOptions& o, bool games_given) {
    auto program = load_krk_program(o.table);
    if (!program) return fail(program.error());
    auto starts = o.fens_file.empty()
                      ? Expected<std::vector<Position>>(random_starts(o.games, o.seed))
                      : file_starts(o.fens_file, games_given ? o.games : INT32_MAX);
    if (!starts) return fail(starts.error());
    if (!o.pgn_file.empty())
        if (auto why = io::check_writable(o.pgn_file)) return fail(*why);
    auto opponent = UciEngine::start(o.opponent);
    if (!opponent) return fail(opponent.error());
    const auto tablebase = tablebase::KrkTablebase::build();
    const MatchSettings settings{o.movetime_ms, {o.budget, false}, "al0 (" + o.table + ")"};

    std::cout << "al0 (" << o.table << ") v " << opponent.value()->name() << ": " << starts->size()
              << " games, movetime " << o.movetime_ms << " ms"
              << (o.fens_file.empty() ? ", seed " + std::to_string(o.seed)
                                      : ", FENs from " + o.fens_file)
              << "\n";
    std::string pgns;
    Totals totals;
    for (std::size_t i = 0; i < starts->size(); ++i) {
        const Position& start = (*starts)[i];
        const MatchGame g = play_match_game(*program, start, *opponent.value(), settings);
        const int optimal = tablebase.white_mate_in(start);
        print_game(std::cout, int(i) + 1, g, optimal);
        totals.add(g, optimal, o.require_mate_within);
        pgns += g.pgn + "\n";
        // Why: after a failure the engine may be dead or confused; the next game gets a fresh one.
        if (!g.failure.empty() && i + 1 < starts->size()) {
            opponent = UciEngine::start(o.opponent);
            if (!opponent) return fail(opponent.error());
        }
    }
    totals.print(std::cout);
    if (!o.pgn_file.empty()) {
        std::cout.flush(); // first: the PGN file may be this very stream (/dev/stdout)
        if (auto why = io::write_file(o.pgn_file, pgns)) return fail(*why);
        std::cout << "PGNs written to " << o.pgn_file << "\n";
    }
    if (totals.missed.empty()) {
        std::cout << "All " << totals.games << " games ended in mate"
                  << (o.require_mate_within
                          ? " within " + std::to_string(o.require_mate_within) + " moves"
                          : "")
                  << ".\n";
        return EXIT_OK;
    }
    std::string list;
    for (int n : totals.missed) list += (list.empty() ? "" : ", ") + std::to_string(n);
    return fail(std::to_string(totals.missed.size()) + " of " + std::to_string(totals.games) +
                    " games did not end in mate" +
                    (o.require_mate_within
                         ? " within " + std::to_string(o.require_mate_within) + " moves"
                         : "") +
                    ": game " + list,
                EXIT_CHECK_FAILED);
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<MatchOptions>();
    auto* app = parent.add_subcommand(
        "match", "Play White against a UCI engine (e.g. Stockfish) playing Black");
    app->add_option("--opponent", o->opponent, "The UCI engine's command (shell text)")->required();
    auto* games =
        add_count(app, "--games", o->games, "Number of games (with --fens: at most this many)", 1);
    app->add_option("--fens", o->fens_file,
                    "Start positions: a file with one FEN a line (White to move)");
    add_count(app, "--seed", o->seed, "Seed of the random start positions", std::uint64_t{0});
    add_count(app, "--movetime", o->movetime_ms, "The opponent's time per move, in ms", 1,
              MAX_MOVETIME_MS);
    app->add_option("--pgn", o->pgn_file, "Write the games' PGNs to this file");
    app->add_option("--table", o->table, "Advice table: a file or a built-in name")
        ->capture_default_str();
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    add_count(app, "--require-mate-within", o->require_mate_within,
              "Exit 1 unless every game ends in mate within this many moves (0: any mate)", 0);
    return {app, [o, games] { return run_match(*o, games->count() > 0); }};
}

const RegisterCommand registered(85, setup);

} // namespace
} // namespace al0::tools
