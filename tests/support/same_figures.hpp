#pragma once
// Whether two verifications came to the same figures: every count, the worst and mean lines,
// the histogram, the failing states and the search nodes (Catch2 checks, one per figure).

#include "engine/verify/shared/table_summary.hpp"

#include <catch2/catch.hpp>

inline void check_same_figures(const al0::verify::TableSummary& x,
                               const al0::verify::TableSummary& y) {
    CHECK(x.positions == y.positions);
    CHECK(x.counts == y.counts);
    CHECK(x.failing_states == y.failing_states);
    CHECK(x.worst == y.worst);
    CHECK(x.mean == y.mean);
    CHECK(x.histogram == y.histogram);
    CHECK(x.states == y.states);
    CHECK(x.search_nodes == y.search_nodes);
}
