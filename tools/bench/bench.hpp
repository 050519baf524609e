#pragma once
// `al0 bench` runs fixed workloads, each registered by its own file (bench_*.cpp), and prints
// their throughput figures for comparing builds. Figures are medians over repetitions.

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace al0::tools {

struct BenchOptions {
    int repetitions = 5;
    int threads = 0;    // 0: all cores
    bool quick = false; // a smaller workload, for tests of the command itself
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

} // namespace al0::tools
