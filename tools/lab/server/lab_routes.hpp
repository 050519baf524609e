#pragma once
// What the lab answers, without the network: a request (method, target, Host and Origin headers,
// body) in, a status, content type and body out, at once or from work for a worker thread (a
// search, a game, a probe). The page's files and a JSON API; every refusal is a JSON object
// {"error": "..."} with a 4xx status. lab_server.cpp does the sockets and runs the work.

#include "tools/lab/server/lab_hosts.hpp"
#include "tools/lab/server/lab_tables.hpp"
#include "tools/lab/server/lab_verify_job.hpp"
#include "tools/lab/server/lab_work_pool.hpp"

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace al0::tools::lab {

struct Request {
    std::string method; // "GET", "POST", "PUT", ...
    std::string target; // "/api/check"
    std::string host;   // the Host header
    std::string origin; // the Origin header, "" when absent
    std::string body;
};

struct Reply {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

// A heavy request's reply, computed on a worker thread; its searches stop once *stop is true.
using Work = std::function<Reply(const std::atomic<bool>* stop)>;

// What a request gets: a reply now, or work whose reply comes later.
struct Answer {
    Answer(Reply reply) : now(std::move(reply)) {} // NOLINT: a reply is an answer
    Answer(std::string kind, Work work) : later(std::move(work)), kind(std::move(kind)) {}
    Reply now;
    Work later; // when set, the answer is its reply
    // The kind of work ("advise", "play"): a newer request of the same kind from the same
    // client replaces this one (its search stops). Empty: never replaced.
    std::string kind;
};

class Routes {
  public:
    // PAGE: the folder of the built page (index.html, lab.js, lab.css); TABLES: --tables DIR.
    Routes(std::filesystem::path page, TableFolder tables);

    // The Host header values the server answers to (its own address): others are refused,
    // so that a page of another site cannot reach the lab by DNS rebinding.
    void allow_hosts(HostCheck hosts) { hosts_ = std::move(hosts); }
    // The pool running the heavy requests, whose load GET /api/status reports.
    void report_load_of(const WorkPool& pool) { pool_ = &pool; }

    [[nodiscard]] Answer handle(const Request& request);

  private:
    [[nodiscard]] Answer api(const Request& request);
    [[nodiscard]] Reply page_file(const std::string& target) const;
    [[nodiscard]] Reply tables(const Request& request, const std::string& name);
    [[nodiscard]] Answer verification(const Request& request, const std::string& rest);
    [[nodiscard]] Reply status() const;

    std::filesystem::path page_;
    TableFolder tables_;
    HostCheck hosts_;
    const WorkPool* pool_ = nullptr;
    VerifyJob job_;
};

} // namespace al0::tools::lab
