#include "tools/lab_engine.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/compile/compile.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/play/game.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/goal_text.hpp"
#include "engine/verify/table_verifier.hpp"
#include "tables/builtin.hpp"
#include "tools/krk_setup.hpp"
#include "tools/play_tables.hpp"
#include "tools/search_text.hpp"
#include "tools/table_registry.hpp"
#include "tools/table_source.hpp"
#include "tools/verify_json.hpp"

namespace al0::tools::lab {
namespace {

// A page draws at most this many tree nodes; a larger tree is cut (marked) below them.
constexpr std::size_t max_tree_nodes = 2000;
// Example lines per failure kind, and worst lines, in a verification reply.
constexpr int verify_examples = 5;

const tablebase::KrkTablebase& tablebase() {
    static const tablebase::KrkTablebase tb = tablebase::KrkTablebase::build();
    return tb;
}

search::Program compile_krk(const std::string& text) {
    auto table = load_checked_table(TableSource{"table", text}, krk::vocabulary);
    if (!table) throw BadRequest(table.error());
    auto program = search::compile(*table, krk::vocabulary);
    if (!program) throw BadRequest(program.error());
    return *program;
}

Position krk_position(const std::string& fen, bool require_white_to_move) {
    auto pos = read_krk_position(fen, require_white_to_move);
    if (!pos) throw BadRequest(pos.error());
    return *pos;
}

// The goals of one piece of advice, evaluated at the nodes of its forcing tree.
class GoalView {
  public:
    GoalView(const search::Program& program, int advice, const Position& root)
        : eval_(domain_, program), root_(*krk::to_state(root)) {
        if (advice < 0) return;
        const auto& a = program.advice[std::size_t(advice)];
        add("better", a.better_goal, program);
        add("holding", a.holding_goal, program);
    }

    [[nodiscard]] Json at(const Position& pos) const {
        const krk::KrkState s = *krk::to_state(pos);
        Json goals = Json::array();
        for (const auto& g : goals_)
            goals.push_back(
                {{"role", g.role}, {"goal", g.text}, {"holds", eval_.holds(g.id, s, root_)}});
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
        goals_.push_back({role, verify::goal_text(program, goal, krk::vocabulary), goal, true});
        const auto parts = verify::conjuncts(program, goal);
        if (parts.size() > 1)
            for (search::GoalId p : parts)
                goals_.push_back(
                    {role + " part", verify::goal_text(program, p, krk::vocabulary), p, false});
    }

