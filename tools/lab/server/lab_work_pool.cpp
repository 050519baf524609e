#include "tools/lab/server/lab_work_pool.hpp"

#include <algorithm>

namespace al0::tools::lab {

WorkPool::WorkPool(unsigned workers, std::size_t queue) : queue_limit_(queue) {
    for (unsigned i = 0; i < std::max(1U, workers); ++i) threads_.emplace_back([this] { serve(); });
}

WorkPool::~WorkPool() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
        for (const auto& ticket : queue_) ticket->stop_ = true;
        for (const auto& ticket : running_) ticket->stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

std::shared_ptr<WorkPool::Ticket> WorkPool::submit(std::string key, Work work) {
    std::shared_ptr<Ticket> ticket;
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= queue_limit_) return nullptr;
        if (!key.empty())
            if (auto older = by_key_[key].lock()) stop_locked(*older, StopReason::replaced);
        ticket.reset(new Ticket(key, std::move(work)));
        if (!key.empty()) by_key_[key] = ticket;
        queue_.push_back(ticket);
    }
    wake_.notify_one();
    return ticket;
}

bool WorkPool::stop(Ticket& ticket, StopReason why) {
    std::lock_guard lock(mutex_);
    return stop_locked(ticket, why);
}

bool WorkPool::stop_locked(Ticket& ticket, StopReason why) {
    if (ticket.ended_) return false;
    if (ticket.reason_ == StopReason::none) {
        ticket.reason_ = why;
        ++stopped_[int(why)];
    }
    ticket.stop_ = true;
    return true;
}

WorkPool::Load WorkPool::load() const {
    std::lock_guard lock(mutex_);
    Load load{threads_.size(), running_.size(), queue_.size(), {}};
    std::copy(std::begin(stopped_), std::end(stopped_), std::begin(load.stopped));
    return load;
}

void WorkPool::serve() {
    for (;;) {
        std::shared_ptr<Ticket> ticket;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
            if (queue_.empty()) return; // closing
            ticket = std::move(queue_.front());
            queue_.pop_front();
            running_.push_back(ticket);
        }
        ticket->work_(&ticket->stop_);
        std::lock_guard lock(mutex_);
        ticket->ended_ = true;
        ticket->work_ = nullptr; // what the work holds (a connection) is let go now
        running_.erase(std::find(running_.begin(), running_.end(), ticket));
        if (auto it = by_key_.find(ticket->key_);
            it != by_key_.end() && it->second.lock() == ticket)
            by_key_.erase(it);
    }
}

} // namespace al0::tools::lab
