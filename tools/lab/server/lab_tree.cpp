#include "tools/lab/server/lab_tree.hpp"

#include "contract/chess_library.hpp"
#include "engine/chess/notation.hpp"
#include "engine/verify/shared/goal_text.hpp"
#include "tools/app/search_text.hpp"

namespace al0::tools::lab {
namespace {

using Json = nlohmann::json;

// A page draws at most this many tree nodes; a larger tree is cut (marked) below them.
constexpr std::size_t max_tree_nodes = 2000;

// The goals of one piece of advice, evaluated at the nodes of its forcing tree. The nodes' states
// are the search's own (the table's side as White), followed from the root move by move, so
// that they stay right across a promotion inside the tree.
class GoalView {
  public:
    GoalView(const endgame::CompiledTable& table, int advice, const Position& root)
        : domain_(table.roles), eval_(domain_, table.program),
          // the tree was built from this position: it is the material
          oriented_(*endgame::orient(table, root)) {
        const auto& a = table.program.advice[std::size_t(advice)];
        add("better", a.better_goal, table.program);
        add("holding", a.holding_goal, table.program);
    }

    [[nodiscard]] const endgame::State& root() const { return oriented_.state; }
    // Returns the state after MOVE (on the real board) from S.
    [[nodiscard]] endgame::State after(const endgame::State& s, Move move) const {
        return domain_.play(s, oriented_.to_state(move));
    }

    [[nodiscard]] Json at(const endgame::State& s) const {
        Json goals = Json::array();
        for (const auto& g : goals_)
            goals.push_back({{"role", g.role},
                             {"goal", g.text},
                             {"holds", eval_.holds(g.id, s, oriented_.state)}});
        return goals;
    }
    [[nodiscard]] Json texts() const {
        Json j = Json::object();
        for (const auto& g : goals_)
            if (g.whole) j[g.role] = g.text;
        return j;
    }

  private:
    struct Goal {
        std::string role, text;
        search::GoalId id;
        bool whole;
    };
    // Adds the goal, then each operand of its `and` chain when it has more than one.
    void add(const std::string& role, search::GoalId goal, const search::Program& program) {
        const contract::Vocabulary& names = contract::chess::vocabulary;
        goals_.push_back({role, verify::goal_text(program, goal, names), goal, true});
        const auto parts = verify::conjuncts(program, goal);
        if (parts.size() > 1)
            for (search::GoalId p : parts)
                goals_.push_back({role + " part", verify::goal_text(program, p, names), p, false});
    }

    endgame::Domain domain_;
    search::Evaluator<endgame::Domain> eval_;
    endgame::Oriented oriented_; // the root's searched state, and how the real board maps to it
    std::vector<Goal> goals_;
};

// Returns the subtree of NODE as nested JSON: {fen, kind, goals, children: [{uci, san, node}]}.
Json tree_node(const search::ForcingTree<Move>& tree, std::uint32_t node, const Position& pos,
               const endgame::State& state, const GoalView& goals, std::size_t& budget) {
    static constexpr const char* kinds[] = {"leaf", "us", "them"};
    Json j = {{"fen", pos.fen()},
              {"kind", kinds[int(tree.node(node).kind)]},
              {"goals", goals.at(state)},
              {"children", Json::array()}};
    for (const auto& e : tree.children(node)) {
        if (budget == 0) {
            j["truncated"] = true;
            break;
        }
        --budget;
        j["children"].push_back({{"uci", to_uci(e.move)},
                                 {"san", to_san(pos, e.move)},
                                 {"node", tree_node(tree, e.child, pos.after(e.move),
                                                    goals.after(state, e.move), goals, budget)}});
    }
    return j;
}

} // namespace

Json tree_json(const endgame::CompiledTable& table, const search::ForcingTree<Move>& tree,
               const Position& root) {
    if (tree.empty()) return nullptr;
    const search::Program& program = table.program;
    const GoalView goals(table, tree.advice, root);
    std::size_t budget = max_tree_nodes;
    return {{"rule", program.rules[std::size_t(tree.rule)].name},
            {"advice", program.advice[std::size_t(tree.advice)].name},
            {"goal_text", goals.texts()},
            {"root", tree_node(tree, 0, root, goals.root(), goals, budget)}};
}

Json attempts_json(const endgame::CompiledTable& table, const search::SearchResult<Move>& r,
                   const Position& root) {
    const search::Program& program = table.program;
    Json list = Json::array();
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const auto& a = r.attempts[i];
        Json refutations = Json::array();
        if (i < r.refutations.size()) {
            const Explanation e = explain_attempt(table, a, r.refutations[i], root);
            if (!e.summary.empty()) refutations.push_back(e.summary);
            for (const auto& line : e.lines) refutations.push_back(line_text(line));
        }
        list.push_back({{"advice", program.advice[std::size_t(a.advice)].name},
                        {"satisfied", a.failure == search::Failure::none},
                        {"reason", failure_text(a.failure)},
                        {"root_moves", a.root_moves},
                        {"nodes", a.nodes},
                        {"refutations", refutations}});
    }
    return list;
}

} // namespace al0::tools::lab
