#include "engine/play/uci_session.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/krk/krk_state.hpp"

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
constexpr std::uint64_t MAX_BUDGET = std::numeric_limits<std::int32_t>::max(); // a GUI's spin

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

// Returns why al0 cannot play from the start of a position command, or "" when it can.
std::string why_unsupported(std::string_view fen, const Expected<Position>& pos) {
    if (fen == STARTPOS_FEN)
        return "the standard start position is not a KRK endgame (al0 plays king and rook against "
               "king)";
    if (!pos) return "bad FEN: " + pos.error();
    std::string why;
    if (!krk::to_state(*pos, &why)) return why;
    if (pos->piece_count() == 2) return "not a KRK position: White has no rook";
    return "";
}

// Appends text as info strings, one per line of it. Why the '?': other control bytes (a '\r'
// in an echoed FEN) would break the GUI's line.
void info(std::vector<std::string>& out, std::string_view text) {
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = std::min(text.find('\n', at), text.size());
        if (end > at) {
            std::string line = "info string " + std::string(text.substr(at, end - at));
            std::replace_if(
                line.begin(), line.end(), [](char c) { return c >= 0 && c < ' '; }, '?');
            out.push_back(std::move(line));
        }
        at = end + 1;
    }
}

} // namespace

UciSession::UciSession(TableLoader loader, std::string table, search::Program program,
                       std::string engine_name, search::Options options)
    : loader_(std::move(loader)), default_table_(std::move(table)),
      engine_name_(std::move(engine_name)), program_(std::move(program)), options_(options) {
    forget_game();
}

std::vector<std::string> UciSession::handle(std::string_view line) {
    std::vector<std::string> out;
    if (line.size() > max_line_length) {
        info(out, "input line of " + std::to_string(line.size()) + " bytes ignored (at most " +
                      std::to_string(max_line_length) + ")");
        return out;
    }
    const Words words = split_words(line);
    // Why: UCI skips unknown tokens and reads the rest of the line ("joho debug on" is "debug on").
    auto command = std::find_if(words.begin(), words.end(), [](std::string_view w) {
        return std::find(std::begin(COMMANDS), std::end(COMMANDS), w) != std::end(COMMANDS);
    });
    if (command == words.end()) return out;
    const Words args(command + 1, words.end());
    try {
        if (*command == "uci")
            identify(out);
        else if (*command == "isready")
            out.emplace_back("readyok");
        else if (*command == "ucinewgame")
            forget_game();
        else if (*command == "setoption")
            set_option(args, out);
        else if (*command == "position")
            set_position(args);
        else if (*command == "go")
            go(out);
        else if (*command == "quit")
            quit_ = true;
        // debug, register, stop, ponderhit: nothing to do, `go` has already answered.
    } catch (const std::exception& e) {
        forget_game();
        info(out, std::string("error: ") + e.what());
    }
    return out;
}

void UciSession::identify(std::vector<std::string>& out) const {
    out.push_back("id name " + engine_name_);
    out.emplace_back("id author the al0 authors (after Bratko's Advice Language 0)");
    out.push_back("option name Table type string default " + default_table_);
    out.push_back("option name Budget type spin default " +
                  std::to_string(std::min(options_.node_budget, MAX_BUDGET)) + " min 1 max " +
                  std::to_string(MAX_BUDGET));
    out.emplace_back("uciok");
}

// `setoption name ID [value X]`; a changed option starts the next position as a new game.
void UciSession::set_option(const Words& words, std::vector<std::string>& out) {
    auto name_at = std::find(words.begin(), words.end(), "name");
    auto value_at = std::find(words.begin(), words.end(), "value");
    if (name_at == words.end() || name_at > value_at)
        return info(out, "setoption needs: name ID [value X]");
    const std::size_t first = name_at - words.begin() + 1, value = value_at - words.begin();
    const std::string_view name = span(words, first, value);
    const std::string_view text =
        value_at == words.end() ? "" : span(words, value + 1, words.size());
    if (same_name(name, "Table")) {
        if (text.empty())
            return info(out, "setoption name Table needs a value: a table file or built-in name");
        auto program = loader_(std::string(text));
        if (!program)
            return info(out, "cannot load table " + std::string(text) + ": " + program.error());
        forget_game(); // first: the game refers to the program it replaces
        program_ = std::move(program.value());
        info(out, "table " + std::string(text) + " loaded");
    } else if (same_name(name, "Budget")) {
        std::uint64_t budget = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), budget);
        if (ec != std::errc() || end != text.data() + text.size() || budget < 1 ||
            budget > MAX_BUDGET)
            return info(out, "setoption name Budget needs a whole number from 1 to " +
                                 std::to_string(MAX_BUDGET));
        forget_game();
        options_.node_budget = budget;
    } else {
        info(out, "unknown option " + std::string(name));
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
    const bool extends = game_ && pos && pos->fen() == start_fen_ &&
                         moves.size() >= moves_.size() &&
                         std::equal(moves_.begin(), moves_.end(), moves.begin());
    if (!extends) {
        forget_game();
        const std::string why = why_unsupported(fen, pos);
        if (!why.empty()) {
            unsupported_ = why;
            return;
        }
        start_fen_ = pos->fen();
        start_game(*pos);
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
    const Position before = game_->position();
    auto move = parse_uci(before, text);
    if (!move) return move.error();
    if (!game_->over()) {
        if (before.side_to_move() == BLACK) {
            if (!game_->opponent_move(*move))
                return std::nullopt; // followed in the tree, or left it
        } else if (auto played = game_->engine_move(); played && played->move == *move) {
            return std::nullopt; // the move we play here anyway (a game replayed from its start)
        }
    }
    // Why: the GUI moved for us, or played on after an ending: go on from the position it reached.
    start_game(before.after(*move));
    return std::nullopt;
}

void UciSession::go(std::vector<std::string>& out) {
    if (!game_)
        info(out, unsupported_);
    else if (game_->over())
        info(out, std::string("the game is over: ") + ending_name(game_->ending()));
    else if (game_->position().side_to_move() != WHITE)
        info(out, "al0 plays the side with the rook (White), and Black is to move");
    else if (auto played = game_->engine_move(); !played)
        info(out, played.error());
    else {
        moves_.push_back(to_uci(played->move));
        info(out, "rule " + program_.rules[played->rule].name + " advice " +
                      program_.advice[played->advice].name +
                      (played->rebuilt ? " (new tree)" : " (tree followed)"));
        out.push_back("bestmove " + moves_.back());
        return;
    }
    out.emplace_back("bestmove 0000");
}

void UciSession::start_game(const Position& start) { game_.emplace(program_, start, options_); }

void UciSession::forget_game() {
    game_.reset();
    start_fen_.clear();
    moves_.clear();
    unsupported_ = "no position has been set up (send position first)";
}

} // namespace al0::play
