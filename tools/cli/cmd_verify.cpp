// al0 verify [--table T] [--advice NAME]: exhaustive offline verification. The whole table
// (default) from every won position of its material with its side to move, against every
// defence, other tables taking over after a capture or promotion; or one piece of advice: its
// trees re-checked independently and, for a mating advice, against the tablebase.

#include "engine/tablebase/registry.hpp"
#include "engine/verify/advice/advice_verifier.hpp"
#include "tools/app/json_text.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/start_filter.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/app/table_verify.hpp"
#include "tools/app/verify_json.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/progress.hpp"
#include "tools/cli/verify_advice_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace al0::tools {
namespace cmd_verify {

struct VerifyCommandOptions {
    std::string table = DEFAULT_KRK_TABLE;
    std::string prelude;
    std::string advice;
    std::string starts_where; // a goal of the table's language: only the starts where it holds
    int threads = 0;
    int examples = 3;
    int worst_lines = 1;
    int move_limit = FIFTY_MOVES;
    bool json = false;
    bool no_cache = false;
    bool every_position = false;
    std::uint64_t budget = search::Options{}.node_budget;
    std::uint32_t sample = 0;
    std::uint32_t max_trees = 0;
};

// Says how many positions were searched again alone, when any were.
void print_retries(const verify::RetryCounts& r) {
    if (r.retried)
        std::cout << "Searched again alone, in the memory of a new process as `al0 advise` "
                     "searches: "
                  << r.retried << " positions whose search ran out of the budget on the threads, "
                  << r.fitted << " of them then within it (" << r.nodes << " search nodes)\n";
}

// --- whole table ---

// Returns the verdict's name; the move-limit failure names the limit when it is not fifty.
std::string kind_name(verify::Verdict k, int move_limit) {
    if (k == verify::Verdict::over_fifty && move_limit != FIFTY_MOVES)
        return "over " + std::to_string(move_limit) + " moves";
    return verify::verdict_name(k);
}

// Table and optimal play side by side: positions by (worst-case) moves to mate.
void print_histogram(const verify::TableSummary& s) {
    const std::size_t rows = std::max(s.histogram.size(), s.optimal_histogram.size());
    auto at = [](const std::vector<int>& h, std::size_t n) { return n < h.size() ? h[n] : 0; };
    int most = 0;
    for (std::size_t n = 1; n < rows; ++n) most = std::max(most, at(s.histogram, n));
    std::cout << "\nMoves to mate: the table's worst case (won positions) against optimal play\n"
              << std::setw(6) << "moves" << std::setw(9) << "table" << std::setw(9) << "optimal"
              << "\n";
    for (std::size_t n = 1; n < rows; ++n) {
        const int t = at(s.histogram, n);
        const int bar = most ? (t * 50 + most - 1) / most : 0;
        std::cout << std::setw(6) << n << std::setw(9) << t << std::setw(9)
                  << at(s.optimal_histogram, n) << "  " << std::string(std::size_t(bar), '#')
                  << "\n";
    }
}

// The start position, the line in SAN and its ending, then the advice of each White move, and
// for a failure the position where the line ends (to look at with al0 advise --explain).
void print_line(const verify::DefendingLine& line) {
    std::cout << "  " << line.start.fen() << "\n    " << verify::line_text(line) << "\n";
    if (!line.moves.empty()) std::cout << "    advice: " << verify::advice_text(line) << "\n";
    const bool failed =
        line.verdict != verify::Verdict::won && line.verdict != verify::Verdict::over_fifty;
    if (failed)
        std::cout << "    ends at: " << verify::end_of(line.start, line.moves).fen() << "\n";
}

// Says at how many of the positions walked each failure happens (the start counts above count
// a start as failed when any failure is reachable from it).
void print_failing_states(const verify::TableSummary& s, int move_limit) {
    std::string at;
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        const std::uint64_t n = s.failing_states[std::size_t(k)];
        if (k == verify::Verdict::won || n == 0) continue;
        if (!at.empty()) at += ", ";
        at += kind_name(k, move_limit);
        at += " at ";
        at += std::to_string(n);
    }
    if (!at.empty())
        std::cout << "\nWhere they happen, of the " << s.states << " positions walked: " << at
                  << "\n";
}

