#include "engine/play/uci_session.hpp"

#include "advice/utf8.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/play/fallback_move.hpp"
#include "engine/play/uci_words.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <exception>
#include <limits>

namespace al0::play {

namespace {

constexpr std::string_view COMMANDS[] = {"uci",      "debug",      "isready",  "setoption",
                                         "register", "ucinewgame", "position", "go",
                                         "stop",     "ponderhit",  "quit"};

// Returns the first word of WORDS that is a UCI command.
std::vector<std::string_view>::const_iterator
find_command(const std::vector<std::string_view>& words) {
    // Why: UCI skips unknown tokens and reads the rest of the line ("joho debug on" is "debug on").
    return std::find_if(words.begin(), words.end(), [](std::string_view w) {
        return std::find(std::begin(COMMANDS), std::end(COMMANDS), w) != std::end(COMMANDS);
    });
}

// Appends text as info strings, one per line of it. Why the '?': other control bytes (a '\r'
// in an echoed FEN) would break the GUI's line, and bytes that are not UTF-8 (echoed from the
// GUI's own input) its text.
void info(std::vector<std::string>& out, std::string_view text) {
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = std::min(text.find('\n', at), text.size());
        if (end > at) {
            std::string line = "info string ";
            for (const char *p = text.data() + at, *e = text.data() + end; p < e;) {
                const auto c = static_cast<unsigned char>(*p);
                const std::size_t n = c >= 0x80 ? advice::utf8_length(p, e) : 1;
                if (n == 0 || c < ' ') {
                    line += '?';
                    ++p;
                } else {
                    line.append(p, n);
                    p += n;
                }
            }
            out.push_back(std::move(line));
        }
        at = end + 1;
    }
}

} // namespace

UciSession::UciSession(TableLoader loader, TableLookup shipped, std::string table_name, Table table,
                       std::string engine_name, search::Options options,
                       std::shared_ptr<tablebase::Registry> tablebases)
    : loader_(std::move(loader)), shipped_(std::move(shipped)),
      default_table_(std::move(table_name)), engine_name_(std::move(engine_name)),
      chosen_(std::move(table)), options_(options),
      tablebases_(tablebases ? std::move(tablebases) : std::make_shared<tablebase::Registry>()) {
    options_.stop = &stop_;
    forget_game();
}

UciSession::~UciSession() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true; // nobody reads an answer now
    }
    stop_ = true;
    wait();
}

void UciSession::set_sink(Sink sink) {
    std::lock_guard lock(mutex_);
    sink_ = std::move(sink);
}

void UciSession::send(const std::string& line) {
    std::lock_guard lock(mutex_);
    send_locked(line);
}

void UciSession::send_locked(const std::string& line) {
    if (sink_)
        sink_(line);
    else
        collected_.push_back(line);
}

void UciSession::tell(std::string_view text) {
    std::vector<std::string> lines;
    info(lines, text);
    for (const std::string& line : lines) send(line);
}

std::vector<std::string> UciSession::handle(std::string_view line) {
    receive(line);
    bool held;
    {
        std::lock_guard lock(mutex_);
        held = hold_;
    }
    if (!held) wait();
    std::lock_guard lock(mutex_);
    return std::exchange(collected_, {});
}

void UciSession::wait() {
    if (worker_.joinable()) worker_.join();
    if (timer_.joinable()) timer_.join();
}

void UciSession::end_of_input() {
    stop_search();
    wait();
}

void UciSession::receive(std::string_view line, std::size_t length) {
    length = std::max(length, line.size());
    const Words words = split_words(line.substr(0, max_line_length));
    const auto command = find_command(words);
    if (length > max_line_length) {
        if (command != words.end() && *command == "position") {
            finish_search();
            forget_game();
            unsupported_ = "the last position command was ignored: it was longer than " +
                           std::to_string(max_line_length) + " bytes";
        }
        return tell("input line of " + std::to_string(length) + " bytes ignored (at most " +
                    std::to_string(max_line_length) + ")");
    }
    if (command == words.end()) return;
    // Answered while a search runs.
    if (*command == "isready") return send("readyok");
    if (*command == "stop") return stop_search();
    if (*command == "ponderhit") return ponderhit();
    if (*command == "quit") { // a search's answer, held or to come, would go unread
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
            held_.reset();
        }
        stop_ = true;
        return wait();
    }
    if (*command == "debug" || *command == "register") return;
    finish_search();
    try {
        this->command(Words(command, words.end()));
    } catch (const std::exception& e) {
        forget_game();
        tell(std::string("error: ") + e.what());
    }
}

