#include "tools/search_text.hpp"

#include "engine/chess/notation.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/verify/failing_goal.hpp"

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

// Names what fails in the goals of one piece of advice at KRK nodes.
class NodeFailure {
  public:
    NodeFailure(const search::Program& program, const search::CompiledAdvice& advice,
                const krk::KrkState& root)
        : program_(program), advice_(advice), eval_(domain_, program), root_(root) {}

    // Returns what fails at s: its holding goal, or its better goal with no move allowed.
    std::string at(const krk::KrkState& s, bool holding_failed) const {
        if (holding_failed)
            return "the holding goal fails (" + failing(advice_.holding_goal, s) + ")";
        return "the better goal fails (" + failing(advice_.better_goal, s) + ") and no move " +
               (domain_.us_to_move(s) ? "of ours" : "of theirs") + " is allowed";
    }
    krk::KrkState play(const krk::KrkState& s, Move m) const { return domain_.play(s, m); }

  private:
    std::string failing(search::GoalId goal, const krk::KrkState& s) const {
        // Why krk::vocabulary also for tables over the chess library: goal_text needs names
        // only for predicates without arguments; the chess library's goals carry labels.
        return verify::failing_conjuncts(eval_, program_, goal, s, root_, krk::vocabulary);
    }

    const search::Program& program_;
    const search::CompiledAdvice& advice_;
    krk::KrkDomain domain_;
    search::Evaluator<krk::KrkDomain> eval_;
    krk::KrkState root_;
};

} // namespace

Explanation explain_attempt(const search::Program& program, const search::AdviceAttempt& attempt,
                            const std::vector<search::Refutation<Move>>& refutations,
                            const Position& root) {
    Explanation out;
    const auto state = krk::to_state(root);
    if (!state || attempt.advice < 0) return out;
    const NodeFailure failure(program, program.advice[std::size_t(attempt.advice)], *state);
    if (attempt.failure == search::Failure::holding_at_root ||
        attempt.failure == search::Failure::no_moves) {
        out.summary = "at the root " +
                      failure.at(*state, attempt.failure == search::Failure::holding_at_root);
        return out;
    }
    for (const auto& r : refutations) {
        if (r.line.empty()) continue; // the root move worked, or a limit stopped the search
        Explanation::Line line;
        Position pos = root;
        krk::KrkState s = *state;
        for (Move m : r.line) {
            line.moves.push_back(to_san(pos, m));
            pos.do_move(m);
            s = failure.play(s, m);
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
