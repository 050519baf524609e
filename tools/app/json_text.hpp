#pragma once
// JSON output that never fails on input bytes: text from the user (a FEN, a table path) may
// hold bytes that are not UTF-8; they are written as U+FFFD instead of ending the output.

#include <nlohmann/json.hpp>

#include <string>

namespace al0::tools {

// Returns J as one line of JSON (without a newline).
inline std::string json_text(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace al0::tools
