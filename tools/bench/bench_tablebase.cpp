// The `tablebase` bench workload: build times of the three-man tables and of KBNK (their
// dependencies built beforehand and not timed), in memory, median over the repetitions.

#include "engine/tablebase/registry.hpp"
#include "tools/bench/bench.hpp"

#include <chrono>
#include <ostream>
#include <thread>

namespace al0::tools {
namespace bench_tablebase {

using namespace tablebase;

void run(const BenchOptions& o, std::ostream& out) {
    const int threads =
        o.threads > 0 ? o.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::string> names{"KQK", "KRK", "KBK", "KNK", "KPK"};
    if (!o.quick) names.push_back("KBNK");
    for (const std::string& name : names) {
        const Material m = *Material::parse(name);
        std::vector<double> ms, cpu_ms;
        for (int rep = 0; rep < o.repetitions; ++rep) {
            Registry registry(CachePolicy{false, {}}, threads);
            for (const Material& d : conversions_of(m)) registry.table(d);
            const auto start = std::chrono::steady_clock::now();
            const double cpu_start = process_cpu_seconds();
            registry.table(m);
            cpu_ms.push_back(1000 * (process_cpu_seconds() - cpu_start));
            ms.push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count());
        }
        out << name << ": built in " << median(ms) << " ms, " << median(cpu_ms) << " ms CPU ("
            << threads << " threads, median of " << o.repetitions << ")\n";
    }
}

const RegisterBench registered({"tablebase", "tablebase build times (3-man tables, KBNK)", 40,
                                run});

} // namespace bench_tablebase
} // namespace al0::tools
