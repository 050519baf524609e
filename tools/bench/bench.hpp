#pragma once
// `al0 bench` runs fixed workloads, each registered by its own file (bench_*.cpp), and prints
// their throughput figures for comparing builds. Figures are medians over repetitions.

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace al0::tools {

struct BenchOptions {
    int repetitions = 5;
    int threads = 0;    // 0: all cores
    bool quick = false; // a smaller workload, for tests of the command itself
    // The krk workloads: only the book position of this number (1 to 6), so that a profiler
    // counts one position's trees; 0: all six.
    int position = 0;
};

// Thrown by a workload that cannot run (its table does not load, its goals do not compile):
// `al0 bench` says why on stderr and exits with a failure, so a script never takes a missing
// figure for a measured one.
struct BenchFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct BenchWorkload {
    std::string name; // `al0 bench NAME` runs only this one
    std::string description;
    int order;
    std::function<void(const BenchOptions&, std::ostream&)> run;
};

// Registers a workload; call from a namespace-scope constant in the workload's file.
struct RegisterBench {
    explicit RegisterBench(BenchWorkload w);
};
std::vector<BenchWorkload>& bench_workloads();

// Returns the median of the samples (which it sorts).
double median(std::vector<double> samples);

// Returns the CPU time of the whole process (all threads), in seconds.
double process_cpu_seconds();

// The classic bitmask N-queens counter, no table, no core: a reference workload that none of
// al0's code takes part in (ALL has a bit per column). Columns, and the diagonals attacked on
// the next row, are one mask each.
std::uint64_t plain_queens_count(std::uint32_t all, std::uint32_t columns = 0,
                                 std::uint32_t left = 0, std::uint32_t right = 0);

} // namespace al0::tools
