// The `verify` bench workloads: whole-table verification of the book's KRK table over all
// 175,168 positions (native fast path, or over the AL0 prelude), and of each shipped table of
// another material over all its won positions (the generic verifier), in positions per second
// (wall and CPU), on the threads asked for.

#include "engine/search/elapsed.hpp"
#include "engine/search/failure_memo.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/tablebase/registry.hpp"
#include "engine/verify/endgame/endgame_verifier.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/app/verify_json.hpp"
#include "tools/bench/bench.hpp"

#include <chrono>
#include <ostream>

namespace al0::tools {
namespace bench_verify {

// Prints the positions verified per CPU second against a reference workload that does not
// depend on al0's code, timed in the same run: a slower search or domain lowers the ratio
// whatever else the machine is doing.
void print_against_reference(int repetitions, double positions_per_cpu_second, std::ostream& out) {
    constexpr int N = 12;
    std::vector<double> cpu;
    std::uint64_t solutions = 0;
    for (int rep = 0; rep < repetitions; ++rep) {
        const double start = process_cpu_seconds();
        solutions += plain_queens_count((1u << N) - 1);
        cpu.push_back(process_cpu_seconds() - start);
    }
    const double reference = median(cpu);
    out << "  " << positions_per_cpu_second << " positions per CPU second; the reference (a plain "
        << N << "-queens count, " << solutions / std::uint64_t(repetitions) << " solutions) takes "
        << 1000 * reference << " ms CPU: " << positions_per_cpu_second * reference
        << " positions verified per reference\n";
}

// Times verify() (returning its summary) over the repetitions; prints the medians. SETUP says
// what was prepared before the timed runs and how long it took.
template <class Verify>
void time_runs(const BenchOptions& o, std::ostream& out, const std::string& setup,
               Verify&& verify) {
    // Why --quick verifies the table once: the workload is one indivisible run over all states.
    const int repetitions = o.quick ? 1 : o.repetitions;
    std::vector<double> wall, cpu;
    verify::TableSummary summary;
    for (int rep = 0; rep < repetitions; ++rep) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = process_cpu_seconds();
        summary = verify();
        cpu.push_back(process_cpu_seconds() - cpu_start);
        wall.push_back(search::seconds_since(start));
    }
    const double w = median(wall), c = median(cpu);
    out << "whole-table verification, " << summary.positions << " positions, " << summary.threads
        << " threads, median of " << repetitions << " runs: " << w << " s wall, " << c << " s CPU, "
        << summary.positions / w << " positions/s\n"
        << "  (" << summary.states << " trees, " << summary.search_nodes << " search nodes, "
        << summary.graph_edges << " graph edges; " << setup << ")\n";
    print_against_reference(repetitions, summary.positions / c, out);
}

// The verification options of the bench's options: its threads, every other option at its
// default (the fifty-move rule's moves).
verify::VerifyOptions options_of(const BenchOptions& o) {
    verify::VerifyOptions options;
    options.threads = o.threads;
    return options;
}

// PRELUDE: "" for the native KRK library, or the library the book table is read over.
void run_krk(const BenchOptions& o, std::ostream& out, const std::string& prelude) {
    auto program =
        load_krk_program("krk_bratko", prelude); // fixed, so figures compare across builds
    if (!program) throw BenchFailure("cannot load the book table: " + program.error());
    const auto start = std::chrono::steady_clock::now();
    const auto tablebase = tablebase::KrkTablebase::build();
    const std::string setup =
        "tablebase built in " + std::to_string(search::seconds_since(start)) + " s";
    auto time = [&](const search::Program& p) {
        time_runs(o, out, setup, [&] {
            // Why: over the prelude, the failures the run before kept (search/failure_memo.hpp)
            // would serve this one, unlike a new `al0 verify`'s.
            search::FailureMemo::forget_all();
            return verify::TableVerification::run(p, tablebase, options_of(o)).summary();
        });
    };
    // The goals as `al0 --goals` says; when that compiles them, interpreted first.
    if (!program->native_library) return time(*program);
    search::Program interpreted = *program;
    codegen::unload_native_goals(interpreted);
    out << "goals interpreted:\n";
    time(interpreted);
    out << "goals " << goals_text(search::goals_path(*program)) << ":\n";
    time(*program);
}

// The shipped table of MATERIAL and those that take over after conversions.
void run_material(const BenchOptions& o, std::ostream& out, const std::string& material) {
    auto table = shipped_table(material);
    if (!table) { // not a failure: a material without a shipped table yet (KBNK)
        out << "no shipped " << material << " table\n";
        return;
    }
    const verify::TableSet set = verification_set(std::move(*table));
    const auto start = std::chrono::steady_clock::now();
    tablebase::Registry registry; // the disk cache, as `al0 verify` uses it
    registry.table(set.tables.front().material);
    const std::string setup =
        "tablebases ready in " + std::to_string(search::seconds_since(start)) + " s";
    auto time = [&] {
        time_runs(o, out, setup, [&] {
            // Compiled again for each run: a new program, so that no failure the memo kept from
            // the run before (search/failure_memo.hpp) serves this one, as in a new `al0 verify`.
            const verify::TableSet again = verification_set(std::move(*shipped_table(material)));
            return verify::EndgameVerification::run(again, registry, options_of(o)).summary();
        });
    };
    // The tables' goals as `al0 --goals` says; when that compiles them, interpreted first.
    const codegen::GoalMode mode = goal_mode();
    if (mode == codegen::GoalMode::interpreted || codegen::sanitized_build()) return time();
    out << "goals interpreted:\n";
    set_goal_mode(codegen::GoalMode::interpreted);
    time();
    set_goal_mode(mode);
    // As loaded: a table whose goals did not compile runs interpreted, and the header says so.
    std::vector<TableGoals> goals;
    for (const verify::SetTable& t : set.tables) goals.push_back({t.name, t.goals});
    out << "goals " << goals_text(goals) << ":\n";
    time();
}

const RegisterBench
    registered({"verify", "whole-table verification of the book table (KRK)", 30,
                [](const BenchOptions& o, std::ostream& out) { run_krk(o, out, ""); }});
const RegisterBench over_prelude({"verify_prelude",
                                  "the same over the AL0 prelude lib/krk_book instead of the "
                                  "native KRK library",
                                  31, [](const BenchOptions& o, std::ostream& out) {
                                      run_krk(o, out, "lib/krk_book");
                                  }});
const RegisterBench
    kqk({"verify_kqk", "whole-table verification of the shipped KQK table", 32,
         [](const BenchOptions& o, std::ostream& out) { run_material(o, out, "KQK"); }});
const RegisterBench
    kpk({"verify_kpk", "whole-table verification of the shipped KPK table (through KQK)", 33,
         [](const BenchOptions& o, std::ostream& out) { run_material(o, out, "KPK"); }});
const RegisterBench
    kbnk({"verify_kbnk", "whole-table verification of the shipped KBNK table", 34,
          [](const BenchOptions& o, std::ostream& out) { run_material(o, out, "KBNK"); }});

} // namespace bench_verify
} // namespace al0::tools
