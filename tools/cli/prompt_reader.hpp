#pragma once
// The lines a person types at `al0 play`: with line editing and history (libedit) when stdin is
// a terminal, so arrow keys move the cursor and recall earlier moves instead of garbling the
// input; plain bounded reading otherwise, so games can be scripted.

#include "engine/io/line_reader.hpp"

#include <optional>
#include <string>

namespace al0::tools {

// The longest line read at `al0 play`'s prompt: a move or a command is a few bytes; a longer
// line is refused without being held or echoed whole.
inline constexpr std::size_t MAX_PROMPT_LINE = 1024;

class PromptReader {
  public:
    // Reads stdin, lines of at most LIMIT bytes when it is not a terminal.
    explicit PromptReader(std::size_t limit);
    [[nodiscard]] bool interactive() const { return interactive_; }

    // Shows PROMPT (at a terminal) and returns the next line, or nothing at the end of input.
    std::optional<io::Line> next(const std::string& prompt);
    // Returns the next line that is not blank, without its surrounding blanks, echoed after
    // PROMPT on stdout when stdin is no terminal (a scripted game reads as played); a line over
    // the limit is refused there and skipped. Nothing at the end of input.
    std::optional<std::string> next_command(const std::string& prompt);

  private:
    std::size_t limit_;
    bool interactive_;
    io::LineReader plain_;
};

} // namespace al0::tools
