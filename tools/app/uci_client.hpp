#pragma once
// A UCI engine as a child process (fork/exec through /bin/sh, pipes to its stdin and stdout, a
// process group of its own): the handshake, new games, and one move per request. Every wait has
// a deadline, so an engine that hangs or dies ends in an error, never in a hung al0, and no
// process of the engine's outlives it.

#include "contract/expected.hpp"
#include "engine/io/line_reader.hpp"

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace al0::tools {

class UciEngine {
  public:
    // Returns the started engine after `uci`/`uciok` and `isready`/`readyok`, or why not. CMD is
    // shell text ("/usr/games/stockfish", "engine --flag").
    static Expected<std::unique_ptr<UciEngine>> start(const std::string& command,
                                                      int handshake_ms = 10'000);
    // Sends quit; kills the engine's process group if the engine has not exited soon after
    // (SIGTERM, then SIGKILL), and what is left of the group in any case.
    ~UciEngine();
    UciEngine(const UciEngine&) = delete;
    UciEngine& operator=(const UciEngine&) = delete;

    // The name the engine gave in `id name` (else its command).
    [[nodiscard]] const std::string& name() const { return name_; }
    // Sends `ucinewgame` and waits for `readyok`.
    std::optional<std::string> new_game();
    // Returns the engine's `bestmove` text for the position (start FEN, then the moves) after
    // `go movetime MS`; the error says why there is none (timeout, exit, "bestmove 0000").
    Expected<std::string> best_move(const std::string& fen, const std::vector<std::string>& moves,
                                    int movetime_ms);

  private:
    UciEngine(std::string command, pid_t pid, int to_engine, int from_engine);
    bool send(const std::string& line);
    bool exited_within(int timeout_ms); // whether the engine exits in time (it is not reaped)
    // Returns the first line starting with `word` within the deadline, or why none came; an
    // `id name` line on the way sets the name. Memory stays bounded whatever the engine sends.
    Expected<std::string> wait_for(const std::string& word, int timeout_ms);

    std::string command_, name_;
    pid_t pid_;
    int to_engine_, from_engine_;
    io::LineReader from_engine_lines_;
};

} // namespace al0::tools
