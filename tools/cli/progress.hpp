#pragma once
// A progress bar on stderr for long commands (verify, tablebase --all).

#include <cstddef>
#include <functional>

namespace al0::tools {

using ProgressBar = std::function<void(std::size_t done, std::size_t total)>;

// Returns a bar drawing "label [####....]  40%" on stderr when it is a terminal, else nothing
// (an empty function). The bar clears itself when done == total.
ProgressBar progress_bar(const char* label);

} // namespace al0::tools
