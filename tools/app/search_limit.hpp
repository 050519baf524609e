#pragma once
// The one message of every command whose search stopped at a limit: the node budget or the
// depth bound (search::MAX_SEARCH_DEPTH), naming the advice.

#include "engine/search/core.hpp"

#include <cstdint>
#include <string>

namespace al0::tools {

// Returns whether the outcome is a search limit (budget or depth).
[[nodiscard]] constexpr bool is_search_limit(search::Outcome o) {
    return o == search::Outcome::budget_exceeded || o == search::Outcome::depth_exceeded;
}

// Returns "search budget exceeded in advice NAME (budget N nodes)" or the depth bound's message.
// The outcome must be a search limit.
[[nodiscard]] std::string search_limit_text(const search::Program& program, int advice,
                                            search::Outcome outcome, std::uint64_t budget);

} // namespace al0::tools
