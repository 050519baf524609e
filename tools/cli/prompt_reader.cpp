#include "tools/cli/prompt_reader.hpp"

#include <editline/readline.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>

namespace al0::tools {

PromptReader::PromptReader(std::size_t limit)
    : limit_(limit), interactive_(isatty(STDIN_FILENO) != 0), plain_(STDIN_FILENO, limit) {}

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

std::optional<std::string> PromptReader::next_command(const std::string& prompt) {
    for (;;) {
        auto read = next(prompt);
        if (!read) return std::nullopt;
        if (read->overlong()) {
            std::cout << (interactive_ ? "" : prompt + "...\n") << "Refused: an input line of "
                      << read->length << " bytes (at most " << limit_ << ")\n";
            continue;
        }
        const std::string& line = read->text;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos) continue;
        std::string text = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
        if (!interactive_) std::cout << prompt << text << "\n";
        return text;
    }
}

} // namespace al0::tools
