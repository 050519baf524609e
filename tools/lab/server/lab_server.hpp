#pragma once
// The lab's HTTP server (Boost.Beast). A few I/O threads read requests, answer the light ones
// (the page's files, table files, verification progress) and write replies; heavy ones
// (searches, games, probes, checks) go to a bounded pool of worker threads with a time limit,
// stopped when their client goes away. Size and time limits on every request; a bounded number
// of connections, of which idle ones are closed when a new one needs the room. Runs until the
// process ends.

#include "tools/lab/server/lab_routes.hpp"

#include <functional>
#include <string>

namespace al0::tools::lab {

struct ServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 8018; // 0: any free port
    double time_limit = 60;     // seconds a heavy request may run before its search is stopped
};

// Limits of one request: its header block, its body (a table travels in a body), how long the
// server waits for a connection's next request, for the header block once the request began,
// and for the body.
inline constexpr std::size_t max_header_bytes = 16 * 1024;
inline constexpr std::size_t max_body_bytes = 1024 * 1024;
inline constexpr int idle_timeout_seconds = 30;
inline constexpr int header_timeout_seconds = 5;
inline constexpr int body_timeout_seconds = 30;
inline constexpr int max_connections = 32;
// Heavy requests waiting for a worker beyond which the lab answers 503 (busy).
inline constexpr std::size_t max_waiting_requests = 16;

// Binds, calls ready(address) with "http://host:port/" (a loopback address when listening on
// every interface), then serves forever. Returns an error message when the address cannot be
// bound.
std::string serve(const ServerOptions& options, Routes& routes,
                  const std::function<void(const std::string&)>& ready);

} // namespace al0::tools::lab
