// al0 match --opponent CMD: al0 plays the strong side against a UCI engine, from random won
// positions of each shipped material (or of --material, or FENs from a file); the adjudicator
// checks every move; each game and the totals per material (mates, mean moves to mate, mean over
// the tablebase optimum) are reported. With --strong CMD a UCI engine plays the strong side in
// al0's place, so that it can be compared with al0 from the same starts against the same
// opponent.

#include "engine/chess/material.hpp"
#include "engine/endgame/think.hpp"
#include "engine/io/atomic_file.hpp"
#include "engine/tablebase/probe.hpp"
#include "tools/app/match_game.hpp"
#include "tools/app/play_tables.hpp"
#include "tools/app/random_starts.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/standard_output.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <random>

namespace al0::tools {
namespace cmd_match {

// The longest --movetime: an hour (the wait for the answer adds a grace period to it).
constexpr int MAX_MOVETIME_MS = 3'600'000;

struct MatchOptions {
    std::string opponent;
    std::string strong; // empty: al0's table plays the strong side
    int games = 20;
    std::vector<std::string> materials; // empty: every shipped material
    std::string fens_file;
    std::uint64_t seed = 1;
    int movetime_ms = 50;
    std::string pgn_file;
    std::string table = play::SHIPPED_TABLES;
    std::uint64_t budget = search::Options{}.node_budget;
    int require_mate_within = 50;
};

// The longest line of a --fens file: a FEN is under 100 bytes, a comment may be longer.
constexpr std::size_t MAX_FENS_LINE = 4096;

// Returns the positions of a file, one FEN a line (blank lines and # comments skipped), at most
// COUNT of them; each must be of a material al0 has a table for, its strong side to move.
Expected<std::vector<Position>> file_starts(const std::string& file, int count,
                                            const PlayTables& tables) {
    std::ifstream in(file);
    if (!in) return Error{"cannot read " + file};
    std::vector<Position> starts;
    std::vector<char> text(MAX_FENS_LINE + 1);
    for (int number = 1; int(starts.size()) < count; ++number) {
        // Why a bounded read: a file without newlines (/dev/zero) must not be held whole.
        in.getline(text.data(), std::streamsize(text.size()));
        if (in.fail() && in.eof()) break;
        if (in.fail())
            return Error{file + ":" + std::to_string(number) + ": a line longer than " +
                         std::to_string(MAX_FENS_LINE) + " bytes"};
        const std::string line(text.data());
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        const std::string fen = line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
        auto pos = read_start(tables, fen);
        std::string why = pos ? "" : pos.error();
        if (pos && pos->side_to_move() != stronger_side(*pos))
            why = "al0 plays the strong side: the position must have it to move";
        if (!why.empty()) return Error{file + ":" + std::to_string(number) + ": " + why};
        starts.push_back(*pos);
    }
    if (starts.empty()) return Error{file + " holds no FEN"};
    return starts;
}

std::string movetext(const MatchGame& g) {
    std::string text;
    for (const std::string& w : g.moves) text += (text.empty() ? "" : " ") + w;
    return text;
}

std::string fixed(double value, const char* format = "%.2f") {
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// The running totals of one material and its closing note.
struct Totals {
    int games = 0, mates = 0, moves_to_mate = 0, optimal_moves = 0, switches = 0;
    int worst_excess = std::numeric_limits<int>::min(); // over optimal, among the mates

    void add(const MatchGame& g, int optimal) {
        ++games;
        switches += g.switches;
        if (!g.mated()) return;
        ++mates;
        moves_to_mate += g.engine_moves;
        optimal_moves += optimal;
        worst_excess = std::max(worst_excess, g.engine_moves - optimal);
    }

    void print(std::ostream& out, const std::string& material) const {
        out << material << ": mates " << mates << " of " << games;
        if (mates > 0)
            out << "; mean moves to mate " << fixed(double(moves_to_mate) / mates) << " (optimal "
                << fixed(double(optimal_moves) / mates) << "); mean over optimal "
                << fixed(double(moves_to_mate - optimal_moves) / mates, "%+.2f") << " (worst "
                << fixed(worst_excess, "%+.0f") << ")";
        if (switches > 0) out << "; table switches " << switches;
        out << "\n";
    }
};

// Prints one game: its start, its moves, how it ended and the tablebase optimum.
void print_game(std::ostream& out, int number, const MatchGame& g, int optimal) {
    out << "\nGame " << number << ": " << g.start.fen() << "\n  " << movetext(g) << "\n  "
        << g.outcome() << " (" << play::ending_result(g.ending, g.final) << "); optimal: mate in "
        << optimal;
    if (g.mated()) out << ", " << fixed(g.engine_moves - optimal, "%+.0f") << " over optimal";
    out << "\n";
}

// Returns the start positions: from the --fens file, else random won positions of each material.
Expected<std::vector<Position>> starts_of(const MatchOptions& o, bool games_given,
                                          const PlayTables& tables, tablebase::Registry& tb) {
    if (!o.fens_file.empty())
        return file_starts(o.fens_file, games_given ? o.games : INT32_MAX, tables);
    // Without --material: the --table's material, else every shipped one.
    std::vector<std::string> materials = !o.materials.empty() ? o.materials
                                         : tables.chosen
                                             ? std::vector{tables.chosen->roles.material}
                                             : shipped_materials();
    std::mt19937_64 rng(o.seed);
    std::vector<Position> starts;
    for (const std::string& material : materials) {
        if (auto table = tables.source(material); !table) return Error{table.error()};
        auto some = random_starts(material, o.games, rng, tb);
        if (!some) return Error{some.error()};
        starts.insert(starts.end(), some->begin(), some->end());
    }
    return starts;
}

int run_match(const MatchOptions& o, bool games_given) {
    auto tables = play_tables(o.table);
    if (!tables) return fail(tables.error());
    tablebase::Registry tb;
    auto starts = starts_of(o, games_given, *tables, tb);
    if (!starts) return fail(starts.error());
    if (!o.pgn_file.empty())
        if (auto why = io::check_writable(o.pgn_file)) return fail(*why);
    auto opponent = UciEngine::start(o.opponent);
    if (!opponent) return fail(opponent.error());
    std::unique_ptr<UciEngine> strong;
    if (!o.strong.empty()) {
        auto started = UciEngine::start(o.strong);
        if (!started) return fail(started.error());
        strong = std::move(started.value());
    }
    const std::string engine_name = strong ? strong->name() : "al0 (" + tables->name + ")";
    const MatchSettings settings{o.movetime_ms, {o.budget, false}, engine_name, strong.get()};

    std::cout << engine_name << " v " << opponent.value()->name() << ": " << starts->size()
              << " games, movetime " << o.movetime_ms << " ms"
              << (o.fens_file.empty() ? ", seed " + std::to_string(o.seed)
                                      : ", FENs from " + o.fens_file)
              << "\n";
    std::string pgns;
    std::vector<std::pair<std::string, Totals>> totals; // per material, in order of play
    std::vector<int> missed; // games (from 1) that did not end in mate within the limit
    for (std::size_t i = 0; i < starts->size(); ++i) {
        const Position& start = (*starts)[i];
        const MatchGame g = play_match_game(tables->source, start, *opponent.value(), settings);
        const int optimal = tablebase::probe(tb, start).mate_in;
        print_game(std::cout, int(i) + 1, g, optimal);
        check_standard_output();
        const std::string material = material_signature(start);
        if (totals.empty() || totals.back().first != material) totals.push_back({material, {}});
        totals.back().second.add(g, optimal);
        if (!g.mated() || (o.require_mate_within > 0 && g.engine_moves > o.require_mate_within))
            missed.push_back(int(i) + 1);
        pgns += g.pgn + "\n";
        // Why: after a failure the engine may be dead or confused; the next game gets a fresh one.
        if (!g.failure.empty() && i + 1 < starts->size()) {
            opponent = UciEngine::start(o.opponent);
            if (!opponent) return fail(opponent.error());
            if (strong) {
                auto restarted = UciEngine::start(o.strong);
                if (!restarted) return fail(restarted.error());
                strong = std::move(restarted.value());
            }
        }
    }
    std::cout << "\n";
    for (const auto& [material, t] : totals) t.print(std::cout, material);
    if (!o.pgn_file.empty()) {
        std::cout.flush(); // first: the PGN file may be this very stream (/dev/stdout)
        if (auto why = io::write_file(o.pgn_file, pgns)) return fail(*why);
        std::cout << "PGNs written to " << o.pgn_file << "\n";
    }
    const std::string within =
        o.require_mate_within ? " within " + std::to_string(o.require_mate_within) + " moves" : "";
    if (missed.empty()) {
        std::cout << "All " << starts->size() << " games ended in mate" << within << ".\n";
        return EXIT_OK;
    }
    std::string list;
    for (int n : missed) list += (list.empty() ? "" : ", ") + std::to_string(n);
    return fail(std::to_string(missed.size()) + " of " + std::to_string(starts->size()) +
                    " games did not end in mate" + within + ": game " + list,
                EXIT_CHECK_FAILED);
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<MatchOptions>();
    auto* app = parent.add_subcommand(
        "match", "Play the strong side of won endgames against a UCI engine (e.g. Stockfish)");
    app->add_option("--opponent", o->opponent, "The UCI engine's command (shell text)")->required();
    app->add_option("--strong", o->strong,
                    "A UCI engine's command that plays the strong side instead of al0 (same "
                    "starts, same opponent, --movetime per move): to compare it with al0");
    auto* games = add_count(app, "--games", o->games,
                            "Games per material (with --fens: at most this many in all)", 1);
    app->add_option("--material", o->materials,
                    "Materials to play (default: the --table's, else every shipped one: " +
                        shipped_material_list() + ")")
        ->delimiter(',');
    app->add_option("--fens", o->fens_file,
                    "Start positions: a file with one FEN a line (the strong side to move)");
    add_count(app, "--seed", o->seed, "Seed of the random start positions", std::uint64_t{0});
    add_count(app, "--movetime", o->movetime_ms,
              "The time per move of the opponent (and of --strong), in ms", 1, MAX_MOVETIME_MS);
    app->add_option("--pgn", o->pgn_file, "Write the games' PGNs to this file")->check(FILE_NAME);
    app->add_option("--table", o->table, "Advice table: a file or a built-in name")
        ->capture_default_str();
    add_count(app, "--budget", o->budget, "Search node budget", std::uint64_t{1});
    add_count(app, "--require-mate-within", o->require_mate_within,
              "Exit 1 unless every game ends in mate within this many moves (0: any mate)", 0);
    return {app, [o, games] { return run_match(*o, games->count() > 0); }};
}

const RegisterCommand registered(85, setup);

} // namespace cmd_match
} // namespace al0::tools
