#include "engine/play/go_command.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>

namespace al0::play {

namespace {

constexpr std::string_view GO_WORDS[] = {"searchmoves", "ponder", "wtime",     "btime",
                                         "winc",        "binc",   "movestogo", "depth",
                                         "nodes",       "mate",   "movetime",  "infinite"};
// Why 30: with no `movestogo`, the clock is shared as if that many moves were left.
constexpr std::int64_t MOVES_TO_GO = 30;

bool is_go_word(std::string_view w) {
    return std::find(std::begin(GO_WORDS), std::end(GO_WORDS), w) != std::end(GO_WORDS);
}

// Returns the number after the word NAME, when it is there and reads whole.
std::optional<std::int64_t> number_after(const std::vector<std::string_view>& words,
                                         std::string_view name) {
    auto at = std::find(words.begin(), words.end(), name);
    if (at == words.end() || ++at == words.end()) return std::nullopt;
    std::int64_t n = 0;
    const auto [end, ec] = std::from_chars(at->data(), at->data() + at->size(), n);
    if (ec != std::errc() || end != at->data() + at->size()) return std::nullopt;
    return n;
}

} // namespace

GoCommand read_go(const std::vector<std::string_view>& words, Color side) {
    GoCommand go;
    go.infinite = std::find(words.begin(), words.end(), "infinite") != words.end();
    go.ponder = std::find(words.begin(), words.end(), "ponder") != words.end();
    if (auto at = std::find(words.begin(), words.end(), "searchmoves"); at != words.end())
        for (++at; at != words.end() && !is_go_word(*at); ++at) go.searchmoves.emplace_back(*at);
    if (auto nodes = number_after(words, "nodes"); nodes && *nodes > 0)
        go.nodes = std::uint64_t(*nodes);
    if (auto movetime = number_after(words, "movetime"); movetime)
        go.time = std::chrono::milliseconds(std::max<std::int64_t>(*movetime, 1));
    if (auto left = number_after(words, side == WHITE ? "wtime" : "btime"); left) {
        const std::int64_t inc = number_after(words, side == WHITE ? "winc" : "binc").value_or(0);
        const std::int64_t moves =
            std::max<std::int64_t>(number_after(words, "movestogo").value_or(MOVES_TO_GO), 1);
        // Why the cap: an increment must not make one move spend the whole clock.
        const std::int64_t share =
            std::clamp(*left / moves + std::max<std::int64_t>(inc, 0) / 4 * 3, std::int64_t(1),
                       std::max<std::int64_t>(*left - *left / 10, 1));
        go.time = std::min(go.time.value_or(std::chrono::milliseconds::max()),
                           std::chrono::milliseconds(share));
    }
    return go;
}

} // namespace al0::play
