// The UCI session on any sequence of lines.

#include "engine/play/uci_session.hpp"
#include "fuzz/properties/krk_program.hpp"
#include "fuzz/properties/lines.hpp"
#include "fuzz/properties/properties.hpp"

#include <memory>
#include <string>

namespace al0::fuzz {
namespace {

// Why small: each input may send hundreds of `go`; a table over budget still answers.
constexpr std::uint64_t UCI_NODE_BUDGET = 20'000;

// One in-memory tablebase for every input, built once: a session whose search fails plays the
// tablebase's move.
std::shared_ptr<tablebase::Registry> tablebases() {
    static const auto shared =
        std::make_shared<tablebase::Registry>(tablebase::CachePolicy{false, {}});
    return shared;
}

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

// The bestmoves a session sent, and the `go` commands it was sent; every `go` gets one answer,
// at once or (`go infinite`, `go ponder`) when it is released.
struct Count {
    std::size_t bestmoves = 0, surely_go = 0, maybe_go = 0;
};

// Checks the answer OUT to LINE and counts it.
void require_answer(std::string_view line, const std::vector<std::string>& out, Count& count) {
    for (const std::string& o : out)
        if (o.find_first_of("\r\n") != std::string::npos)
            throw PropertyViolation("an output line holds a line break: " + o);
    std::size_t bestmoves = 0;
    for (const std::string& o : out) {
        if (!o.starts_with("bestmove ")) continue;
        ++bestmoves;
        const std::string move = o.substr(9);
        if (move != "0000" && move.size() != 4)
            throw PropertyViolation("bestmove is not a UCI move: " + move);
    }
    const std::string_view command = first_word(line);
    // Why not only the first word: UCI skips unknown leading tokens ("xyz go" is go).
    count.maybe_go += has_word(line, "go");
    count.bestmoves += bestmoves;
    if (command == "go") {
        ++count.surely_go;
        const bool holds = has_word(line, "infinite") || has_word(line, "ponder");
        if (!holds && (out.empty() || !out.back().starts_with("bestmove ")))
            throw PropertyViolation("go is not answered by a bestmove at the end");
    }
    if (count.bestmoves > count.maybe_go)
        throw PropertyViolation("more bestmoves than go commands, after: " + std::string(line));
    if (command == "isready" && out != std::vector<std::string>{"readyok"})
        throw PropertyViolation("isready is not answered by readyok alone");
    if (command == "uci" && (out.empty() || out.back() != "uciok"))
        throw PropertyViolation("uci does not end with uciok");
}

} // namespace

void check_uci_text(std::string_view text) {
    play::UciSession session(builtin_krk_table, book_tables, "krk_bratko", book_table(), "al0 fuzz",
                             {UCI_NODE_BUDGET, false}, tablebases());
    Count count;
    for (std::string_view line : split_lines(text)) {
        if (session.quit()) return;
        session.wait(); // a held search has finished, so `stop` sends its answer at once
        require_answer(line, session.handle(line), count);
    }
    if (session.quit()) return;
    session.wait();
    require_answer("stop", session.handle("stop"), count);
    if (count.bestmoves < count.surely_go) throw PropertyViolation("a go was never answered");
}

} // namespace al0::fuzz
