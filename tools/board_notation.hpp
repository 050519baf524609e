#pragma once
// Move text for the tablebase's compact board (al0 probe): UCI and SAN.

#include "engine/tablebase/board.hpp"

#include <string>

namespace al0::tools {

// Returns "e7e8q".
std::string board_uci(tablebase::BoardMove m);
// Returns SAN with check and mate suffixes: "Kd3", "Rxa1+", "e8=Q#", "exd6".
std::string board_san(const tablebase::Board& b, tablebase::BoardMove m);

} // namespace al0::tools
