// al0 bench [WORKLOAD...]: fixed workloads printing throughput, for comparing builds.

#include "tools/bench/bench.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"

#include <algorithm>
#include <ctime>
#include <iostream>
#include <memory>

namespace al0::tools {

std::vector<BenchWorkload>& bench_workloads() {
    static std::vector<BenchWorkload> workloads;
    return workloads;
}

RegisterBench::RegisterBench(BenchWorkload w) { bench_workloads().push_back(std::move(w)); }

double median(std::vector<double> samples) {
    if (samples.empty()) return 0;
    std::sort(samples.begin(), samples.end());
    std::size_t n = samples.size();
    return n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
}

double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

namespace cmd_bench {

struct BenchCommandOptions {
    std::vector<std::string> names;
    BenchOptions bench;
};

int run_bench(const BenchCommandOptions& o) {
    auto& all = bench_workloads();
    std::stable_sort(all.begin(), all.end(),
                     [](const auto& a, const auto& b) { return a.order < b.order; });
    for (const auto& name : o.names)
        if (std::none_of(all.begin(), all.end(), [&](const auto& w) { return w.name == name; })) {
            std::string known;
            for (const auto& w : all) known += (known.empty() ? "" : ", ") + w.name;
            return fail("no benchmark named '" + name + "' (known: " + known + ")");
        }
    for (const auto& w : all) {
        if (!o.names.empty() && std::find(o.names.begin(), o.names.end(), w.name) == o.names.end())
            continue;
        std::cout << "== " << w.name << ": " << w.description << "\n";
        try {
            w.run(o.bench, std::cout);
        } catch (const BenchFailure& e) {
            std::cout.flush();
            return fail(w.name + ": " + e.what());
        }
        std::cout.flush();
    }
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<BenchCommandOptions>();
    auto* app =
        parent.add_subcommand("bench", "Run fixed benchmark workloads and print throughput");
    app->add_option("workload", o->names, "Only these workloads (default: all)");
    add_count(app, "--repetitions", o->bench.repetitions, "Timed repetitions per figure (median)",
              1, 1000);
    add_threads(app, o->bench.threads, "Threads for parallel workloads");
    app->add_flag("--quick", o->bench.quick, "A small workload (for smoke tests)");
    add_count(app, "--position", o->bench.position,
              "krk, krk_prelude, krk_endgame: only the book position of this number, 1 to 6, "
              "e.g. to count its instructions (0: all six)",
              0, 6);
    return {app, [o] { return run_bench(*o); }, true};
}

const RegisterCommand registered(90, setup);

} // namespace cmd_bench
} // namespace al0::tools
