// The lab's one verification at a time (tools/lab/server/lab_verify_job.hpp), driven by work the
// test controls, so that each state, `cancelling` included, is met for certain rather than by
// timing.

#include "tools/lab/server/lab_verify_job.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <stdexcept>
#include <thread>

namespace test_lab_verify_job {

using al0::tools::lab::Json;
using al0::tools::lab::VerifyJob;

namespace {

// Work that finishes at once with a result and one progress report.
Json quick(const al0::verify::Progress& progress, const std::atomic<bool>*) {
    progress(3, 3);
    return Json{{"won", 3}};
}

// Returns the job's status once it has left STATE (or after a minute, to fail, not hang).
Json status_after(const VerifyJob& job, const char* state) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    Json status = job.status();
    while (status["state"] == state && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        status = job.status();
    }
    return status;
}

// Work that runs until it is told to stop, then holds on until the test releases it, as an
// engine run does that takes a moment to notice the stop.
class Gate {
  public:
    VerifyJob::Work work() {
        return
            [this](const al0::verify::Progress& progress, const std::atomic<bool>* stop) -> Json {
                progress(1, 10);
                while (!*stop) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                std::unique_lock lock(mutex_);
                opened_.wait(lock, [this] { return open_; });
                throw std::runtime_error("cancelled");
            };
    }
    // Opens the gate after WAIT unless it is opened before (so that a test that would
    // otherwise wait for ever on a wrong job fails instead).
    void open_after(std::chrono::seconds wait) {
        {
            std::unique_lock lock(mutex_);
            opened_.wait_for(lock, wait, [this] { return open_; });
            open_ = true;
        }
        opened_.notify_all();
    }
    void open() {
        {
            std::lock_guard lock(mutex_);
            open_ = true;
        }
        opened_.notify_all();
    }

  private:
    std::mutex mutex_;
    std::condition_variable opened_;
    bool open_ = false;
};

} // namespace

TEST_CASE("A verification job runs its work and keeps the result and the progress", "[lab]") {
    VerifyJob job;
    CHECK(job.status()["state"] == "idle");
    REQUIRE_FALSE(job.start(quick));
    const Json done = status_after(job, "running");
    CHECK(done["state"] == "done");
    CHECK(done["result"]["won"] == 3);
    CHECK(done["done"] == 3);
    CHECK(done["total"] == 3);
    CHECK_FALSE(job.cancel()); // nothing runs
}

TEST_CASE("A verification job that throws is failed, with the error kept", "[lab]") {
    VerifyJob job;
    REQUIRE_FALSE(job.start([](const al0::verify::Progress&, const std::atomic<bool>*) -> Json {
        throw std::runtime_error("the table does not parse");
    }));
    const Json failed = status_after(job, "running");
    CHECK(failed["state"] == "failed");
    CHECK(failed["error"] == "the table does not parse");
    CHECK_FALSE(failed.contains("result"));
    // A failed job is over: the next one starts.
    REQUIRE_FALSE(job.start(quick));
    CHECK(status_after(job, "running")["state"] == "done");
}

TEST_CASE("A verification job starts no other while one runs or a cancelled one still stops",
          "[lab]") {
    VerifyJob job;
    Gate gate;
    REQUIRE_FALSE(job.start(gate.work()));
    CHECK(job.status()["state"] == "running");
    const auto running = job.start(quick);
    REQUIRE(running);
    CHECK(running->find("is running") != std::string::npos);

    REQUIRE(job.cancel());
    CHECK(job.status()["state"] == "cancelling");
    CHECK_FALSE(job.cancel()); // already cancelling
    std::thread watchdog([&gate] { gate.open_after(std::chrono::seconds(5)); });
    const auto stopping = job.start(quick);
    gate.open();
    watchdog.join();
    REQUIRE(stopping);
    CHECK(stopping->find("still stopping") != std::string::npos);

    const Json cancelled = status_after(job, "cancelling");
    CHECK(cancelled["state"] == "cancelled");
    CHECK(cancelled["done"] == 1);
    CHECK_FALSE(cancelled.contains("error")); // its throw is the stop, not a failure
    REQUIRE_FALSE(job.start(quick));
    CHECK(status_after(job, "running")["state"] == "done");
}

TEST_CASE("Destroying a verification job stops its running work", "[lab]") {
    Gate gate;
    gate.open(); // the work ends as soon as it sees the stop
    {
        VerifyJob job;
        REQUIRE_FALSE(job.start(gate.work()));
    } // joins the thread: the test would hang here if the stop were not given
    SUCCEED("the job's thread ended");
}

TEST_CASE("A verification whose worker thread throws fails with the error, and the lab goes on",
          "[lab]") {
    VerifyJob job;
    REQUIRE_FALSE(
        job.start([](const al0::verify::Progress& progress, const std::atomic<bool>* stop) -> Json {
            al0::verify::parallel_chunks(
                100'000, 2,
                [](int, std::size_t begin, std::size_t) {
                    if (begin > 0) throw std::runtime_error("a worker failed");
                },
                progress, stop);
            return Json{{"won", 0}};
        }));
    const Json failed = status_after(job, "running");
    CHECK(failed["state"] == "failed");
    CHECK(failed["error"] == "a worker failed");
    REQUIRE_FALSE(job.start(quick));
    CHECK(status_after(job, "running")["state"] == "done");
}

} // namespace test_lab_verify_job
