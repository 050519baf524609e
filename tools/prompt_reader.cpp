#include "tools/prompt_reader.hpp"

#include <editline/readline.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>

namespace al0::tools {

PromptReader::PromptReader(std::size_t limit)
    : interactive_(isatty(STDIN_FILENO) != 0), plain_(STDIN_FILENO, limit) {}

std::optional<io::Line> PromptReader::next(const std::string& prompt) {
    if (!interactive_) {
        io::Line line;
        if (plain_.next(line) != io::LineReader::Status::line) return std::nullopt;
        return line;
    }
    std::unique_ptr<char, decltype(&std::free)> text(readline(prompt.c_str()), &std::free);
    if (!text) return std::nullopt;
    io::Line line{text.get(), 0};
    line.length = line.text.size();
    if (!line.text.empty()) add_history(text.get());
    return line;
}

} // namespace al0::tools
