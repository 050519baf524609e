#pragma once
// The lines a person types at `al0 play`: with line editing and history (libedit) when stdin is
// a terminal, so arrow keys move the cursor and recall earlier moves instead of garbling the
// input; plain bounded reading otherwise, so games can be scripted.

#include "engine/io/line_reader.hpp"

#include <optional>
#include <string>

namespace al0::tools {

class PromptReader {
  public:
    // Reads stdin, lines of at most LIMIT bytes when it is not a terminal.
    explicit PromptReader(std::size_t limit);
    [[nodiscard]] bool interactive() const { return interactive_; }

    // Shows PROMPT (at a terminal) and returns the next line, or nothing at the end of input.
    std::optional<io::Line> next(const std::string& prompt);

  private:
    bool interactive_;
    io::LineReader plain_;
};

} // namespace al0::tools