void print_table_text(const VerifyCommandOptions& o, const TableReport& r) {
    const verify::TableSummary& s = r.summary;
    std::cout << "Table " << r.table << " (" << r.material << "): " << s.positions
              << " won positions with White to move";
    if (!o.starts_where.empty()) std::cout << " where " << o.starts_where << " holds";
    if (s.population > s.positions)
        std::cout << " (a random sample of the " << s.population << "; every position their "
                  << "lines reach is verified too)";
    std::cout << ", every defence, the play loop of al0 play\n\n";
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        const int n = s.counts[std::size_t(k)];
        if (n == 0 && k != verify::Verdict::won) continue;
        std::cout << "  " << std::left << std::setw(24) << kind_name(k, o.move_limit) << std::right
                  << std::setw(8) << n << "  " << std::setw(8) << percent(n, s.positions);
        if (k != verify::Verdict::won && s.reachable[std::size_t(k)] != n)
            std::cout << "  (reachable from " << s.reachable[std::size_t(k)] << ")";
        std::cout << "\n";
    }
    print_failing_states(s, o.move_limit);
    if (s.counts[std::size_t(verify::Verdict::won)] == 0)
        std::cout << "\nNo position is won.\n";
    else {
        // With failures the figures are over the won positions only: a draft that fails where
        // it is slow looks faster than it is, so the count is said.
        std::cout << "\nWon positions";
        if (s.failed())
            std::cout << " (" << s.counts[std::size_t(verify::Verdict::won)] << " of "
                      << s.positions << "; the " << s.failed() << " that fail left out)";
        std::cout << ": worst case " << s.worst << " moves to mate, mean " << fixed(s.mean) << "\n";
    }
    std::cout << "Optimal play (tablebase): worst " << s.optimal_worst << ", mean "
              << fixed(s.optimal_mean) << " over all positions, " << fixed(s.optimal_mean_won)
              << " over the won ones\n"
              << "The table's excess over optimal (won positions): mean " << fixed(s.excess_mean)
              << ", worst " << s.excess_worst << " moves\n";
    print_histogram(s);
    print_advice_use(s);
    if (!s.advice_use.empty()) print_advice_loss(s);
    if (r.worst_lines.size() > 1) {
        std::cout << "\nWorst case, " << r.worst_lines.size() << " of the "
                  << s.histogram[std::size_t(s.worst)] << " positions (first in index order):\n";
        for (const verify::DefendingLine& line : r.worst_lines) print_line(line);
    } else if (r.worst_line) {
        std::cout << "\nWorst case:\n";
        print_line(*r.worst_line);
    }
    for (const auto& [k, lines] : r.examples) {
        if (lines.empty()) continue;
        std::cout << "\n"
                  << kind_name(k, o.move_limit) << ": " << s.counts[std::size_t(k)]
                  << " positions, e.g.\n";
        for (const verify::DefendingLine& line : lines) print_line(line);
    }
    std::cout << "\nTime: " << fixed(s.tree_seconds, 3) << " s building and walking " << s.states
              << " trees (" << s.threads << " threads, " << s.search_nodes << " search nodes), "
              << fixed(s.graph_seconds, 3) << " s solving the graph of " << s.graph_edges
              << " edges\n"
              << "Goals: " << goals_text(r.goals) << "\n";
    print_retries(s.retries);
    if (s.unwalked)
        std::cout << "Stopped at --max-trees " << o.max_trees << ": " << s.unwalked
                  << " more positions their lines reach were not walked, so the starts that lead "
                     "to them are not explored\n";
    std::cout << (s.failed() ? "FAILED: " + std::to_string(s.failed()) + " positions are not won\n"
                             : std::string("PASSED: every position is won\n"));
}