void UciSession::command(const Words& words) {
    const Words args(words.begin() + 1, words.end());
    if (words[0] == "uci")
        identify();
    else if (words[0] == "ucinewgame")
        forget_game();
    else if (words[0] == "setoption")
        set_option(args);
    else if (words[0] == "position")
        set_position(args);
    else if (words[0] == "go")
        go(args);
}

void UciSession::release() {
    std::lock_guard lock(mutex_);
    hold_ = false;
    if (held_) {
        for (const std::string& line : held_->lines) send_locked(line);
        held_.reset();
    }
}

void UciSession::stop_search() {
    stop_ = true;
    release();
}

// The GUI's move was the one pondered on: the search goes on, now as a `go` with its limits.
void UciSession::ponderhit() {
    std::lock_guard lock(mutex_);
    if (ponder_time_) deadline_ = std::chrono::steady_clock::now() + *ponder_time_;
    ponder_time_.reset();
    clock_.notify_all();
    hold_ = false;
    if (held_) {
        for (const std::string& line : held_->lines) send_locked(line);
        held_.reset();
    }
}

void UciSession::keep_time() {
    std::unique_lock lock(mutex_);
    while (searching_) {
        if (!deadline_) {
            clock_.wait(lock);
        } else if (std::chrono::steady_clock::now() >= *deadline_) {
            time_up_ = true;
            stop_ = true;
            return;
        } else {
            clock_.wait_until(lock, *deadline_);
        }
    }
}

void UciSession::finish_search() {
    release();
    wait();
}

void UciSession::identify() {
    send("id name " + engine_name_);
    send("id author the al0 authors (after Bratko's Advice Language 0)");
    send("option name Table type string default " + default_table_);
    send("option name Budget type spin default " +
         std::to_string(std::min(options_.node_budget, MAX_UCI_BUDGET)) + " min 1 max " +
         std::to_string(MAX_UCI_BUDGET));
    send("uciok");
}

// `go [searchmoves M...] [ponder] [infinite] [movetime T] [wtime T] [btime T] [winc T] [binc T]
// [movestogo N] [nodes N]`: a search on the worker thread, bounded by the nodes and the time
// given, while a timer thread keeps its time. `infinite` and `ponder` hold its answer until `stop`
// or `ponderhit`. A `go` with nothing to search answers at once.
void UciSession::go(const Words& words) {
    if (game_ && !game_->over() && !game_->engine_to_move() && defend(words)) return;
    std::string why;
    if (!game_)
        why = unsupported_;
    else if (game_->over())
        why = std::string("the game is over: ") + ending_name(game_->ending());
    else if (!game_->engine_to_move())
        why = game_->engine_side() == WHITE
                  ? "al0 plays the strong side (White), and Black is to move"
                  : "al0 plays the strong side (Black), and White is to move";
    if (!why.empty()) {
        tell(why);
        return send("bestmove 0000");
    }
    const GoCommand limits = read_go(words, game_->position().side_to_move());
    std::vector<Move> only;
    for (const std::string& text : limits.searchmoves)
        if (auto m = parse_uci(game_->position(), text)) only.push_back(*m);
    if (only.empty() && !limits.searchmoves.empty())
        tell("searchmoves lists no legal move here: every move is searched");
    search::Options options = options_;
    if (limits.nodes) options.node_budget = std::min(options.node_budget, *limits.nodes);
    Game game = *game_;
    game.set_search_options(options);
    {
        std::lock_guard lock(mutex_);
        hold_ = limits.infinite || limits.ponder;
        searching_ = true;
        deadline_.reset();
        ponder_time_.reset();
        if (limits.time && !limits.infinite) {
            if (limits.ponder)
                ponder_time_ = limits.time;
            else
                deadline_ = std::chrono::steady_clock::now() + *limits.time;
        }
    }
    stop_ = false;
    time_up_ = false;
    worker_ = std::thread([this, game = std::move(game), only = std::move(only)]() mutable {
        Answer answer;
        try {
            answer = search(game, only);
        } catch (const std::exception& e) { // a fault of al0's must not end the session
            answer = {};
            info(answer.lines, std::string("error: ") + e.what());
            const MoveList legal = generate_legal(game.position());
            answer.lines.push_back("bestmove " + (legal.size() ? to_uci(legal[0]) : "0000"));
        }
        std::lock_guard lock(mutex_);
        searching_ = false;
        clock_.notify_all();
        if (quit_) return;
        followed_.emplace(Answer{{}, std::move(answer.after), answer.move});
        answer.after.reset();
        if (hold_) {
            held_.emplace(std::move(answer));
        } else {
            for (const std::string& line : answer.lines) send_locked(line);
        }
    });
    timer_ = std::thread([this] { keep_time(); });
}

