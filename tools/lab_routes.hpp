#pragma once
// What the lab answers, without the network: a request (method, target, Host and Origin headers,
// body) in, a status, content type and body out. The page's files and a JSON API; every refusal
// is a JSON object {"error": "..."} with a 4xx status. lab_server.cpp does the sockets.

#include "tools/lab_tables.hpp"
#include "tools/lab_verify_job.hpp"

#include <filesystem>
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

class Routes {
  public:
    // PAGE: the folder of the built page (index.html, lab.js, lab.css); TABLES: --tables DIR.
    Routes(std::filesystem::path page, TableFolder tables);

    // The Host header values the server answers to (its own address): others are refused,
    // so that a page of another site cannot reach the lab by DNS rebinding.
    void allow_hosts(std::vector<std::string> hosts) { hosts_ = std::move(hosts); }

    [[nodiscard]] Reply handle(const Request& request);

  private:
    [[nodiscard]] Reply api(const Request& request);
    [[nodiscard]] Reply page_file(const std::string& target) const;
    [[nodiscard]] Reply tables(const Request& request, const std::string& name);
    [[nodiscard]] Reply verification(const Request& request, const std::string& rest);

    std::filesystem::path page_;
    TableFolder tables_;
    std::vector<std::string> hosts_;
    VerifyJob job_;
};

} // namespace al0::tools::lab
