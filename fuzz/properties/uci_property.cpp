// The UCI session on any sequence of lines.

#include "engine/play/uci_session.hpp"
#include "fuzz/properties/krk_program.hpp"
#include "fuzz/properties/lines.hpp"
#include "fuzz/properties/properties.hpp"

#include <string>

namespace al0::fuzz {
namespace {

// Why small: each input may send hundreds of `go`; a table over budget still answers.
constexpr std::uint64_t NODE_BUDGET = 20'000;

std::string_view first_word(std::string_view line) {
    const std::size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) return {};
    line.remove_prefix(begin);
    return line.substr(0, line.find_first_of(" \t\r"));
}

bool has_word(std::string_view line, std::string_view word) {
    for (std::size_t at = line.find(word); at != std::string_view::npos;
         at = line.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        const auto blank = [&](std::size_t i) {
            return std::string_view(" \t\r").find(line[i]) != std::string_view::npos;
        };
        if ((at == 0 || blank(at - 1)) && (end == line.size() || blank(end))) return true;
    }
    return false;
}

void require_answer(std::string_view line, const std::vector<std::string>& out) {
    for (const std::string& o : out)
        if (o.find_first_of("\r\n") != std::string::npos)
            throw PropertyViolation("an output line holds a line break: " + o);
    const std::string_view command = first_word(line);
    std::size_t bestmoves = 0;
    for (const std::string& o : out) bestmoves += o.starts_with("bestmove ");
    if (command == "go") {
        if (bestmoves != 1 || !out.back().starts_with("bestmove "))
            throw PropertyViolation("go is not answered by one bestmove at the end");
        const std::string move = out.back().substr(9);
        if (move != "0000" && move.size() != 4)
            throw PropertyViolation("bestmove is not a UCI move: " + move);
    } else if (bestmoves > 1 || (bestmoves == 1 && !has_word(line, "go"))) {
        // Why not "first word": UCI skips unknown leading tokens ("xyz go" is go).
        throw PropertyViolation("bestmove without one go, after: " + std::string(line));
    }
    if (command == "isready" && out != std::vector<std::string>{"readyok"})
        throw PropertyViolation("isready is not answered by readyok alone");
    if (command == "uci" && (out.empty() || out.back() != "uciok"))
        throw PropertyViolation("uci does not end with uciok");
}

} // namespace

void check_uci_text(std::string_view text) {
    play::UciSession session(builtin_krk_program, "krk_bratko", book_program(), "al0 fuzz",
                             {NODE_BUDGET, false});
    for (std::string_view line : split_lines(text)) {
        if (session.quit()) break;
        require_answer(line, session.handle(line));
    }
}

} // namespace al0::fuzz
