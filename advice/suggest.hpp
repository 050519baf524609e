#pragma once
// "Did you mean" suggestions for misspelt names.

#include <span>
#include <string>
#include <string_view>

namespace al0::advice {

// Returns " (did you mean 'x'?)" naming the closest CANDIDATES to NAME (at most three, all at
// the same edit distance, counting a swap of neighbours as one edit), or "" if none is close.
[[nodiscard]] std::string did_you_mean(std::string_view name,
                                       std::span<const std::string_view> candidates);

} // namespace al0::advice
