#pragma once
// What a UCI `go` command asks of a search: the root moves it may play, whether its answer waits
// for `stop` or `ponderhit`, and the bounds on its nodes and its time.

#include "engine/chess/types.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al0::play {

struct GoCommand {
    std::vector<std::string> searchmoves; // empty: every move
    bool infinite = false, ponder = false;
    std::optional<std::uint64_t> nodes;
    // The time to think: `movetime`, or a share of the clock of the side to move (`wtime` or
    // `btime`, its increment, `movestogo`), whichever is less.
    std::optional<std::chrono::milliseconds> time;
};

// Reads the words after `go`; SIDE is the side to move, whose clock counts. A number that does
// not read is ignored, as UCI ignores what it does not know.
GoCommand read_go(const std::vector<std::string_view>& words, Color side);

} // namespace al0::play
