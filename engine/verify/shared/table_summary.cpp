#include "engine/verify/shared/table_summary.hpp"

#include <algorithm>

namespace al0::verify {

namespace {

void count_in(std::vector<int>& histogram, int n, int weight) {
    if (int(histogram.size()) <= n) histogram.resize(std::size_t(n) + 1, 0);
    histogram[std::size_t(n)] += weight;
}

} // namespace

void count_failing_states(TableSummary& s, const std::vector<std::uint8_t>& own_failures) {
    for (std::uint8_t bits : own_failures)
        for (Verdict f : ALL_VERDICTS)
            if (f != Verdict::won && (bits & verdict_bit(f))) ++s.failing_states[std::size_t(f)];
}

void add_worst_lines(TableSummary& s, std::span<const std::int64_t> excess,
                     std::span<const std::uint64_t> states) {
    const int won = s.counts[std::size_t(Verdict::won)];
    if (won == 0) return;
    for (std::size_t a = 0; a < s.advice_use.size() && a < excess.size(); ++a) {
        s.advice_use[a].line_excess = double(excess[a]) / won;
        s.advice_use[a].line_states = double(states[a]) / won;
    }
}

Verdict SummaryTally::add(std::uint8_t bits, int worst, int run, int optimal, int weight) {
    TableSummary& s = s_;
    s.positions += weight;
    if (run >= limit_) bits |= verdict_bit(Verdict::over_fifty);
    // The first failure in priority order, every one reachable counted.
    Verdict v = Verdict::won;
    for (Verdict f : ALL_VERDICTS)
        if (f != Verdict::won && (bits & verdict_bit(f))) {
            s.reachable[std::size_t(f)] += weight;
            if (v == Verdict::won) v = f;
        }
    s.counts[std::size_t(v)] += weight;
    optimal_total_ += long(optimal) * weight;
    s.optimal_worst = std::max(s.optimal_worst, optimal);
    count_in(s.optimal_histogram, optimal, weight);
    if (v == Verdict::won) {
        total_ += long(worst) * weight;
        optimal_won_ += long(optimal) * weight;
        excess_total_ += long(worst - optimal) * weight;
        s.worst = std::max(s.worst, worst);
        s.excess_worst = std::max(s.excess_worst, worst - optimal);
        count_in(s.histogram, worst, weight);
    }
    return v;
}

void SummaryTally::finish() {
    TableSummary& s = s_;
    const int won = s.counts[std::size_t(Verdict::won)];
    s.population = std::max(s.population, s.positions); // not sampled: every position
    s.optimal_mean = s.positions ? double(optimal_total_) / s.positions : 0;
    s.mean = won ? double(total_) / won : 0;
    s.optimal_mean_won = won ? double(optimal_won_) / won : 0;
    s.excess_mean = won ? double(excess_total_) / won : 0;
}

} // namespace al0::verify
