// `al0 bench queens`: N-queens counted through the search core against a plain hand-written
// bitmask counter (the reference), on one thread and on several, and the time of the first
// solution in each column order.

#include "engine/queens/queens_domain.hpp"
#include "engine/search/core.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/search/enumerate.hpp"
#include "tools/app/queens_setup.hpp"
#include "tools/bench/bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>
#include <thread>

namespace al0::tools {
namespace bench_queens {

template <class F>
double seconds_of(F&& run) {
    const auto start = std::chrono::steady_clock::now();
    run();
    return search::seconds_since(start);
}

// Returns the median time of `repetitions` runs.
template <class F>
double median_seconds(int repetitions, F&& run) {
    std::vector<double> samples;
    for (int i = 0; i < repetitions; ++i) samples.push_back(seconds_of(run));
    return median(samples);
}

std::string fixed(double x, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, x);
    return text;
}

// Counts N = first..last three ways and prints times, the core/plain ratio and the speed-up.
// N >= 15 runs once per figure: one run takes seconds.
void count_table(const search::Program& program, int first, int last, const BenchOptions& o,
                 std::ostream& out) {
    const int threads =
        o.threads > 0 ? o.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    search::Options unlimited;
    unlimited.node_budget = ~std::uint64_t{0};
    out << "count: plain bitmask counter (reference) vs the core, 1 thread and " << threads
        << " threads; median of " << o.repetitions << " runs (1 for N >= 15)\n"
        << " N   solutions        nodes   plain s    core s  core/plain  core " << threads
        << "t s  speed-up\n";
    for (int n = first; n <= last; ++n) {
        const int reps = n >= 15 ? 1 : o.repetitions;
        const queens::QueensDomain domain(n);
        const std::uint32_t all = n == 32 ? ~0u : (1u << n) - 1;
        std::uint64_t reference = 0;
        search::EnumerateResult one, many;
        const double plain_s = median_seconds(reps, [&] { reference = plain_queens_count(all); });
        const double core_s = median_seconds(
            reps, [&] { one = search::count_all(domain, program, {}, unlimited, 1); });
        const double many_s = median_seconds(
            reps, [&] { many = search::count_all(domain, program, {}, unlimited, threads); });
        char line[160];
        std::snprintf(line, sizeof line, "%2d %11llu %12llu %9s %9s %11s %10s %9s%s\n", n,
                      (unsigned long long)one.solutions, (unsigned long long)one.stats.nodes,
                      fixed(plain_s, 6).c_str(), fixed(core_s, 6).c_str(),
                      fixed(core_s / plain_s, 2).c_str(), fixed(many_s, 6).c_str(),
                      fixed(core_s / many_s, 2).c_str(),
                      one.solutions == reference && many.solutions == reference
                          ? ""
                          : "  MISMATCH with the reference");
        out << line;
    }
}

// Times the first solution for N = 4..last in each order, and prints the largest N whose first
// solution comes in under a second (searches stop at a budget of nodes).
void first_table(int last, std::ostream& out) {
    constexpr std::uint64_t budget = 1'000'000'000;
    const char* tables[] = {DEFAULT_QUEENS_TABLE, DIAGFIRST_QUEENS_TABLE};
    search::Program programs[2];
    for (int i = 0; i < 2; ++i) {
        auto p = load_queens_program(tables[i]);
        if (!p) throw BenchFailure("cannot load the queens table: " + p.error());
        programs[i] = *p;
    }
    out << "first solution, one run each (budget " << budget << " nodes)\n"
        << " N   natural s        nodes   diagfirst s        nodes\n";
    int under_a_second[2] = {0, 0};
    search::Options options;
    options.node_budget = budget;
    for (int n = 4; n <= last; ++n) {
        const queens::QueensDomain domain(n);
        out << (n < 10 ? " " : "") << n;
        for (int i = 0; i < 2; ++i) {
            search::SearchResult<queens::Column> r;
            const double s =
                seconds_of([&] { r = search::build_tree(domain, programs[i], {}, options); });
            const bool found = r.outcome == search::Outcome::found;
            if (found && s < 1.0) under_a_second[i] = n;
            char cell[64];
            std::snprintf(cell, sizeof cell, " %11s %12llu",
                          found ? fixed(s, 6).c_str() : "over budget",
                          (unsigned long long)r.stats.nodes);
            out << cell << (i == 0 ? "  " : "\n");
        }
    }
    out << "largest N with the first solution under 1 s: natural " << under_a_second[0]
        << ", diagfirst " << under_a_second[1] << "\n";
}

void run(const BenchOptions& o, std::ostream& out) {
    auto program = load_queens_program(DEFAULT_QUEENS_TABLE);
    if (!program) throw BenchFailure("cannot load the queens table: " + program.error());
    if (o.quick) {
        count_table(*program, 8, 10, o, out);
        first_table(12, out);
        return;
    }
    count_table(*program, 12, 16, o, out);
    first_table(queens::MAX_N, out);
}

const RegisterBench registered({"queens",
                                "N-queens counted through the core vs a plain bitmask counter, "
                                "and first solutions by order",
                                20, run});

} // namespace bench_queens
} // namespace al0::tools
