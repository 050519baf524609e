#include "engine/play/uci_session.hpp"

#include "advice/utf8.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/play/fallback_move.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <exception>
#include <limits>

namespace al0::play {

namespace {

constexpr std::string_view STARTPOS_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view COMMANDS[] = {"uci",      "debug",      "isready",  "setoption",
                                         "register", "ucinewgame", "position", "go",
                                         "stop",     "ponderhit",  "quit"};

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    const std::string_view blanks = " \t\r\n";
    for (std::size_t at = line.find_first_not_of(blanks); at != std::string_view::npos;) {
        std::size_t end = std::min(line.find_first_of(blanks, at), line.size());
        words.push_back(line.substr(at, end - at));
        at = line.find_first_not_of(blanks, end);
    }
    return words;
}

// Returns the text from the first to the last of words[begin, end), inner spacing kept (a file
// name may hold spaces).
std::string_view span(const std::vector<std::string_view>& words, std::size_t begin,
                      std::size_t end) {
    if (begin >= end) return {};
    const char* first = words[begin].data();
    return {first, std::size_t(words[end - 1].data() + words[end - 1].size() - first)};
}

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
    });
}

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

// `setoption name ID [value X]`; a changed option starts the next position as a new game.
void UciSession::set_option(const Words& words) {
    auto name_at = std::find(words.begin(), words.end(), "name");
    auto value_at = std::find(words.begin(), words.end(), "value");
    if (name_at == words.end() || name_at > value_at)
        return tell("setoption needs: name ID [value X]");
    const std::size_t first = name_at - words.begin() + 1, value = value_at - words.begin();
    const std::string_view name = span(words, first, value);
    const std::string_view text =
        value_at == words.end() ? "" : span(words, value + 1, words.size());
    if (same_name(name, "Table")) {
        if (text.empty())
            return tell(std::string("setoption name Table needs a value: a table file, a "
                                    "built-in name or ") +
                        SHIPPED_TABLES);
        if (text == SHIPPED_TABLES) {
            forget_game();
            chosen_.reset();
            return tell("the shipped table of each material is played");
        }
        auto table = loader_(std::string(text));
        if (!table) return tell("cannot load table " + std::string(text) + ": " + table.error());
        forget_game();
        chosen_ = std::move(table.value());
        tell("table " + std::string(text) + " loaded (" + chosen_->roles.material + ")");
    } else if (same_name(name, "Budget")) {
        std::uint64_t budget = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), budget);
        if (ec != std::errc() || end != text.data() + text.size() || budget < 1 ||
            budget > MAX_UCI_BUDGET)
            return tell("setoption name Budget needs a whole number from 1 to " +
                        std::to_string(MAX_UCI_BUDGET) + ", not '" + std::string(text) + "'");
        forget_game();
        options_.node_budget = budget;
    } else {
        tell("unknown option " + std::string(name));
    }
}
// `position startpos|fen FEN [moves M...]`: follows the current game when this command extends
// it by the moves played since, else starts a new one.
void UciSession::set_position(const Words& words) {
    auto moves_at = std::find(words.begin(), words.end(), "moves");
    std::string fen;
    if (!words.empty() && words[0] == "startpos")
        fen = STARTPOS_FEN;
    else if (!words.empty() && words[0] == "fen")
        fen = span(words, 1, moves_at - words.begin());
    else {
        forget_game();
        unsupported_ = "position needs startpos or fen FEN";
        return;
    }
    std::vector<std::string> moves;
    if (moves_at != words.end()) moves.assign(moves_at + 1, words.end());

    auto pos = Position::from_fen(fen);
    const bool extends = game_ && pos && start_ && *pos == *start_ &&
                         moves.size() >= moves_.size() &&
                         std::equal(moves_.begin(), moves_.end(), moves.begin());
    if (!extends) {
        forget_game();
        if (fen == STARTPOS_FEN) {
            unsupported_ = "the standard start position is not an endgame al0 has a table for";
            return;
        }
        if (!pos) {
            unsupported_ = "bad FEN: " + pos.error();
            return;
        }
        if (auto why = start_game(*pos)) {
            unsupported_ = *why;
            return;
        }
        start_ = *pos;
    }
    for (std::size_t i = moves_.size(); i < moves.size(); ++i) {
        if (auto why = play_listed(moves[i])) {
            forget_game();
            unsupported_ = "position: " + *why;
            return;
        }
        moves_.push_back(moves[i]);
    }
}

// Plays one move of a `position` command's list in the game; returns why it is illegal.
std::optional<std::string> UciSession::play_listed(std::string_view text) {
    // The move our last `go` answered here: its search already played it in a copy of the game.
    if (auto followed = std::exchange(followed_, std::nullopt);
        followed && followed->move == text) {
        game_.emplace(std::move(*followed->after));
        return std::nullopt;
    }
    const Position before = game_->position();
    auto move = parse_uci(before, text);
    if (!move) return move.error();
    if (!game_->over()) {
        if (before.side_to_move() != game_->engine_side()) {
            if (!game_->opponent_move(*move))
                return std::nullopt; // followed in the tree, or left it
        } else if (auto played = game_->engine_move(); played && played->move == *move) {
            return std::nullopt; // the move we play here anyway (a game replayed from its start)
        }
    }
    // Why: the GUI moved for us, or played on after an ending: go on from the position it reached.
    return start_game(before.after(*move));
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

Expected<Table> UciSession::table_for(const std::string& material) const {
    if (chosen_ && chosen_->roles.material == material) return chosen_;
    return shipped_(material);
}

// Starts a game from START; returns why there is none (no table for its material).
std::optional<std::string> UciSession::start_game(const Position& start) {
    followed_.reset();
    auto game = Game::start([this](const std::string& m) { return table_for(m); }, start, options_);
    if (!game) return game.error();
    game_.emplace(std::move(game.value()));
    return std::nullopt;
}

void UciSession::forget_game() {
    followed_.reset();
    game_.reset();
    start_.reset();
    moves_.clear();
    unsupported_ = "no position has been set up (send position first)";
}

} // namespace al0::play
