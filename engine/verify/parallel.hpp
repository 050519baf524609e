#pragma once
// Work split over threads: items are handed out in small chunks from a shared counter, so the
// cores stay busy however uneven the items are; the calling thread reports progress meanwhile.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace al0::verify {

// Called now and then from the calling thread with the items done so far and the total.
using Progress = std::function<void(std::size_t done, std::size_t total)>;

// Returns the number of threads to use: `requested`, or every core when it is 0.
inline int thread_count(int requested) {
    if (requested > 0) return requested;
    return std::max(1, int(std::thread::hardware_concurrency()));
}

// Runs work(thread, begin, end) over [0, n) in chunks on `threads` threads (0: all cores).
template <class Work>
void parallel_chunks(std::size_t n, int threads, Work&& work, const Progress& progress = {}) {
    constexpr std::size_t CHUNK = 512;
    std::atomic<std::size_t> next{0}, done{0};
    auto run = [&](int thread) {
        for (std::size_t begin; (begin = next.fetch_add(CHUNK)) < n;) {
            const std::size_t end = std::min(n, begin + CHUNK);
            work(thread, begin, end);
            done.fetch_add(end - begin);
        }
    };
    std::vector<std::thread> pool;
    const int count = thread_count(threads);
    // Why: with a progress callback the calling thread only reports (it sleeps in between), so
    // every worker gets a thread of its own.
    for (int t = progress ? 0 : 1; t < count; ++t) pool.emplace_back(run, t);
    if (!progress) run(0);
    while (progress && done.load() < n) {
        progress(done.load(), n);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (progress) progress(n, n);
    for (auto& t : pool) t.join();
}

} // namespace al0::verify