// Answers `go` with the defence's move for the weak side, at once; returns false when there is
// none (no defence, or none for this position).
bool UciSession::defend(const Words& words) {
    if (!defence_) return false;
    const Move m = defence_(game_->position());
    if (m == MOVE_NONE) return false;
    const std::string move = to_uci(m);
    const auto searchmoves = read_go(words, game_->position().side_to_move()).searchmoves;
    if (!searchmoves.empty() &&
        std::find(searchmoves.begin(), searchmoves.end(), move) == searchmoves.end()) {
        tell("searchmoves leaves out " + move + ", the weak side's longest resistance here");
        send("bestmove 0000");
        return true;
    }
    tell("the weak side's move by the tablebase (its longest resistance when lost)");
    send("bestmove " + move);
    return true;
}

// Plays the engine's move in GAME (a copy of the session's), among SEARCHMOVES when there are
// any, and returns the answer.
UciSession::Answer UciSession::search(Game game, const std::vector<Move>& searchmoves) {
    Answer answer;
    const Game before = game;
    auto played = game.engine_move(searchmoves.empty() ? nullptr : &searchmoves);
    if (!played) {
        const search::SearchResult<Move>& r = game.last_search();
        std::string why = played.error();
        if (r.outcome == search::Outcome::budget_exceeded && time_up_)
            why = "the time for this move ran out before the search found a move";
        else if (r.outcome == search::Outcome::budget_exceeded && stop_)
            why = "the search was stopped before it found a move";
        else if ((r.outcome == search::Outcome::budget_exceeded ||
                  r.outcome == search::Outcome::depth_exceeded) &&
                 r.advice >= 0)
            why += " in advice " + game.program().advice[std::size_t(r.advice)].name;
        info(answer.lines, why);
        game = before;
        play_instead(game, searchmoves, answer);
        return answer;
    }
    if (!played->switched.empty())
        info(answer.lines, "the game converted: now " + played->switched);
    info(answer.lines, "rule " + game.program().rules[played->rule].name + " advice " +
                           game.program().advice[played->advice].name +
                           (played->rebuilt ? " (new tree)" : " (tree followed)"));
    answer.move = to_uci(played->move);
    answer.lines.push_back("bestmove " + answer.move);
    answer.after.emplace(std::move(game));
    return answer;
}

// Answers with the tablebase's move when the advice gave none: a GUI needs a move.
void UciSession::play_instead(Game& game, const std::vector<Move>& searchmoves, Answer& answer) {
    const FallbackMove fallback = fallback_move(*tablebases_, game.position(), searchmoves);
    if (fallback.move == MOVE_NONE) {
        answer.lines.emplace_back("bestmove 0000");
        return;
    }
    info(answer.lines, "playing " + fallback.why);
    if (auto why = game.engine_move_instead(fallback.move, fallback.why))
        info(answer.lines, "the game cannot go on: " + *why);
    else
        answer.after.emplace(std::move(game));
    answer.move = to_uci(fallback.move);
    answer.lines.push_back("bestmove " + answer.move);
}

} // namespace al0::play
