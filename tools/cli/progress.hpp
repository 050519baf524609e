#pragma once
// A progress bar and a status line on stderr for long commands (verify, tablebase --all).

#include <cstddef>
#include <functional>
#include <string>

namespace al0::tools {

using ProgressBar = std::function<void(std::size_t done, std::size_t total)>;

// Returns a bar drawing "label [####....]  40%" on stderr when it is a terminal, else nothing
// (an empty function). The bar clears itself when done == total.
ProgressBar progress_bar(const char* label);

using StatusLine = std::function<void(const std::string& what)>;

// Returns a line writing "label: what ..." on stderr when it is a terminal, else nothing: for
// the phases a bar does not count. Each call replaces the last; a bar drawn next overwrites it.
StatusLine status_line(const char* label);

} // namespace al0::tools
