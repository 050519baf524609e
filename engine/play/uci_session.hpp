#pragma once
// The UCI protocol of `al0 uci` as a unit: lines in, lines out, no I/O. The engine plays the strong
// side of any material it has a table for (either colour) through the play loop of game.hpp,
// so it plays exactly as `al0 play`, and a game that converts switches table (an info string
// says so):
// across `position` commands that extend the previous game by the moves played, it keeps and
// follows the forcing tree; when the game leaves the tree, or the GUI sets up a new position,
// it rebuilds. The position is only what the GUI set: `go` does not play its move in it.
// Unknown input is ignored, as UCI requires; nothing on input makes it throw.

#include "contract/expected.hpp"
#include "engine/play/game.hpp"
#include "engine/play/go_command.hpp"
#include "engine/tablebase/registry.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace al0::play {

// Returns the table of a spec (a file or a built-in name), or why not; the reason may span
// several lines (a table's diagnostics).
using TableLoader = std::function<Expected<Table>(const std::string& spec)>;

// Longer input lines are ignored with an info string: no GUI sends them, and junk must not make
// the session split and search megabytes (al0 uci reads at most this much of a line).
inline constexpr std::size_t max_line_length = 64 * 1024;

// The largest Budget option: a GUI's spin is a 32-bit number.
inline constexpr std::uint64_t MAX_UCI_BUDGET = 2'147'483'647;

class UciSession {
  public:
    using Sink = std::function<void(const std::string&)>;

    // SHIPPED gives the table of each material; TABLE, when given (the Table option's default
    // then names it), is played instead for its own material. The loader reads the tables that
    // `setoption name Table` names (SHIPPED_TABLES: back to the shipped ones). TABLEBASES choose
    // the move when the advice gives none (null: tablebases of its own, cached on disk); the
    // session's search thread uses them, one search at a time.
    UciSession(TableLoader loader, TableLookup shipped, std::string table_name, Table table,
               std::string engine_name, search::Options options = {},
               std::shared_ptr<tablebase::Registry> tablebases = nullptr);
    ~UciSession(); // stops a running search and waits for it
    // Why not copyable: the games' table source refers to the session.
    UciSession(const UciSession&) = delete;
    UciSession& operator=(const UciSession&) = delete;

    // The weak side's move in a position of the game (for a sparring partner: the tablebase's
    // longest resistance), or MOVE_NONE when it has none.
    using Defence = std::function<Move(const Position&)>;
    // With a defence, `go` with the weak side to move answers its move instead of none.
    void set_defence(Defence defence) { defence_ = std::move(defence); }

    // Sends every answer to SINK (from the caller's thread or the search's, one at a time)
    // instead of collecting them for handle().
    void set_sink(Sink sink);

    // Reads one input line. A `go` searches on a thread of the session's, so `isready`, `stop`,
    // `ponderhit` and `quit` are answered while it runs (`stop` and `quit` end it within
    // moments); any other command first waits for the search (and sends an answer still held).
    // LENGTH is the line's full length when the reader kept only its start (longer than
    // max_line_length): such a line is ignored with an info string, and when it is a `position`
    // command the position is cleared.
    void receive(std::string_view line, std::size_t length = 0);
    // For tests: receive(line), wait for a search it started unless its answer is held (`go
    // infinite`, `go ponder`), and return the lines answered meanwhile (no sink set).
    std::vector<std::string> handle(std::string_view line);
    // Waits until no search runs (an answer held stays held).
    void wait();
    // At the end of input: stops a running search as `stop` does, so its answer comes at once,
    // and waits for it.
    void end_of_input();
    // Returns whether `quit` was received.
    [[nodiscard]] bool quit() const { return quit_; }

  private:
    using Words = std::vector<std::string_view>;
    // The answer of a search: its lines, and the game after its move (to follow when the GUI's
    // next `position` extends the game by that move).
    struct Answer {
        std::vector<std::string> lines;
        std::optional<Game> after;
        std::string move;
    };

    void send(const std::string& line);
    void send_locked(const std::string& line); // with mutex_ held
    void tell(std::string_view text);          // sends text as info strings
    void command(const Words& words);          // words[0] is the command
    void identify();
    void set_option(const Words& words);
    void set_position(const Words& words);
    void go(const Words& words);
    bool defend(const Words& words); // answers `go` for the weak side; false: no move
    Answer search(Game game, const std::vector<Move>& searchmoves);
    void play_instead(Game& game, const std::vector<Move>& searchmoves, Answer& answer);
    void release(); // sends a held answer, and answers at once from now on
    void stop_search();
    void ponderhit();
    void keep_time(); // the timer thread: stops the search at its deadline
    void finish_search();
    std::optional<std::string> start_game(const Position& start);
    std::optional<std::string> play_listed(std::string_view text);
    void forget_game();

    Expected<Table> table_for(const std::string& material) const;

    TableLoader loader_;
    TableLookup shipped_;
    std::string default_table_, engine_name_;
    Table chosen_; // the Table option's table; null: the shipped ones
    search::Options options_;

    std::optional<Game> game_;       // the position the GUI set, never advanced by `go`
    std::optional<Position> start_;  // the start of the game's first `position` command
    std::vector<std::string> moves_; // the moves of that game as the GUI listed them
    std::string unsupported_;        // why `go` has no move for the current position
    Defence defence_;                // the weak side's moves; empty: none
    std::atomic<bool> quit_{false};
    std::shared_ptr<tablebase::Registry> tablebases_;

    // The search thread and what it shares with the reader, under mutex_.
    std::mutex mutex_;
    Sink sink_;
    std::vector<std::string> collected_; // answers while no sink is set
    bool hold_ = false;                  // `go infinite` / `go ponder` until `stop` / `ponderhit`
    std::optional<Answer> held_;         // a finished search's answer, held
    std::optional<Answer> followed_;     // the last answer, for the next `position`
    bool searching_ = false;
    // When the time of the running search is up, if it is bounded; a search of `go ponder`
    // starts its time at `ponderhit`.
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::optional<std::chrono::milliseconds> ponder_time_;
    std::condition_variable clock_; // wakes the timer: the search ended or its deadline moved
    std::atomic<bool> stop_{false}, time_up_{false};
    std::thread worker_, timer_;
};

} // namespace al0::play
