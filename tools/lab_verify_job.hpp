#pragma once
// The lab's one verification at a time: it runs on a thread of its own while the server keeps
// answering; the page polls its progress and may cancel it. Cancelling drops the result at
// once; the engine's run (under a second for KRK, up to a minute for KPK) cannot be
// interrupted, so a new verification can start only when the cancelled one has finished.

#include "tools/lab_engine.hpp"

#include <mutex>
#include <optional>
#include <thread>

namespace al0::tools::lab {

class VerifyJob {
  public:
    VerifyJob() = default;
    ~VerifyJob();
    VerifyJob(const VerifyJob&) = delete;
    VerifyJob& operator=(const VerifyJob&) = delete;

    // Starts verifying; returns why not when a verification is still running.
    std::optional<std::string> start(VerifyInput input);
    // {state: idle|running|cancelling|done|cancelled|failed, done, total, result?, error?}
    [[nodiscard]] Json status() const;
    // Cancels a running verification; returns false when none runs.
    bool cancel();

  private:
    enum class State { idle, running, cancelling, done, cancelled, failed };
    void finish(State state, Json result, std::string error);

    mutable std::mutex mutex_;
    State state_ = State::idle;
    std::size_t done_ = 0, total_ = 0;
    Json result_;
    std::string error_;
    std::thread worker_;
};

} // namespace al0::tools::lab
