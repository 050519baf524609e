#pragma once
// A whole-table verification as JSON: `al0 verify --json` prints it and the lab shows it.

#include "engine/verify/table_verifier.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace al0::tools {

// Returns the FEN of a state.
std::string fen_of(const krk::KrkState& s);

// Returns {fen, line (SAN), moves (UCI), text} of a defending line.
nlohmann::json line_json(const verify::DefendingLine& line);

// Returns the counts, figures, histogram and up to EXAMPLES example lines per failure kind.
nlohmann::json table_json(const std::string& table, const verify::TableVerification& v,
                          int examples);

} // namespace al0::tools