// --- one piece of advice ---

std::string no_such_advice(const std::string& name, const search::Program& program) {
    std::string known;
    for (const auto& a : program.advice) known += (known.empty() ? "" : ", ") + a.name;
    return "the table has no advice named '" + name + "' (it has: " + known + ")";
}

std::string example_text(const verify::AdviceExample& e) {
    const std::string line = verify::numbered(verify::san_moves(e.position, e.line));
    if (line.empty()) return e.position.fen();
    return e.position.fen() + "  " + line + "  (ends at " +
           verify::end_of(e.position, e.line).fen() + ")";
}

void print_groups(const char* title, const std::vector<verify::ReasonGroup>& groups) {
    if (groups.empty()) return;
    std::cout << "\n" << title << "\n";
    for (const verify::ReasonGroup& g : groups) {
        std::cout << std::setw(8) << g.count << "  " << g.reason << "\n";
        for (const verify::AdviceExample& e : g.examples)
            std::cout << "            e.g. " << example_text(e) << "\n";
    }
}

void print_advice_text(const std::string& table, const verify::AdviceReport& r,
                       const search::GoalsPath& goals) {
    std::cout << "Advice " << r.advice << " of table " << table << ": " << r.positions
              << " positions with White to move\n"
              << "  satisfiable at the root  " << std::setw(8) << r.satisfiable << "\n"
              << "  trees with a defect      " << std::setw(8) << r.defective() << "\n";
    if (r.budget_exceeded)
        std::cout << "  search budget exceeded   " << std::setw(8) << r.budget_exceeded << "\n";
    if (r.depth_exceeded)
        std::cout << "  search depth exceeded    " << std::setw(8) << r.depth_exceeded << "\n";
    if (r.mating) {
        std::cout << "\nMating advice (the better goal implies mate)\n"
                  << "  sound: " << r.sound << " of " << r.satisfiable
                  << " trees mate within their depth, the tablebase agreeing ("
                  << percent(r.sound, r.satisfiable) << ")\n";
        if (r.mate_depth < 0)
            std::cout << "  complete: not measured (no depth test bounds its moves)\n";
        else
            std::cout << "  complete: of " << r.mate_within_depth
                      << " positions with a mate in at most " << r.mate_depth << " moves, found "
                      << r.found << " (" << percent(r.found, r.mate_within_depth) << "), missed "
                      << r.missed() << "\n";
    }
    print_groups("Defects found by the independent tree check:", r.defects);
    print_groups("Trees the tablebase contradicts:", r.unsound);
    print_groups(
        "Missed positions, by the first point where every fast enough mate breaks the advice:",
        r.misses);
    std::cout << "\nTime: " << fixed(r.seconds, 3) << " s (" << r.threads << " threads)\n"
              << "Goals: " << goals_text(goals) << "\n";
    print_retries(r.retries);
    std::cout << (r.passed() ? "PASSED: every tree checks out\n" : "FAILED\n");
}

nlohmann::json groups_json(const std::vector<verify::ReasonGroup>& groups) {
    nlohmann::json list = nlohmann::json::array();
    for (const verify::ReasonGroup& g : groups) {
        nlohmann::json shown = nlohmann::json::array();
        for (const verify::AdviceExample& e : g.examples)
            shown.push_back({{"fen", e.position.fen()},
                             {"line", verify::san_moves(e.position, e.line)},
                             {"end_fen", verify::end_of(e.position, e.line).fen()}});
        list.push_back({{"reason", g.reason}, {"count", g.count}, {"examples", shown}});
    }
    return list;
}

