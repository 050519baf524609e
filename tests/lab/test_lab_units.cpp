// The lab's worker pool (tools/lab/server/lab_work_pool.hpp) and Host check
// (tools/lab/server/lab_hosts.hpp) as units: work the test controls, so each state is met for
// certain rather than by timing, and the names a server on every interface answers to, which no
// test may bind.

#include "tools/lab/server/lab_hosts.hpp"
#include "tools/lab/server/lab_work_pool.hpp"

#include <catch2/catch.hpp>

#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace test_lab_units {

using al0::tools::lab::HostCheck;
using al0::tools::lab::StopReason;
using al0::tools::lab::WorkPool;
namespace ip = boost::asio::ip;

namespace {

// Work that starts, then waits until the test opens the gate or its stop flag is set.
class Gate {
  public:
    WorkPool::Work work() {
        return [this](const std::atomic<bool>* stop) {
            std::unique_lock lock(mutex_);
            ++started_;
            changed_.notify_all();
            // The stop flag is set without a word to this gate: it is looked at now and then.
            const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
            while (!open_ && !*stop && std::chrono::steady_clock::now() < give_up)
                changed_.wait_for(lock, std::chrono::milliseconds(5));
            ++ended_;
            changed_.notify_all();
        };
    }
    void open() {
        std::lock_guard lock(mutex_);
        open_ = true;
        changed_.notify_all();
    }
    // Waits (a minute at most) until COUNT pieces of work have started (ended); returns how many.
    int started(int count) { return wait(started_, count); }
    int ended(int count) { return wait(ended_, count); }

  private:
    int wait(const int& counter, int count) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, std::chrono::minutes(1), [&] { return counter >= count; });
        return counter;
    }
    std::mutex mutex_;
    std::condition_variable changed_;
    int started_ = 0, ended_ = 0;
    bool open_ = false;
};

} // namespace

TEST_CASE("The lab's worker pool runs at most its workers at once and refuses past its queue",
          "[lab]") {
    Gate gate;
    WorkPool pool(2, 3);
    std::vector<std::shared_ptr<WorkPool::Ticket>> tickets;
    for (int i = 0; i < 2; ++i) tickets.push_back(pool.submit("", gate.work()));
    CHECK(gate.started(2) == 2);
    for (int i = 0; i < 3; ++i) tickets.push_back(pool.submit("", gate.work()));
    for (const auto& t : tickets) CHECK(t);
    CHECK(pool.submit("", gate.work()) == nullptr); // two run, three wait: full
    const WorkPool::Load load = pool.load();
    CHECK(load.workers == 2);
    CHECK(load.running == 2);
    CHECK(load.queued == 3);
    gate.open();
    CHECK(gate.ended(5) == 5);
}

TEST_CASE("A newer piece of work of the same key stops the older one; another key does not",
          "[lab]") {
    Gate gate;
    WorkPool pool(2, 4);
    const auto older = pool.submit("client advise", gate.work());
    const auto other = pool.submit("client play", gate.work());
    REQUIRE(gate.started(2) == 2);
    const auto newer = pool.submit("client advise", gate.work());
    CHECK(gate.ended(1) == 1);
    CHECK(older->reason() == StopReason::replaced);
    CHECK(other->reason() == StopReason::none);
    CHECK(newer->reason() == StopReason::none);
    CHECK(pool.load().stopped[int(StopReason::replaced)] == 1);
    // A stop after the work ended changes nothing and is not counted.
    CHECK_FALSE(pool.stop(*older, StopReason::client_gone));
    CHECK(pool.stop(*other, StopReason::time_up));
    CHECK(other->reason() == StopReason::time_up);
    gate.open();
    CHECK(gate.ended(3) == 3);
    CHECK(pool.load().stopped[int(StopReason::client_gone)] == 0);
}

namespace {

// The machine's IPv4 addresses, as getifaddrs lists them.
std::vector<std::string> ipv4_addresses() {
    std::vector<std::string> names;
    ifaddrs* list = nullptr;
    REQUIRE(getifaddrs(&list) == 0);
    for (const ifaddrs* i = list; i; i = i->ifa_next)
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET)
            names.push_back(
                ip::address_v4(
                    ntohl(reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr.s_addr))
                    .to_string());
    freeifaddrs(list);
    return names;
}

} // namespace

TEST_CASE("A lab on every interface answers to the machine's own names and addresses only",
          "[lab]") {
    const HostCheck hosts = HostCheck::for_server(ip::make_address("0.0.0.0"), 8018);
    for (const char* name :
         {"127.0.0.1:8018", "localhost:8018", "LocalHost:8018", "0.0.0.0:8018", "[::1]:8018"})
        CHECK(hosts.allows_host(name));
    for (const std::string& address : ipv4_addresses()) CHECK(hosts.allows_host(address + ":8018"));
    char name[256] = {};
    REQUIRE(gethostname(name, sizeof name - 1) == 0);
    CHECK(hosts.allows_host(std::string(name) + ":8018"));
    CHECK(hosts.allows_origin("http://" + std::string(name) + ":8018"));
    // Another site's name (DNS rebinding), another port, no port, a bad port.
    for (const char* other : {"attacker.example:8018", "127.0.0.1:8019", "127.0.0.1",
                              "127.0.0.1:80x", "localhost.attacker.example:8018", ""})
        CHECK_FALSE(hosts.allows_host(other));
    CHECK_FALSE(hosts.allows_origin("http://attacker.example:8018"));
}

TEST_CASE("A lab on the loopback address answers to localhost in any case, and without a port "
          "on port 80",
          "[lab]") {
    const HostCheck hosts = HostCheck::for_server(ip::make_address("127.0.0.1"), 80);
    for (const char* name : {"LOCALHOST", "localhost:80", "127.0.0.1", "127.0.0.1:80"})
        CHECK(hosts.allows_host(name));
    char name[256] = {};
    REQUIRE(gethostname(name, sizeof name - 1) == 0);
    if (std::string(name) != "localhost") // only a server on every interface answers to it
        CHECK_FALSE(hosts.allows_host(name));
    const HostCheck v6 = HostCheck::for_server(ip::make_address("::1"), 8018);
    CHECK(v6.allows_host("[::1]:8018"));
    CHECK_FALSE(v6.allows_host("::1:8018"));
}

} // namespace test_lab_units
