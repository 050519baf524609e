// The `verify` bench workload: whole-table verification of the book's table over all 175,168
// KRK positions, in positions per second (wall and CPU), on the threads asked for.

#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/table_verifier.hpp"
#include "tools/bench.hpp"
#include "tools/krk_setup.hpp"

#include <chrono>
#include <ctime>
#include <ostream>

namespace al0::tools {
namespace {

// Returns the CPU time of the whole process (all threads), in seconds.
double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// PRELUDE: "" for the native KRK library, or the library the book table is read over.
void run(const BenchOptions& o, std::ostream& out, const std::string& prelude) {
    auto program =
        load_krk_program("krk_bratko", prelude); // fixed, so figures compare across builds
    if (!program) {
        out << "cannot load the book table: " << program.error() << "\n";
        return;
    }
    auto tb_start = std::chrono::steady_clock::now();
    const auto tablebase = tablebase::KrkTablebase::build();
    const double tb_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - tb_start).count();
    // Why --quick verifies the table once: the workload is one indivisible run over all states.
    const int repetitions = o.quick ? 1 : o.repetitions;
    std::vector<double> wall, cpu;
    verify::TableSummary summary;
    for (int rep = 0; rep < repetitions; ++rep) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = process_cpu_seconds();
        summary = verify::TableVerification::run(*program, tablebase,
                                                 {o.threads, {}, verify::FIFTY_MOVES, {}})
                      .summary();
        cpu.push_back(process_cpu_seconds() - cpu_start);
        wall.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    const double w = median(wall), c = median(cpu);
    out << "whole-table verification, " << summary.positions << " positions, " << summary.threads
        << " threads, median of " << repetitions << " runs: " << w << " s wall, " << c << " s CPU, "
        << summary.positions / w << " positions/s\n"
        << "  (" << summary.search_nodes << " search nodes, " << summary.graph_edges
        << " graph edges; tablebase built in " << tb_seconds << " s)\n";
}

const RegisterBench registered({"verify", "whole-table verification of the book table (KRK)", 30,
                                [](const BenchOptions& o, std::ostream& out) { run(o, out, ""); }});
const RegisterBench over_prelude({"verify_prelude",
                                  "the same over the AL0 prelude lib/krk_book instead of the "
                                  "native KRK library",
                                  31, [](const BenchOptions& o, std::ostream& out) {
                                      run(o, out, "lib/krk_book");
                                  }});

} // namespace
} // namespace al0::tools
