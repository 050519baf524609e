// Work split over threads (engine/verify/shared/parallel.hpp): every item is done once, and what
// goes wrong in a worker thread reaches the caller instead of ending the process.

#include "engine/verify/shared/parallel.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace test_parallel {

using al0::verify::parallel_chunks;

TEST_CASE("parallel chunks do every item once, on worker threads or the caller's", "[verify]") {
    const bool reports = GENERATE(false, true); // with a progress callback only workers work
    std::vector<std::atomic<int>> seen(10'000);
    parallel_chunks(
        seen.size(), 3,
        [&](int, std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) ++seen[i];
        },
        reports ? al0::verify::Progress([](std::size_t, std::size_t) {}) : al0::verify::Progress());
    for (const auto& n : seen) REQUIRE(n == 1);
}

TEST_CASE("parallel chunks give each thread a contiguous share of the items", "[verify]") {
    // Two threads: each works through its half from the front; the first done takes chunks from
    // the back of the other's, so the items fall into at most three runs of one thread each.
    std::vector<std::atomic<int>> by(64 * 512);
    parallel_chunks(by.size(), 2, [&](int thread, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) by[i] = thread;
        std::this_thread::sleep_for(std::chrono::microseconds(200)); // both threads take part
    });
    int runs = 1;
    for (std::size_t i = 1; i < by.size(); ++i) runs += by[i] != by[i - 1];
    CHECK(runs <= 3);
}

TEST_CASE("an exception thrown by the work in a worker thread reaches the caller", "[verify]") {
    const bool reports = GENERATE(false, true);
    std::atomic<std::size_t> started{0};
    const auto work = [&](int, std::size_t begin, std::size_t) {
        ++started;
        if (begin >= 2048)
            throw std::runtime_error("out of memory in chunk " + std::to_string(begin));
    };
    CHECK_THROWS_WITH(parallel_chunks(1'000'000, 3, work,
                                      reports
                                          ? al0::verify::Progress([](std::size_t, std::size_t) {})
                                          : al0::verify::Progress()),
                      Catch::StartsWith("out of memory in chunk "));
    CHECK(started < 1'000'000 / 512); // no chunk starts after the failure, beyond a few
}

} // namespace test_parallel
