#pragma once
// The lab's one verification at a time: it runs on a thread of its own while the server keeps
// answering; the page polls its progress and may cancel it. Cancelling stops the engine's run
// within moments (its searches poll a stop flag); until it has stopped the state is
// `cancelling` and no new verification starts. Destroying the job cancels a running one.

#include "engine/verify/shared/parallel.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace al0::tools::lab {

using Json = nlohmann::json;

class VerifyJob {
  public:
    // The verification itself: reports progress, and once *stop is true soon ends (throwing).
    using Work =
        std::function<Json(const verify::Progress& progress, const std::atomic<bool>* stop)>;

    VerifyJob() = default;
    ~VerifyJob();
    VerifyJob(const VerifyJob&) = delete;
    VerifyJob& operator=(const VerifyJob&) = delete;

    // Starts WORK on the job's thread; returns why not when a verification is still running.
    std::optional<std::string> start(Work work);
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
    std::atomic<bool> stop_{false};
    std::thread worker_;
};

} // namespace al0::tools::lab
