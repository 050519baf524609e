#pragma once
// Runs `al0 lab` on a free port for tests and talks HTTP to it over a plain socket, so that a
// test can send any request, well-formed or not, and read the status and body.

#include <arpa/inet.h>
#include <netinet/in.h>
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

class LabServer {
  public:
    // Starts `al0 lab --port 0 --no-build ARGS`, waits for the address line, keeps the port.
    explicit LabServer(const std::string& args = "") {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], STDOUT_FILENO);
            close(out[0]);
            close(out[1]);
            const std::string command =
                std::string("exec '") + AL0_BINARY + "' lab --port 0 --no-build " + args;
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
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(std::uint16_t(port_));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        HttpReply reply;
        if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
            for (std::size_t sent = 0; sent < request.size();) {
                const ssize_t n =
                    send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
                if (n <= 0) break;
                sent += std::size_t(n);
            }
            std::string text;
            char block[4096];
            for (ssize_t n; (n = recv(fd, block, sizeof block, 0)) > 0;)
                text.append(block, std::size_t(n));
            if (text.starts_with("HTTP/1.1 ")) reply.status = std::stoi(text.substr(9, 3));
            const auto body = text.find("\r\n\r\n");
            if (body != std::string::npos) reply.body = text.substr(body + 4);
        }
        close(fd);
        return reply;
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
