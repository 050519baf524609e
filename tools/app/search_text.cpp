#include "tools/app/search_text.hpp"

#include "contract/chess_library.hpp"
#include "engine/chess/notation.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/verify/shared/failing_goal.hpp"

namespace al0::tools {

const char* failure_text(search::Failure f) {
    switch (f) {
    case search::Failure::none:
        return "satisfied";
    case search::Failure::holding_at_root:
        return "the holding goal fails at the root";
    case search::Failure::goal_at_root:
        return "the better goal already holds at the root (a plan must make a move)";
    case search::Failure::no_moves:
        return "the better goal does not hold and no move is allowed at the root";
    case search::Failure::all_moves_fail:
        return "every allowed root move fails below";
    case search::Failure::budget_exceeded:
        return "search budget exceeded";
    case search::Failure::depth_exceeded:
        return "search depth limit exceeded";
    }
    return "?";
}

namespace {

// Names what fails in the goals of one piece of advice at the nodes of a table's search, with
// us as White (endgame::orient).
class NodeFailure {
  public:
    NodeFailure(const endgame::CompiledTable& table, const search::CompiledAdvice& advice,
                const endgame::State& root)
        : program_(table.program), advice_(advice), domain_(table.roles), eval_(domain_, program_),
          root_(root) {}

    // Returns what fails at s: its holding goal, or its better goal with no move allowed.
    std::string at(const endgame::State& s, bool holding_failed) const {
        if (holding_failed)
            return "the holding goal fails (" + failing(advice_.holding_goal, s) + ")";
        return "the better goal fails (" + failing(advice_.better_goal, s) + ") and no move " +
               (domain_.us_to_move(s) ? "of ours" : "of theirs") + " is allowed";
    }
    endgame::State play(const endgame::State& s, Move m) const { return domain_.play(s, m); }

  private:
    std::string failing(search::GoalId goal, const endgame::State& s) const {
        return verify::failing_conjuncts(eval_, program_, goal, s, root_,
                                         contract::chess::vocabulary);
    }

    const search::Program& program_;
    const search::CompiledAdvice& advice_;
    endgame::Domain domain_;
    search::Evaluator<endgame::Domain> eval_;
    endgame::State root_;
};

} // namespace

Explanation explain_attempt(const endgame::CompiledTable& table,
                            const search::AdviceAttempt& attempt,
                            const std::vector<search::Refutation<Move>>& refutations,
                            const Position& root) {
    Explanation out;
    const auto oriented = endgame::orient(table, root);
    if (!oriented || attempt.advice < 0) return out;
    const endgame::State& state = oriented->state;
    const NodeFailure failure(table, table.program.advice[std::size_t(attempt.advice)], state);
    if (attempt.failure == search::Failure::holding_at_root ||
        attempt.failure == search::Failure::no_moves) {
        out.summary =
            "at the root " + failure.at(state, attempt.failure == search::Failure::holding_at_root);
        return out;
    }
    for (const auto& r : refutations) {
        if (r.line.empty()) continue; // the root move worked, or a limit stopped the search
        Explanation::Line line;
        Position pos = root;
        endgame::State s = state;
        // The moves are the real board's; the goals are evaluated on the searched board.
        for (Move m : r.line) {
            line.moves.push_back(to_san(pos, m));
            pos.do_move(m);
            s = failure.play(s, oriented->to_state(m));
        }
        line.reason = failure.at(s, r.holding_failed);
        out.lines.push_back(std::move(line));
    }
    const bool all_fail = attempt.failure == search::Failure::all_moves_fail &&
                          out.lines.size() == std::size_t(attempt.root_moves);
    if (!all_fail || out.lines.size() < 2) return out;
    for (const auto& l : out.lines)
        if (l.reason != out.lines[0].reason || l.moves.size() != out.lines[0].moves.size())
            return out;
    const std::size_t plies = out.lines[0].moves.size();
    out.summary = "all " + std::to_string(out.lines.size()) + " root moves fail the same way, " +
                  std::to_string(plies) + (plies == 1 ? " ply" : " plies") +
                  " deep: " + out.lines[0].reason;
    out.lines.clear();
    return out;
}

std::string counted(std::uint64_t n, const std::string& noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string line_text(const Explanation::Line& line) {
    std::string out;
    for (const std::string& m : line.moves) {
        if (!out.empty()) out += ' ';
        out += m;
    }
    return out + ": " + line.reason;
}

} // namespace al0::tools