nlohmann::json advice_json(const std::string& table, const verify::AdviceReport& r) {
    nlohmann::json j = {{"table", table},
                        {"advice", r.advice},
                        {"positions", r.positions},
                        {"satisfiable", r.satisfiable},
                        {"budget_exceeded", r.budget_exceeded},
                        {"depth_exceeded", r.depth_exceeded},
                        {"retries", retries_json(r.retries)},
                        {"defective", r.defective()},
                        {"defects", groups_json(r.defects)},
                        {"mating", r.mating},
                        {"passed", r.passed()},
                        {"threads", r.threads},
                        {"seconds", r.seconds}};
    if (!r.mating) return j;
    j["sound"] = r.sound;
    j["sound_percent"] = r.satisfiable ? 100.0 * r.sound / r.satisfiable : 100.0;
    j["unsound"] = groups_json(r.unsound);
    j["mate_depth"] = r.mate_depth < 0 ? nlohmann::json() : nlohmann::json(r.mate_depth);
    j["mate_within_depth"] = r.mate_within_depth;
    j["found"] = r.found;
    j["missed"] = r.missed();
    j["misses"] = groups_json(r.misses);
    return j;
}

// Prints a whole-table report; returns whether every position is won.
bool report(const VerifyCommandOptions& o, const TableReport& r) {
    if (o.json) {
        nlohmann::json j = table_json(r);
        if (!o.starts_where.empty()) j["starts_where"] = o.starts_where;
        std::cout << json_text(j) << "\n";
    } else {
        print_table_text(o, r);
    }
    return r.summary.failed() == 0;
}

// One piece of advice: KRK on its native fast path (see table_verify.hpp), any other material
// by the endgame verifier.
int run_advice(const VerifyCommandOptions& o, const verify::VerifyOptions& options,
               const endgame::CompiledTable& table) {
    const bool krk = table.roles.material == "KRK";
    std::optional<search::Program> krk_program;
    if (krk) {
        auto loaded = load_krk_program(o.table, o.prelude);
        if (!loaded) return fail(loaded.error());
        krk_program = std::move(*loaded);
    }
    const search::Program& program = krk ? *krk_program : table.program;
    const int advice = program.advice_index(o.advice);
    if (advice < 0) return fail(no_such_advice(o.advice, program));
    tablebase::Registry registry(tablebase::CachePolicy{!o.no_cache, {}});
    const verify::AdviceReport r =
        krk ? verify::verify_advice(program, advice, tablebase::KrkTablebase::build(), options,
                                    o.examples)
            : verify::verify_endgame_advice(table, advice, registry, options, o.examples);
    const search::GoalsPath goals = search::goals_path(program);
    if (o.json) {
        nlohmann::json j = advice_json(o.table, r);
        j["goals"] = goals_json({{o.table, goals}});
        std::cout << json_text(j) << "\n";
    } else {
        print_advice_text(o.table, r, goals);
    }
    return r.passed() ? EXIT_OK : EXIT_CHECK_FAILED;
}

