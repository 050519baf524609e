#pragma once
// Work split over threads: items are handed out in small chunks, so the cores stay busy however
// uneven the items are; the calling thread reports progress meanwhile, a stop flag ends the run
// early, and an exception thrown by the work reaches the caller.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace al0::verify {

// Called now and then from the calling thread with the items done so far and the total.
using Progress = std::function<void(std::size_t done, std::size_t total)>;

// Thrown when a run was stopped (VerifyOptions::search.stop): its results are incomplete.
struct Cancelled : std::runtime_error {
    Cancelled() : std::runtime_error("verification cancelled") {}
};

// Returns the number of threads to use: `requested`, or every core when it is 0.
inline int thread_count(int requested) {
    if (requested > 0) return requested;
    return std::max(1, int(std::thread::hardware_concurrency()));
}

// The items left to hand out: each thread has a contiguous share of [0, n), takes chunks from its
// front and, once it is done, from the back of the share with the most left. Why shares and not
// one counter: a thread's items then neighbour each other as on one thread, and what its memos
// noted for one item (search/failure_memo.hpp) serves the next; with the chunks dealt out in
// turn, two threads verifying KPK searched a third more nodes than one.
class ChunkShares {
  public:
    static constexpr std::size_t CHUNK = 512;
    ChunkShares(std::size_t n, int threads) {
        for (int t = 0; t < threads; ++t)
            shares_.push_back({n * std::size_t(t) / std::size_t(threads),
                               n * std::size_t(t + 1) / std::size_t(threads)});
    }
    // Sets [begin, end) to the next chunk of THREAD; returns false when no item is left.
    bool take(int thread, std::size_t& begin, std::size_t& end) {
        std::lock_guard lock(mutex_);
        Share& own = shares_[std::size_t(thread)];
        if (own.front < own.back) {
            begin = own.front;
            end = own.front = std::min(own.back, own.front + CHUNK);
            return true;
        }
        Share* most = &own;
        for (Share& s : shares_)
            if (s.back - s.front > most->back - most->front) most = &s;
        if (most->front == most->back) return false;
        end = most->back;
        begin = most->back -= std::min(most->back - most->front, CHUNK);
        return true;
    }

  private:
    struct Share {
        std::size_t front, back;
    };
    std::mutex mutex_;
    std::vector<Share> shares_;
};

// Runs work(thread, begin, end) over [0, n) in chunks on `threads` threads (0: all cores). Once
// *stop is true no chunk starts (the searches of the running ones end at their next poll, as the
// same flag in search::Options makes them) and it throws Cancelled when the threads are done.
// When the work throws, no chunk starts either, and the first exception is rethrown here once
// the threads are done (an exception left in a thread would end the process).
template <class Work>
void parallel_chunks(std::size_t n, int threads, Work&& work, const Progress& progress = {},
                     const std::atomic<bool>* stop = nullptr) {
    const int count = thread_count(threads);
    ChunkShares shares(n, count);
    std::atomic<std::size_t> done{0};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    const auto stopped = [stop, &failed] {
        return failed.load(std::memory_order_relaxed) ||
               (stop && stop->load(std::memory_order_relaxed));
    };
    auto run = [&](int thread) {
        try {
            for (std::size_t begin, end; !stopped() && shares.take(thread, begin, end);) {
                work(thread, begin, end);
                done.fetch_add(end - begin);
            }
        } catch (...) {
            std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
            failed = true;
        }
    };
    std::vector<std::thread> pool;
    // Why: with a progress callback the calling thread only reports (it sleeps in between), so
    // every worker gets a thread of its own.
    for (int t = progress ? 0 : 1; t < count; ++t) pool.emplace_back(run, t);
    if (!progress) run(0);
    while (progress && done.load() < n && !stopped()) {
        progress(done.load(), n);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    if (progress) progress(done.load(), n); // all of n, or as far as a stopped run came
    if (stopped()) throw Cancelled();
}

} // namespace al0::verify
