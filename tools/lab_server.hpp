#pragma once
// The lab's HTTP server (Boost.Beast): one thread per connection, a bounded number of them,
// size limits on every request, and each request handed to Routes. Runs until the process ends.

#include "tools/lab_routes.hpp"

#include <functional>
#include <string>

namespace al0::tools::lab {

struct ServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 8018; // 0: any free port
};

// Limits of one request: its header block, its body (a table travels in a body) and how long
// the server waits for it.
inline constexpr std::size_t max_header_bytes = 16 * 1024;
inline constexpr std::size_t max_body_bytes = 1024 * 1024;
inline constexpr int read_timeout_seconds = 30;
inline constexpr int max_connections = 32;

// Binds, calls ready(address) with "http://host:port/", then serves forever. Returns an error
// message when the address cannot be bound.
std::string serve(const ServerOptions& options, Routes& routes,
                  const std::function<void(const std::string&)>& ready);

} // namespace al0::tools::lab
