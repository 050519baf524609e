#pragma once
// The text of `al0 verify`'s figures per piece of advice: the work it did (trees, search nodes)
// and where its moves go against the tablebase (README, "Where a table loses moves").

#include "engine/verify/shared/table_summary.hpp"

#include <cstdint>
#include <string>

namespace al0::tools::cmd_verify {

// Returns X with DIGITS decimals.
std::string fixed(double x, int digits = 2);
// Returns PART as a percentage of WHOLE, "-" when WHOLE is 0.
std::string percent(std::uint64_t part, std::uint64_t whole);

// Prints how many forcing trees each piece of advice built and the search nodes it cost.
void print_advice_use(const verify::TableSummary& s);
// Prints what each piece of advice's trees lose against the tablebase: their first moves, the
// won starts' worst lines through them, then the position where each first move loses most.
void print_advice_loss(const verify::TableSummary& s);

} // namespace al0::tools::cmd_verify
