#include "tools/cli/practice_play.hpp"

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/io/atomic_file.hpp"
#include "engine/play/pgn.hpp"
#include "tools/app/board_view.hpp"
#include "tools/app/practice_coach.hpp"
#include "tools/app/practice_exercises.hpp"
#include "tools/app/practice_session.hpp"
#include "tools/app/practice_summary.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/pgn_output.hpp"
#include "tools/cli/prompt_reader.hpp"

#include <iostream>

namespace al0::tools {

namespace {

std::string help_text(const Position& pos) {
    std::string example;
    if (pos.has_legal_move()) {
        const Move m = generate_legal(pos)[0];
        example = " (" + to_uci(m) + " or " + to_san(pos, m) + ")";
    }
    return "Type your move as UCI or SAN" + example +
           ", or the king's target square.\n"
           "Commands: hint (what the shipped table plays here, and its plan), why (the best "
           "moves\nwhere you played your last move, and what yours allowed), fen, help, quit.\n";
}

void show(const PracticeSession& s, bool ascii) {
    std::cout << draw_board_with_moves(s.position(), ascii, play::move_words(s.start(), s.moves()))
              << describe_state(s.position()) << "\n";
}

void hint(const Position& pos) {
    auto h = table_hint(pos);
    if (!h)
        std::cout << "No hint: " << h.error() << "\n";
    else
        std::cout << hint_text(*h, pos);
}

void why(const PracticeSession& s) {
    if (s.graded().empty()) {
        std::cout << "You have not moved yet.\n";
        return;
    }
    const GradedMove& g = s.graded().back();
    std::cout << numbered_move(g) << ": " << why_text(g.before, g.move, g.grade);
}

// Reads commands until the person moves; returns false when the person stops (quit, end of
// input).
bool person_turn(PracticeSession& s, PromptReader& input) {
    const std::string prompt = std::string(practice_side_name(s.person())) + "> ";
    for (;;) {
        const auto read = input.next_command(prompt);
        if (!read) return false;
        const std::string& text = *read;
        if (text == "quit" || text == "exit") return false;
        if (text == "help") {
            std::cout << help_text(s.position());
        } else if (text == "fen") {
            std::cout << s.position().fen() << "\n";
        } else if (text == "hint") {
            hint(s.position());
        } else if (text == "why") {
            why(s);
        } else {
            auto move = parse_move_input(s.position(), text);
            if (!move) {
                std::cout << "Refused: " << move.error() << "\n";
                continue;
            }
            auto graded = s.person_move(*move);
            if (!graded) {
                std::cout << "Refused: " << graded.error() << "\n";
                continue;
            }
            std::cout << "\n"
                      << practice_side_name(s.person()) << " plays " << graded->san << "  {"
                      << tablebase::grade_text(graded->grade) << "}\n";
            return true;
        }
    }
}

// Returns what al0's move just played is, by the grade of the person's move before it.
const char* defence_name(const PracticeSession& s) {
    if (s.graded().empty()) return "the tablebase's best move";
    switch (s.graded().back().grade.grade) {
    case tablebase::Grade::draw:
        return "a drawing move";
    case tablebase::Grade::loses:
        return "the fastest win";
    default:
        return "the longest resistance";
    }
}

// Plays one game from the session's start; returns false when the person stopped.
bool play_game(PracticeSession& s, tablebase::Registry& registry, PromptReader& input, bool ascii) {
    std::cout << "You play " << practice_side_name(s.person()) << " ("
              << material_signature(s.start())
              << "); al0 defends with the tablebase's longest resistance.\n";
    show(s, ascii);
    if (input.interactive()) std::cout << help_text(s.position());
    bool stopped = false;
    while (!s.over() && !stopped) {
        if (s.person_to_move()) {
            stopped = !person_turn(s, input);
        } else {
            const Position before = s.position();
            const Move m = s.defender_move();
            std::cout << "\n"
                      << practice_side_name(before.side_to_move()) << " plays " << to_san(before, m)
                      << "  (" << defence_name(s) << ")\n";
        }
        if (!stopped) show(s, ascii);
    }
    std::cout << "\nGame over: " << (s.over() ? play::ending_name(s.ending()) : "stopped") << " ("
              << play::ending_result(s.ending(), s.position()) << ")\n"
              << summary_text(summarize(s, registry));
    return !stopped;
}

Expected<std::vector<Position>> starts_of(const PracticeOptions& o, tablebase::Registry& registry) {
    if (!o.fen.empty()) {
        auto pos = Position::from_fen(o.fen);
        if (!pos) return Error{"bad FEN: " + pos.error()};
        return std::vector<Position>{*pos};
    }
    return exercise_set(o.set.empty() ? "random" : o.set, o.material, o.set.empty() ? 1 : o.count,
                        o.seed, registry);
}

} // namespace

int run_practice(const PracticeOptions& o) {
    if (!o.fen.empty() && !o.set.empty()) return fail("give a FEN or --set, not both");
    if (!o.pgn_file.empty())
        if (auto why = io::check_writable(o.pgn_file)) return fail(*why);
    tablebase::Registry registry;
    if (o.set == "worst")
        std::cout << "Verifying the shipped " << o.material
                  << " table for the positions where it is slowest..." << std::endl;
    auto starts = starts_of(o, registry);
    if (!starts) return fail(starts.error());
    std::vector<PracticeSession> sessions; // all checked before the first game
    const std::size_t n = starts->size();
    for (std::size_t i = 0; i < n; ++i) {
        auto session = PracticeSession::start(registry, (*starts)[i]);
        if (!session)
            return fail(
                (n > 1 ? "exercise " + std::to_string(i + 1) + " of " + std::to_string(n) + ": "
                       : "") +
                session.error());
        sessions.push_back(std::move(*session));
    }
    PromptReader input(MAX_PROMPT_LINE);
    std::string pgn;
    for (std::size_t i = 0; i < n; ++i) {
        if (n > 1) std::cout << (i ? "\n" : "") << "Exercise " << i + 1 << " of " << n << "\n";
        const bool go_on = play_game(sessions[i], registry, input, o.ascii);
        pgn += (pgn.empty() ? "" : "\n") + sessions[i].pgn(o.date);
        if (!go_on) break;
    }
    return emit_pgn(pgn, o.pgn_file);
}

} // namespace al0::tools