    krk::KrkDomain domain_;
    search::Evaluator<krk::KrkDomain> eval_;
    krk::KrkState root_;
    std::vector<Goal> goals_;
};

// Returns the subtree of NODE as nested JSON: {fen, kind, goals, children: [{uci, san, node}]}.
Json tree_node(const search::ForcingTree<Move>& tree, std::uint32_t node, const Position& pos,
               const GoalView& goals, std::size_t& budget) {
    static constexpr const char* kinds[] = {"leaf", "us", "them"};
    Json j = {{"fen", pos.fen()},
              {"kind", kinds[int(tree.node(node).kind)]},
              {"goals", goals.at(pos)},
              {"children", Json::array()}};
    for (const auto& e : tree.children(node)) {
        if (budget == 0) {
            j["truncated"] = true;
            break;
        }
        --budget;
        j["children"].push_back(
            {{"uci", to_uci(e.move)},
             {"san", to_san(pos, e.move)},
             {"node", tree_node(tree, e.child, pos.after(e.move), goals, budget)}});
    }
    return j;
}

Json tree_json(const search::Program& program, const search::ForcingTree<Move>& tree,
               const Position& root) {
    if (tree.empty()) return nullptr;
    const GoalView goals(program, tree.advice, root);
    std::size_t budget = max_tree_nodes;
    return {{"rule", program.rules[std::size_t(tree.rule)].name},
            {"advice", program.advice[std::size_t(tree.advice)].name},
            {"goal_text", goals.texts()},
            {"root", tree_node(tree, 0, root, goals, budget)}};
}

Json attempts_json(const search::Program& program, const search::SearchResult<Move>& r,
                   const Position& root) {
    Json list = Json::array();
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const auto& a = r.attempts[i];
        Json refutations = Json::array();
        if (i < r.refutations.size()) {
            const Explanation e = explain_attempt(program, a, r.refutations[i], root);
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

// Returns the verdict after MOVE for the side that plays it: {result: win|draw|loss, mate_in}.
// The probe speaks for the side to move after it: a loss there is the mover's win.
Json verdict_after(const Position& pos, Move move) {
    const tablebase::Probe p = tablebase().probe(pos.after(move));
    const char* result = p.outcome == tablebase::Outcome::loss  ? "win"
                         : p.outcome == tablebase::Outcome::win ? "loss"
                                                                : "draw";
    return {{"result", result}, {"mate_in", p.mate_in >= 0 ? Json(p.mate_in) : Json(nullptr)}};
}

Json legal_moves(const Position& pos) {
    Json list = Json::array();
    for (Move m : generate_legal(pos)) {
        const std::string uci = to_uci(m);
        list.push_back({{"uci", uci},
                        {"san", to_san(pos, m)},
                        {"from", uci.substr(0, 2)},
                        {"to", uci.substr(2, 2)},
                        {"verdict", verdict_after(pos, m)}});
    }
    return list;
}

} // namespace

Json builtin_tables() {
    Json list = Json::array();
    for (std::string_view name : tables::builtin_names())
        list.push_back({{"name", name}, {"text", *tables::builtin(name)}});
    return list;
}

Json check_table(const std::string& text) {
    const CheckedTable checked = check_in_domain(TableSource{"table", text}, "");
    Json diagnostics = Json::array();
    for (const advice::Diagnostic& d : checked.diagnostics)
        diagnostics.push_back(
            {{"severity", d.severity == advice::Diagnostic::Severity::error ? "error" : "warning"},
             {"line", d.line},
             {"column", d.column},
             {"message", d.message},
             {"text", advice::format_diagnostic(d, text)}});
    const bool ok = checked.table && !advice::has_errors(checked.diagnostics);
    return {{"domain", checked.vocabulary->domain},
            {"ok", ok},
            {"rules", ok ? Json(checked.table->rules.size()) : Json(nullptr)},
            {"advice", ok ? Json(checked.table->advice.size()) : Json(nullptr)},
            {"diagnostics", diagnostics}};
}

Json advise(const std::string& table, const std::string& fen) {
    const search::Program program = compile_krk(table);
    const Position pos = krk_position(fen, true);
    krk::KrkDomain domain;
    const search::Options options{search::Options{}.node_budget, true};
    const auto r = search::build_tree(domain, program, *krk::to_state(pos), options);
    const bool found = r.outcome == search::Outcome::found;
    Json j = {{"fen", pos.fen()},
              {"rule", r.rule >= 0 ? Json(program.rules[std::size_t(r.rule)].name) : Json(nullptr)},
              {"advice", found ? Json(program.advice[std::size_t(r.advice)].name) : Json(nullptr)},
              {"attempts", attempts_json(program, r, pos)},
              {"nodes", r.stats.nodes},
              {"budget_exceeded", r.outcome == search::Outcome::budget_exceeded},
              {"move", nullptr},
              {"san", nullptr},
              {"tree", nullptr}};
    // An advice whose better goal already holds at the root is satisfied without a move.
    if (found && !r.tree.children(0).empty()) {
        const Move m = r.tree.children(0)[0].move;
        j["move"] = to_uci(m);
        j["san"] = to_san(pos, m);
        j["tree"] = tree_json(program, r.tree, pos);
    }
    return j;
}

Json play(const std::string& table, const std::string& start,
          const std::vector<std::string>& black_moves) {
    auto compiled = load_table(TableSource{"table", table});
    if (!compiled) throw BadRequest(compiled.error());
    const PlayTables tables = tables_with(std::move(compiled.value()));
    auto started = play::Game::start(tables.source, krk_position(start, false));
    if (!started) throw BadRequest(started.error());
    play::Game& game = started.value();
    const search::Program& program = game.program();
    Json history = Json::array();
    Position tree_root = game.position();
    std::size_t tree_from = 0; // the history index where the latest tree was built
    std::size_t next_black = 0;
    while (!game.over()) {
        if (game.engine_to_move()) {
            const Position before = game.position();
            auto em = game.engine_move();
            if (!em) break;
            if (em->rebuilt) {
                tree_root = before;
                tree_from = history.size();
            }
            history.push_back({{"uci", to_uci(em->move)},
                               {"san", em->san},
                               {"side", "white"},
                               {"rule", program.rules[std::size_t(em->rule)].name},
                               {"advice", program.advice[std::size_t(em->advice)].name},
                               {"rebuilt", em->rebuilt}});
            continue;
        }
        if (next_black == black_moves.size()) break;
        const std::string& text = black_moves[next_black++];
        auto move = parse_uci(game.position(), text);
        const std::string san = move ? to_san(game.position(), *move) : "";
        std::optional<std::string> refused;
        if (move)
            refused = game.opponent_move(*move);
        else
            refused = move.error();
        if (refused)
            throw BadRequest("Black's move " + std::to_string(next_black) + " (" + text +
                             ") is refused: " + *refused);
        history.push_back({{"uci", text}, {"san", san}, {"side", "black"}});
    }
    if (next_black < black_moves.size())
        throw BadRequest("the game is over after Black's move " + std::to_string(next_black) +
                         "; " + std::to_string(black_moves.size() - next_black) +
                         " more moves were sent");
    Json played = Json::array();
    for (std::size_t i = tree_from; i < history.size(); ++i) played.push_back(history[i]["uci"]);
    const Position& pos = game.position();
    return {{"start", game.start().fen()},
            {"fen", pos.fen()},
            {"history", history},
            {"over", game.over()},
            {"ending", game.over() ? Json(play::ending_name(game.ending())) : Json(nullptr)},
            {"result", play::ending_result(game.ending(), game.position())},
            {"attempts", attempts_json(program, game.last_search(), tree_root)},
            {"tree", tree_json(program, game.tree(), tree_root)},
            {"played", played},
            {"legal", game.over() ? Json::array() : legal_moves(pos)}};
}

Json moves(const std::string& fen) {
    auto pos = Position::from_fen(fen);
    if (!pos) throw BadRequest("bad FEN: " + pos.error());
    const tablebase::Probe p = tablebase().probe(*pos);
    if (p.outcome == tablebase::Outcome::illegal)
        throw BadRequest("not a KRK position: " + p.reason);
    return {{"fen", pos->fen()},
            {"side", pos->side_to_move() == WHITE ? "white" : "black"},
            {"mate_in", p.mate_in >= 0 ? Json(p.mate_in) : Json(nullptr)},
            {"legal", legal_moves(*pos)}};
}

struct VerifyInput::Compiled {
    search::Program program;
};

VerifyInput::VerifyInput(const std::string& table)
    : compiled_(std::make_unique<Compiled>(Compiled{compile_krk(table)})) {}
VerifyInput::~VerifyInput() = default;
VerifyInput::VerifyInput(VerifyInput&&) noexcept = default;

Json VerifyInput::run(const verify::Progress& progress) const {
    verify::VerifyOptions options;
    options.progress = progress;
    const auto v = verify::TableVerification::run(compiled_->program, tablebase(), options);
    Json j = table_json("table", v, verify_examples);
    // The worst lines: the first won positions whose worst case is the table's worst.
    Json worst = Json::array();
    const int most = v.summary().worst;
    for (const krk::KrkState& s : v.examples(verify::Verdict::won, v.summary().positions)) {
        if (int(worst.size()) == verify_examples) break;
        if (v.worst(s) == most) worst.push_back(line_json(v.line(s)));
    }
    j["worst_lines"] = worst;
    // Optimal play for the histogram: positions by the tablebase's moves to mate.
    j["optimal_histogram"] = tablebase().stats().by_mate_in[WHITE];
    return j;
}

} // namespace al0::tools::lab
