#include "tools/lab/server/lab_verify_job.hpp"

namespace al0::tools::lab {

VerifyJob::~VerifyJob() {
    stop_ = true;
    if (worker_.joinable()) worker_.join();
}

std::optional<std::string> VerifyJob::start(Work work) {
    std::lock_guard lock(mutex_);
    if (state_ == State::running) return "a verification is running; cancel it or wait";
    if (state_ == State::cancelling) return "the cancelled verification is still stopping";
    if (worker_.joinable()) worker_.join(); // finished: its thread only has to be collected
    state_ = State::running;
    stop_ = false;
    done_ = total_ = 0;
    result_ = nullptr;
    error_.clear();
    worker_ = std::thread([this, work = std::move(work)] {
        try {
            Json result = work(
                [this](std::size_t done, std::size_t total) {
                    std::lock_guard progress_lock(mutex_);
                    done_ = done;
                    total_ = total;
                },
                &stop_);
            finish(State::done, std::move(result), "");
        } catch (const std::exception& e) {
            finish(State::failed, nullptr, e.what());
        }
    });
    return std::nullopt;
}

void VerifyJob::finish(State state, Json result, std::string error) {
    std::lock_guard lock(mutex_);
    if (state_ == State::cancelling) {
        state_ = State::cancelled;
        return;
    }
    state_ = state;
    result_ = std::move(result);
    error_ = std::move(error);
}

bool VerifyJob::cancel() {
    std::lock_guard lock(mutex_);
    if (state_ != State::running) return false;
    state_ = State::cancelling;
    stop_ = true; // the worker ends in Cancelled, which finish() records as cancelled
    return true;
}

Json VerifyJob::status() const {
    static constexpr const char* names[] = {"idle", "running",   "cancelling",
                                            "done", "cancelled", "failed"};
    std::lock_guard lock(mutex_);
    Json j = {{"state", names[int(state_)]}, {"done", done_}, {"total", total_}};
    if (state_ == State::done) j["result"] = result_;
    if (state_ == State::failed) j["error"] = error_;
    return j;
}

} // namespace al0::tools::lab
