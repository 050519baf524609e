#include "tools/app/practice_coach.hpp"

#include "contract/chess_library.hpp"
#include "engine/chess/material.hpp"
#include "engine/chess/notation.hpp"
#include "engine/print/tree_format.hpp"
#include "engine/verify/shared/goal_text.hpp"
#include "tools/app/play_tables.hpp"
#include "tools/app/practice_session.hpp"
#include "tools/app/table_source.hpp"

#include <sstream>

namespace al0::tools {

namespace {

// Returns the moves in SAN joined by " or ".
std::string moves_text(const Position& pos, const std::vector<Move>& moves) {
    std::string out;
    for (Move m : moves) out += (out.empty() ? "" : " or ") + to_san(pos, m);
    return out;
}

// Returns the tree text's lines of the first PLIES plies (two spaces of indent per ply).
std::string first_plies(const std::string& tree_text, std::size_t plies) {
    std::istringstream in(tree_text);
    std::string out;
    for (std::string line; std::getline(in, line);)
        if (line.find_first_not_of(' ') < 2 * plies) out += "    " + line + "\n";
    return out;
}

} // namespace

std::vector<std::string> advice_comment(const std::string& text, const std::string& name) {
    std::istringstream in(text);
    std::vector<std::string> block; // the comment lines since the last other line
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("%")) {
            const auto start = line.find_first_not_of("% ");
            block.push_back(start == std::string::npos ? "" : line.substr(start));
            continue;
        }
        const auto code = line.find_first_not_of(' ');
        if (code != std::string::npos && line.compare(code, 7, "advice(") == 0) {
            const auto at = line.find_first_not_of(" (", code + 6);
            const auto end = line.find_first_of(" ,", at);
            if (at != std::string::npos && line.substr(at, end - at) == name) return block;
        }
        block.clear();
    }
    return {};
}

Expected<Hint> table_hint(const Position& pos) {
    auto table = shipped(material_signature(pos));
    if (!table) return Error{table.error()};
    const endgame::CompiledTable& t = **table;
    auto result = endgame::think(t, pos);
    if (!result) return Error{result.error()};
    if (result->outcome != search::Outcome::found || result->tree.children(0).empty())
        return Error{"the table " + t.name + " has no move here (" +
                     (result->outcome == search::Outcome::found ? "its advice holds already"
                      : result->outcome == search::Outcome::budget_exceeded
                          ? "search budget exceeded"
                          : "no advice applies") +
                     ")"};
    const auto& prog = t.program;
    const auto& advice = prog.advice[std::size_t(result->advice)];
    Hint h;
    h.table = t.name;
    h.rule = prog.rules[std::size_t(result->rule)].name;
    h.advice = advice.name;
    h.move = result->tree.children(0)[0].move;
    h.san = to_san(pos, h.move);
    h.better = verify::goal_text(prog, advice.better_goal, contract::chess::vocabulary);
    h.holding = verify::goal_text(prog, advice.holding_goal, contract::chess::vocabulary);
    if (auto source = read_table("builtin:" + t.name))
        h.words = advice_comment(source->text, h.advice);
    h.tree = result->tree;
    h.compiled = *table;
    return h;
}

std::string hint_text(const Hint& h, const Position& pos) {
    std::string out = "The table " + h.table + " plays " + h.san + " (rule " + h.rule +
                      ", advice " + h.advice + ")\n";
    for (const std::string& line : h.words) out += "  " + line + "\n";
    out += "  better goal:  " + h.better + "\n  holding goal: " + h.holding + "\n";
    out += "  its forcing tree begins:\n" + first_plies(print::tree_text(h.tree, pos), 3);
    return out;
}

std::string why_text(const Position& before, Move move, const tablebase::MoveGrade& g) {
    const Position after = before.after(move);
    const std::string yours = to_san(before, move);
    const std::string them = practice_side_name(after.side_to_move());
    std::string out;
    if (g.best_mate_in > 0)
        out = "Best here: " + moves_text(before, g.best) + " (mate in " +
              std::to_string(g.best_mate_in) + ").\n";
    const std::string replies = moves_text(after, g.reply);
    switch (g.grade) {
    case tablebase::Grade::best:
    case tablebase::Grade::slower:
        out += "Yours, " + yours + ", " +
               (g.mate_in == 0 ? std::string("mates.")
                               : (g.grade == tablebase::Grade::best
                                      ? "is one of them"
                                      : "is " + std::to_string(g.extra) + " slower") +
                                     ": mate in " + std::to_string(g.mate_in) + " against " + them +
                                     "'s longest defence, " + replies + ".");
        break;
    case tablebase::Grade::draw:
        out += "Yours, " + yours + ", throws the win away: ";
        if (g.drawn == "stalemate")
            out += them + " is stalemated.";
        else if (g.drawn == "insufficient material")
            out += "no mate is left on the board.";
        else if (g.drawn == "a drawn position")
            out +=
                "the position is drawn whatever follows (" + them + " holds with " + replies + ").";
        else
            out += "it allows " + replies + ": " + g.drawn + ".";
        break;
    case tablebase::Grade::loses:
        out += "Yours, " + yours + ", loses: it allows " + replies + ", and " + them +
               " mates in " + std::to_string(g.mate_in) + ".";
        break;
    }
    return out + "\n";
}

} // namespace al0::tools