int run_verify(const VerifyCommandOptions& o) {
    auto table = load_table(o.table, o.prelude);
    if (!table) return fail(table.error());
    verify::VerifyOptions options{
        o.threads,
        {o.budget},
        o.move_limit,
        progress_bar("verify"), // stderr, only on a terminal: --json output stays clean
        status_line("verify"),
        o.sample,
        o.max_trees};
    options.by_class = !o.every_position;
    const bool krk = table->roles.material == "KRK" && !table->symmetric; // the native path
    // The options that bound a whole-table run of the generic verifier.
    const std::string bound = o.sample > 0              ? "--sample"
                              : o.max_trees > 0         ? "--max-trees"
                              : !o.starts_where.empty() ? "--starts-where"
                                                        : "";
    if (krk && !bound.empty())
        return fail(bound + " is for other materials: KRK is verified whole in about a second");
    if (!bound.empty() && !o.advice.empty())
        return fail(bound + " verifies a whole table; it does not go with --advice");
    if (!o.advice.empty()) return run_advice(o, options, *table);
    auto source = read_table(o.table);
    if (!source) return fail(source.error());
    if (!o.starts_where.empty()) {
        auto keep = start_filter(*source, o.prelude, o.starts_where);
        if (!keep) return fail(keep.error());
        options.starts_where = std::move(*keep);
    }
    const WholeTableVerification how{options, tablebase::CachePolicy{!o.no_cache, {}}, o.examples,
                                     o.worst_lines > 1 ? o.worst_lines : 0,
                                     progress_bar("verify: lines")};
    auto r = verify_whole_table(o.table, *source, o.prelude, std::move(*table), how);
    if (!r) return fail(r.error());
    // A filter that keeps nothing verifies nothing: more likely a slip than a phase.
    if (!o.starts_where.empty() && r->summary.population == 0)
        return fail("--starts-where '" + o.starts_where + "' holds at no won position of " +
                    r->material + " with White to move");
    return report(o, *r) ? EXIT_OK : EXIT_CHECK_FAILED;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<VerifyCommandOptions>();
    auto* app = parent.add_subcommand(
        "verify",
        "Verify a table of any material (or one piece of its advice) exhaustively, against "
        "every defence");
    app->footer(
        "Starts from every legal position of the table's material with its side (White) to move\n"
        "that the tablebase marks won; a position with Black as the strong side is the same\n"
        "position colour-flipped, so it is no start position of its own. After a capture or\n"
        "promotion the shipped table of the new material takes over (KPK -> KQK). KRK runs on\n"
        "its native fast path. Exit status 1 when some position is not won.\n"
        "Moves lost, per advice: at each position walked where it built the tree, the tree's\n"
        "first move loses d_after - (d - 1), the tablebase's moves to mate after it (Black to\n"
        "move) and before it (README: \"Where a table loses moves\").");
    app->add_option("--table", o->table, "Advice table: a file or a built-in name")
        ->capture_default_str();
    app->add_option("--prelude", o->prelude,
                    "A library whose material and definitions the table uses (a file, or a "
                    "built-in name such as lib/krk_book)");
    app->add_option("--advice", o->advice,
                    "Verify only this piece of advice (its trees, and mates by the tablebase)");
    add_threads(app, o->threads, "Threads");
    add_count(app, "--examples", o->examples, "Example positions per failure kind", 0, 1000);
    add_count(app, "--worst-lines", o->worst_lines,
              "Defending lines of up to this many positions whose worst case is the table's "
              "worst (the first in index order)",
              1, 1000);
    add_count(app, "--move-limit", o->move_limit,
              "The fifty-move rule with this many moves: a line that reaches twice as many plies "
              "without a capture or pawn move, unless the last of them mates, fails as 'over fifty "
              "moves'",
              1, 1000);
    app->add_flag("--json", o->json, "One JSON object instead of text");
    app->add_flag("--no-cache", o->no_cache,
                  "Build the tablebases in memory only (no disk cache; not for KRK)");
    add_count(app, "--budget", o->budget, "Search node budget per forcing tree", std::uint64_t{1});
    add_count(app, "--sample", o->sample,
              "Start from this many won positions drawn at random (the same ones every run) "
              "instead of all (0: all): a quick check while writing a table (not for KRK)",
              std::uint32_t{0});
    add_count(app, "--max-trees", o->max_trees,
              "Walk at most this many forcing trees, the starts' first; a start whose lines "
              "reach a position left unwalked is 'not explored' (0: no limit): keeps a look at a "
              "wandering draft short (not for KRK)",
              std::uint32_t{0});
    app->add_flag("--every-position", o->every_position,
                  "A symmetric table (docs/LANGUAGE.md): walk every position, not one per "
                  "symmetry class (the same figures, about eight times the trees)");
    app->add_option("--starts-where", o->starts_where,
                    "Start only from the won positions where this goal of the table's language "
                    "holds (compiled with the table's definitions; each is its own root), e.g. "
                    "'corner_diagonal(their_king, our_bishop) =< 10': one phase of a table alone; "
                    "every defence is still followed into whatever phase (not for KRK)");
    return {app, [o] { return run_verify(*o); }, true};
}

const RegisterCommand registered(50, setup);

} // namespace cmd_verify
} // namespace al0::tools
