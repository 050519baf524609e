#pragma once
// The UCI protocol of `al0 uci` as a unit: lines in, lines out, no I/O. The engine plays the side
// with the rook (White) through the play loop of game.hpp, so it plays exactly as `al0 play`:
// across `position` commands that extend the previous game by the moves played, it keeps and
// follows the forcing tree; when the game leaves the tree, or the GUI sets up a new position,
// it rebuilds. Unknown input is ignored, as UCI requires; nothing on input makes it throw.

#include "engine/chess/expected.hpp"
#include "engine/play/game.hpp"
#include "engine/search/program.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al0::play {

// Returns the compiled program of a table spec (a file or a built-in name), or why not; the
// reason may span several lines (a table's diagnostics).
using TableLoader = std::function<Expected<search::Program>(const std::string& spec)>;

// Longer input lines are ignored with an info string: no GUI sends them, and junk must not make
// the session split and search megabytes.
inline constexpr std::size_t max_line_length = 64 * 1024;

class UciSession {
  public:
    // `program` is the compiled `table`, whose name is the Table option's default; the loader
    // reads the tables that `setoption name Table` names.
    UciSession(TableLoader loader, std::string table, search::Program program,
               std::string engine_name, search::Options options = {});
    // Why not copyable: the game refers to the session's program.
    UciSession(const UciSession&) = delete;
    UciSession& operator=(const UciSession&) = delete;

    // Returns the lines to send to the GUI (without newlines) in answer to one input line.
    std::vector<std::string> handle(std::string_view line);
    // Returns whether `quit` was received.
    [[nodiscard]] bool quit() const { return quit_; }

  private:
    using Words = std::vector<std::string_view>;
    void identify(std::vector<std::string>& out) const;
    void set_option(const Words& words, std::vector<std::string>& out);
    void set_position(const Words& words);
    void go(std::vector<std::string>& out);
    void start_game(const Position& start);
    std::optional<std::string> play_listed(std::string_view text);
    void forget_game();

    TableLoader loader_;
    std::string default_table_, engine_name_;
    search::Program program_;
    search::Options options_;

    std::optional<Game> game_;
    std::string start_fen_;          // the FEN of the game's first `position` command
    std::vector<std::string> moves_; // the moves of that game as the GUI listed them and we played
    std::string unsupported_;        // why `go` has no move for the current position
    bool quit_ = false;
};

} // namespace al0::play
