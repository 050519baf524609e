#pragma once
// Runs `al0 lab` on a free port for tests and talks HTTP to it over a plain socket, so that a
// test can send any request, well-formed or not, and read the status and body.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

namespace al0::test {

struct HttpReply {
    int status = 0;   // 0 when no reply came
    std::string body; // the body, after the header block
};

// Returns the reply in TEXT (a whole reply, or the beginning of one).
inline HttpReply parse_reply(const std::string& text) {
    HttpReply reply;
    if (text.starts_with("HTTP/1.1 ")) reply.status = std::stoi(text.substr(9, 3));
    const auto body = text.find("\r\n\r\n");
    if (body != std::string::npos) reply.body = text.substr(body + 4);
    return reply;
}

// A connection of the test's own to the lab, held open as long as the test likes: to send a
// request in parts, keep a connection idle, or read a reply later. Every wait is bounded.
class Connection {
  public:
    // Connects to PORT on 127.0.0.1 from the address FROM (every 127.x.y.z is this machine:
    // requests from different ones come from different clients).
    explicit Connection(int port, const char* from = "127.0.0.1") {
        fd_ = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in source{};
        source.sin_family = AF_INET;
        inet_pton(AF_INET, from, &source.sin_addr);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(std::uint16_t(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (bind(fd_, reinterpret_cast<sockaddr*>(&source), sizeof source) != 0 ||
            connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
            close();
    }
    ~Connection() { close(); }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    bool send(const std::string& text) {
        for (std::size_t sent = 0; fd_ >= 0 && sent < text.size();) {
            const ssize_t n = ::send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += std::size_t(n);
        }
        return fd_ >= 0;
    }
    // True when something (a reply, or the end of the connection) has come and is unread.
    [[nodiscard]] bool answered() const {
        pollfd p{fd_, POLLIN, 0};
        return fd_ >= 0 && poll(&p, 1, 0) > 0;
    }
    // Reads one reply whose body has a Content-Length; status 0 when the connection ends first
    // or nothing comes for SECONDS.
    HttpReply reply(int seconds = 120) {
        std::string text;
        for (;;) {
            const auto end = text.find("\r\n\r\n");
            const auto length = text.find("Content-Length: ");
            if (end != std::string::npos && length != std::string::npos &&
                text.size() >= end + 4 + std::stoul(text.substr(length + 16)))
                return parse_reply(text);
            pollfd p{fd_, POLLIN, 0};
            char block[4096];
            const ssize_t n =
                fd_ >= 0 && poll(&p, 1, seconds * 1000) > 0 ? recv(fd_, block, sizeof block, 0) : 0;
            if (n <= 0) return {};
            text.append(block, std::size_t(n));
        }
    }
    // Reads until the lab closes the connection (or nothing comes for SECONDS).
    std::string rest(int seconds = 120) {
        std::string text;
        char block[4096];
        pollfd p{fd_, POLLIN, 0};
        for (ssize_t n; fd_ >= 0 && poll(&p, 1, seconds * 1000) > 0 &&
                        (n = recv(fd_, block, sizeof block, 0)) > 0;)
            text.append(block, std::size_t(n));
        return text;
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

  private:
    int fd_ = -1;
};

class LabServer {
  public:
    // Starts `al0 lab --port 0 --no-build ARGS`, waits for the address line, keeps the port.
    // SHELL runs before it (as `ulimit -f 64; `).
    explicit LabServer(const std::string& args = "", const std::string& shell = "") {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], STDOUT_FILENO);
            close(out[0]);
            close(out[1]);
            const std::string command =
                shell + "exec '" + AL0_BINARY + "' lab --port 0 --no-build " + args;
            execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        close(out[1]);
        FILE* in = fdopen(out[0], "r");
        char line[512] = {};
        const bool got = std::fgets(line, sizeof line, in) != nullptr;
        std::fclose(in);
        first_line_ = got ? line : "";
        const auto at = first_line_.find("http://127.0.0.1:");
        if (at == std::string::npos) throw std::runtime_error("al0 lab printed: " + first_line_);
        port_ = std::stoi(first_line_.substr(at + 17));
    }
    ~LabServer() {
        kill(pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
    }
    LabServer(const LabServer&) = delete;
    LabServer& operator=(const LabServer&) = delete;

    [[nodiscard]] int port() const { return port_; }
    [[nodiscard]] const std::string& first_line() const { return first_line_; }
    [[nodiscard]] std::string host() const { return "127.0.0.1:" + std::to_string(port_); }

    // Sends RAW (a whole request) and returns the reply; the connection closes after it.
    [[nodiscard]] HttpReply raw(const std::string& request) const {
        Connection c(port_);
        c.send(request);
        return parse_reply(c.rest());
    }

    // Sends METHOD TARGET with BODY, the Host header naming the server unless HOST is given.
    [[nodiscard]] HttpReply request(const std::string& method, const std::string& target,
                                    const std::string& body = "", std::string host = "",
                                    const std::string& extra_headers = "") const {
        if (host.empty()) host = this->host();
        return raw(method + " " + target + " HTTP/1.1\r\nHost: " + host +
                   "\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: " +
                   std::to_string(body.size()) + "\r\n" + extra_headers + "\r\n" + body);
    }

  private:
    pid_t pid_ = -1;
    int port_ = 0;
    std::string first_line_;
};

} // namespace al0::test
