#pragma once
// What `al0 reach` shows of one piece of advice, as JSON for `--json` and the lab.

#include "engine/verify/reach/reach.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace al0::tools {

// A line from a root where the goal cannot be forced: "1. Kb2 Kd4 2. ... (the holding goal fails)".
std::string reach_line_text(const verify::ReachLine& line);

// The report of reach over TABLE (its name as the user gave it): the counts, the plies the
// shortest forcing trees need, and the positions where the goal cannot be forced, with lines.
nlohmann::json reach_json(const std::string& table, const verify::ReachReport& r);

} // namespace al0::tools
