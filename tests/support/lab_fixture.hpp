#pragma once
// What the tests of al0 lab's server share: requests with JSON bodies, the error of a reply, the
// default KRK table's text and a temporary folder.

#include "tables/builtin.hpp"
#include "tests/support/files.hpp"
#include "tests/support/lab_client.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

namespace al0::test::lab {

inline std::string krk_table() { return std::string(*al0::tables::builtin("krk")); }

// Returns the error message of a JSON error reply ("" when the body is no such object).
inline std::string error_of(const HttpReply& r) {
    const nlohmann::json j = nlohmann::json::parse(r.body, nullptr, false);
    return j.is_object() && j.contains("error") && j["error"].is_string()
               ? j["error"].get<std::string>()
               : "";
}

// POSTs BODY to TARGET, requires STATUS and returns the reply's JSON.
inline nlohmann::json post(const LabServer& lab, const std::string& target,
                           const nlohmann::json& body, int status = 200) {
    const HttpReply r = lab.request("POST", target, body.dump());
    INFO(target << " " << body.dump().substr(0, 200) << " -> " << r.body.substr(0, 300));
    REQUIRE(r.status == status);
    return nlohmann::json::parse(r.body);
}

// Polls the verification until its state is no longer STATE (or minutes pass); returns it.
inline nlohmann::json status_after(const LabServer& lab, const std::string& state) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    nlohmann::json status = nlohmann::json::parse(lab.request("GET", "/api/verify").body);
    while (status["state"] == state && std::chrono::steady_clock::now() < give_up) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        status = nlohmann::json::parse(lab.request("GET", "/api/verify").body);
    }
    return status;
}

} // namespace al0::test::lab
