#pragma once
// The lab's heavy requests (searches, games, tablebase probes, table checks) run here, on a few
// threads of their own, so that the server's I/O threads stay free for the light ones (the
// page's files, verification progress). At most `workers` pieces of work run at once and at most
// `queue` more wait; more are refused. Each piece has a stop flag its searches poll: it is set
// when the client goes away, when the time limit is up, or when a newer piece of work with the
// same key (the same client asking the same thing again) replaces it.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace al0::tools::lab {

// Why a piece of work was stopped.
enum class StopReason : std::uint8_t { none, client_gone, replaced, time_up };

class WorkPool {
  public:
    // The work: runs on a worker thread, polling *stop; it must not throw. It also runs when
    // stopped while it waited (to answer), and should then return at once.
    using Work = std::function<void(const std::atomic<bool>* stop)>;

    // One piece of work, as its requester holds it.
    class Ticket {
      public:
        [[nodiscard]] StopReason reason() const { return reason_.load(); }

      private:
        friend class WorkPool;
        Ticket(std::string key, Work work) : key_(std::move(key)), work_(std::move(work)) {}
        std::string key_;
        Work work_;
        std::atomic<bool> stop_{false};
        std::atomic<StopReason> reason_{StopReason::none};
        bool ended_ = false; // under the pool's mutex
    };

    struct Load {
        std::size_t workers = 0, running = 0, queued = 0;
        // How many pieces were stopped before they ended, by reason (index: StopReason).
        std::uint64_t stopped[4] = {};
    };

    WorkPool(unsigned workers, std::size_t queue);
    ~WorkPool(); // stops every piece of work and joins the threads
    WorkPool(const WorkPool&) = delete;
    WorkPool& operator=(const WorkPool&) = delete;

    // Queues WORK; returns its ticket, or nullptr when the queue is full. A non-empty KEY stops
    // the piece of work of that key that has not ended yet (StopReason::replaced).
    std::shared_ptr<Ticket> submit(std::string key, Work work);
    // Sets the stop flag of TICKET's work (the first reason stays); returns false when the work
    // had already ended.
    bool stop(Ticket& ticket, StopReason why);
    [[nodiscard]] Load load() const;

  private:
    void serve();
    bool stop_locked(Ticket& ticket, StopReason why);

    const std::size_t queue_limit_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::shared_ptr<Ticket>> queue_;
    std::map<std::string, std::weak_ptr<Ticket>> by_key_;
    std::vector<std::shared_ptr<Ticket>> running_;
    std::uint64_t stopped_[4] = {};
    bool closing_ = false;
    std::vector<std::thread> threads_;
};

} // namespace al0::tools::lab
