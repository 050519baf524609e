#include "engine/codegen/endgame_goal_source.hpp"

#include "engine/codegen/endgame_fixed_search.hpp"
#include "engine/codegen/goal_source.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/krk/krk_domain.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace al0::codegen {

namespace {

using search::ExprOp;
using search::GoalOp;

// A program of more goal and expression nodes than this (each counted once) is interpreted: its
// text and its compile would be large for little gain.
constexpr std::size_t MAX_NODES = 1u << 14;

// The body of one generated function: a goal or an expression as C++ over the node `s`, its board
// `b` and the root `root`. Each value slot it reads is a lambda that computes it once, at its
// first call; so is each goal or expression node it reads more than once (a definition used
// twice), so that the text stays as large as the program's graph, not its tree.
class FunctionText {
  public:
    FunctionText(const search::Program& p, std::size_t& budget, std::set<std::uint16_t>& roots)
        : p_(p), budget_(budget), roots_(roots) {}

    // Counts the uses of the nodes under goal G (or expression E); false when a node is out of
    // range or the budget is spent. Called for each goal of the function before any text.
    bool count_goal(search::GoalId g) {
        if (g >= p_.goal_nodes.size()) return false;
        if (goal_uses_[g]++ > 0) return true;
        if (budget_ == 0) return false;
        --budget_;
        const search::GoalNode& n = p_.goal_nodes[g];
        switch (n.op) {
        case GoalOp::predicate: // a domain's own predicate: not the chess library's instances
            return false;
        case GoalOp::negation:
            return count_goal(n.lhs);
        case GoalOp::conjunction:
        case GoalOp::disjunction:
            return count_goal(n.lhs) && count_goal(n.rhs);
        case GoalOp::test:
            return count_slot(n.lhs);
        case GoalOp::compare:
            return n.predicate <= std::uint8_t(search::CompareOp::ge) && count_expr(n.lhs) &&
                   count_expr(n.rhs);
        }
        return false;
    }
    bool count_expr(std::uint32_t e) {
        if (e >= p_.expr_nodes.size()) return false;
        if (expr_uses_[e]++ > 0) return true;
        if (budget_ == 0) return false;
        --budget_;
        const search::ExprNode& n = p_.expr_nodes[e];
        switch (n.op) {
        case ExprOp::value:
            return count_slot(n.lhs);
        case ExprOp::root:
            if (n.lhs >= p_.root_values.size()) return false;
            roots_.insert(n.lhs);
            return true;
        default:
            break;
        }
        bool ok = true;
        search::for_each_operand(n, [&](std::uint16_t child) { ok = ok && count_expr(child); });
        return ok;
    }

    // The C++ expression of goal G (bool) or expression E (std::int32_t); the lambdas it calls
    // are in definitions().
    std::string goal(search::GoalId g) {
        const search::GoalNode& n = p_.goal_nodes[g];
        if (n.op == GoalOp::test) return "(" + slot(std::uint16_t(n.lhs)) + " != 0)";
        if (goal_uses_[g] < 2) return goal_text(n);
        if (!defined_goals_.contains(g)) {
            const std::string text = goal_text(n);
            defs_ += "    bool kg" + std::to_string(g) + " = false, vg" + std::to_string(g) +
                     " = false;\n    auto g" + std::to_string(g) + " = [&] {\n        if (!kg" +
                     std::to_string(g) + ") {\n            kg" + std::to_string(g) +
                     " = true;\n            vg" + std::to_string(g) + " = " + text +
                     ";\n        }\n        return vg" + std::to_string(g) + ";\n    };\n";
            defined_goals_.insert(g);
        }
        return "g" + std::to_string(g) + "()";
    }
    std::string expr(std::uint32_t e) {
        const search::ExprNode& n = p_.expr_nodes[e];
        if (n.op == ExprOp::number)
            return "std::int32_t(" + std::to_string(std::int64_t(n.number)) + "LL)";
        if (n.op == ExprOp::value) return slot(n.lhs);
        if (n.op == ExprOp::root) {
            reads_root_ = true;
            return "root_value<" + std::to_string(n.lhs) + ">(roots(), root)";
        }
        if (expr_uses_[e] < 2) return expr_text(n);
        const std::string id = std::to_string(e);
        if (!defined_exprs_.contains(e)) {
            const std::string text = expr_text(n);
            defs_ += "    bool ke" + id + " = false;\n    std::int32_t ve" + id +
                     " = 0;\n    auto e" + id + " = [&] {\n        if (!ke" + id +
                     ") {\n            ke" + id + " = true;\n            ve" + id + " = " + text +
                     ";\n        }\n        return ve" + id + ";\n    };\n";
            defined_exprs_.insert(e);
        }
        return "e" + id + "()";
    }

    // The lambdas of the slots and shared nodes the texts above call, each after those it calls.
    // Why the root values' lambda: it finds this thread's root values once per call, not at
    // each root value read.
    [[nodiscard]] std::string definitions() const {
        if (!reads_root_) return defs_;
        return "    RootValues* known_roots = nullptr;\n    auto roots = [&]() -> RootValues& {\n"
               "        if (!known_roots) known_roots = &root_values_of(root);\n"
               "        return *known_roots;\n    };\n" +
               defs_;
    }

  private:
    bool count_slot(std::uint32_t id) {
        if (id >= p_.value_slots.size()) return false;
        const search::Instance::Kind kind = p_.value_slots[id].kind;
        return kind == search::Instance::Kind::measure || kind == search::Instance::Kind::predicate;
    }

    // Slot ID's value at the node, as endgame::Domain::value gives it: the library's measure or
    // predicate of its instance, the instance a constant.
    std::string slot(std::uint16_t id) {
        const std::string name = std::to_string(id);
        if (!defined_slots_.contains(id)) {
            const search::Instance& in = p_.value_slots[id];
            const bool measure = in.kind == search::Instance::Kind::measure;
            std::string instance = std::string("{Kind::") + (measure ? "measure" : "predicate") +
                                   ", " + std::to_string(in.primitive) + ", {";
            for (std::size_t i = 0; i < in.args.size(); ++i)
                instance += (i ? ", " : "") + std::to_string(in.args[i]);
            defs_ += "    bool ks" + name + " = false;\n    std::int32_t vs" + name +
                     " = 0;\n    auto s" + name +
                     " = [&]() __attribute__((always_inline)) {\n        if (!ks" + name +
                     ") {\n            ks" + name + " = true;\n            vs" + name +
                     " = library::" + (measure ? "measure" : "predicate") + "<Buffer>(b, " +
                     instance + "}});\n        }\n        return vs" + name + ";\n    };\n";
            defined_slots_.insert(id);
        }
        return "s" + name + "()";
    }

    std::string goal_text(const search::GoalNode& n) {
        switch (n.op) {
        case GoalOp::negation:
            return "!" + goal(n.lhs);
        case GoalOp::conjunction:
            return "(" + goal(n.lhs) + " && " + goal(n.rhs) + ")";
        case GoalOp::disjunction:
            return "(" + goal(n.lhs) + " || " + goal(n.rhs) + ")";
        case GoalOp::compare: {
            static constexpr const char* OPS[] = {" == ", " != ", " < ", " <= ", " > ", " >= "};
            return "(" + expr(n.lhs) + OPS[n.predicate] + expr(n.rhs) + ")";
        }
        default: // test: goal(); predicate: refused by count_goal
            return "false";
        }
    }
    std::string expr_text(const search::ExprNode& n) {
        switch (n.op) {
        case ExprOp::neg:
            return "(-" + expr(n.lhs) + ")";
        case ExprOp::abs:
            return "std::abs(" + expr(n.lhs) + ")";
        case ExprOp::add:
            return "(" + expr(n.lhs) + " + " + expr(n.rhs) + ")";
        case ExprOp::sub:
            return "(" + expr(n.lhs) + " - " + expr(n.rhs) + ")";
        case ExprOp::mul:
            return "(" + expr(n.lhs) + " * " + expr(n.rhs) + ")";
        case ExprOp::min:
            return "std::min<std::int32_t>(" + expr(n.lhs) + ", " + expr(n.rhs) + ")";
        case ExprOp::max:
            return "std::max<std::int32_t>(" + expr(n.lhs) + ", " + expr(n.rhs) + ")";
        default: // number, value, root: expr()
            return "0";
        }
    }

    const search::Program& p_;
    std::size_t& budget_;
    std::set<std::uint16_t>& roots_; // the root values the program's functions read
    std::map<search::GoalId, int> goal_uses_;
    std::map<std::uint32_t, int> expr_uses_;
    std::set<search::GoalId> defined_goals_;
    std::set<std::uint32_t> defined_exprs_;
    std::set<std::uint16_t> defined_slots_;
    std::string defs_;
    bool reads_root_ = false;
};

// The board a unit's goals read, as the generated text names it: the type State of each
// function's node `s` and root `root` (taken as `parameter`), and the board `b` over the node
// (declared by `board`) that the library's primitives read.
struct UnitBoard {
    std::string what; // of the file's first comment
    std::vector<std::string> headers;
    std::string types;      // declarations of State and the board's type
    int max_moves = 0;      // of the move buffer the library's generators fill
    std::string constants;  // declarations the board reads (the material's roles)
    std::string parameter;  // the type of a function's node and root
    std::string board;      // the declaration of b
    std::string node_goals; // the type of the exported tables' entries
    std::string goal_after; // the type of the entries of the filters' goals after a move
    std::string play;       // the node after the move m at s
};

// The definitions of BOARD's types and constants, its move buffer and the root values' cache.
std::string prelude(const search::Program& p, const UnitBoard& board) {
    std::string out = "// Generated by al0 (engine/codegen/endgame_goal_source.cpp): the goals of "
                      "each advice of " +
                      board.what + ".\n";
    for (const std::string& header : board.headers) out += "#include \"" + header + "\"\n";
    out += "\n#include <algorithm>\n#include <array>\n#include <cstdint>\n#include <cstdlib>\n\n"
           "namespace {\n\nusing namespace al0;\n" +
           board.types +
           "namespace library = al0::endgame::library;\n"
           "using Kind = al0::search::Instance::Kind;\nusing Buffer = "
           "al0::search::MoveBuffer<al0::Move, " +
           std::to_string(board.max_moves) + ">;\n" + board.constants;
    out += "\n// The root values, computed once per root and thread (as the search's evaluator "
           "keeps them).\nstruct RootValues {\n    State root{};\n    std::uint64_t known = 0;\n"
           "    std::array<std::int32_t, " +
           std::to_string(std::max<std::size_t>(p.root_values.size(), 1)) +
           "> values{};\n};\nthread_local RootValues root_values;\n\n"
           "template <int I>\nstd::int32_t root_expr(" +
           board.parameter + " s, " + board.parameter +
           " root);\n\n"
           "// This thread's root values, forgotten when ROOT is another root.\n"
           "[[gnu::always_inline]] inline RootValues& root_values_of(const State& root) {\n"
           "    RootValues& c = root_values;\n    if (!(c.root == root)) {\n"
           "        c.root = root;\n        c.known = 0;\n    }\n    return c;\n}\n\n"
           "template <int I>\n[[gnu::always_inline]] inline std::int32_t root_value(RootValues& c, "
           "const State& root) {\n"
           "    if (!(c.known >> I & 1)) {\n        c.known |= std::uint64_t{1} << I;\n"
           "        c.values[I] = root_expr<I>(root, root);\n    }\n    return c.values[I];\n}\n";
    return out;
}

// A function's head on BOARD: its parameters and the board of its node.
std::string function_head(const UnitBoard& board) {
    return "[[maybe_unused]] " + board.parameter + " s, [[maybe_unused]] " + board.parameter +
           " root) {\n    [[maybe_unused]] " + board.board + "\n";
}

// The choice of PROGRAM's rule at a root (search::RuleChoiceFn) on BOARD, named rule_choice, or
// nothing when a condition is not of the chess library's measures and predicates (or the budget
// is spent); notes the root values it reads in ROOTS. Why: interpreted, the conditions of the
// book table were a tenth of the instructions of its smallest trees. Its value slots are shared
// by the rules, computed at most once, as the interpreter's values of the root are.
std::optional<std::string> library_rule_choice(const search::Program& program,
                                               const UnitBoard& board, std::size_t& budget,
                                               std::set<std::uint16_t>& roots) {
    std::size_t left = budget;
    std::set<std::uint16_t> read = roots;
    FunctionText text(program, left, read);
    for (const search::CompiledRule& rule : program.rules)
        if (!text.count_goal(rule.condition)) return std::nullopt;
    std::string tests;
    for (std::size_t r = 0; r < program.rules.size(); ++r)
        tests += "    if (" + text.goal(program.rules[r].condition) + ") return " +
                 std::to_string(r) + "; // " + comment_text(program.rules[r].name) + "\n";
    budget = left;
    roots = std::move(read);
    return "\nint rule_choice(State root) {\n    [[maybe_unused]] const State& s = root;\n"
           "    [[maybe_unused]] " +
           board.board + "\n" + text.definitions() + tests + "    return -1;\n}\n";
}

// The measure of each order of PROGRAM after a move, on BOARD, where it can be compiled
// (ORDER_MEASURES_AFTER_SYMBOL): the functions, and their table's entries (nullptr for a
// generator that is not such an order); notes the root values they read in ROOTS. Why: an order
// interpreted played each move and walked its measure after it (the move played inline here,
// only what the measure reads of the child is worked out, as a filter's goal after a move).
struct OrderMeasures {
    std::string functions, table;
};
OrderMeasures order_measures(const search::Program& program, const UnitBoard& board,
                             std::size_t& budget, std::set<std::uint16_t>& roots) {
    OrderMeasures out;
    for (std::size_t g = 0; g < program.generators.size(); ++g) {
        const search::GeneratorNode& n = program.generators[g];
        std::size_t left = budget;
        std::set<std::uint16_t> read = roots;
        FunctionText text(program, left, read);
        const bool compiles = n.op == search::GeneratorOp::order && text.count_expr(n.measure);
        const std::string id = std::to_string(g);
        out.table += (g ? ", " : "") + (compiles ? "order_after_" + id : "nullptr");
        if (!compiles) continue;
        budget = left;
        roots = std::move(read);
        const std::string value = text.expr(n.measure);
        out.functions += "\n// the measure of order " + id +
                         "\n[[gnu::always_inline]] inline std::int32_t order_measure_" + id + "(" +
                         function_head(board) + text.definitions() + "    return " + value +
                         ";\n}\nint order_after_" + id + "(" + board.parameter +
                         " s, al0::Move m, " + board.parameter +
                         " root) {\n    return order_measure_" + id + "(" + board.play +
                         ", root);\n}\n";
    }
    return out;
}

// The functions of ROOTS, the root values the goals read, each at the root through the cache the
// goals read it from (ROOT_VALUES_SYMBOL). Why: the search asks them for its failure memo's key,
// and walked apart each was computed twice per tree, once for the key and once for the goals.
std::string root_values(const UnitBoard& board, const std::set<std::uint16_t>& roots) {
    std::string out;
    for (std::uint16_t r : roots) {
        const std::string id = std::to_string(r);
        out += "\nint root_value_" + id + "([[maybe_unused]] " + board.parameter + " s, " +
               board.parameter + " root) {\n    return root_value<" + id +
               ">(root_values_of(root), root);\n}\n";
    }
    return out;
}

// Returns the C++ text of PROGRAM's goals on BOARD (endgame_goal_source says what it holds).
Expected<std::string> library_goal_source(const search::Program& program, const UnitBoard& board) {
    if (!program.instances) return Error{"its goals are not of the chess library's instances"};
    if (program.advice.empty()) return Error{"it has no advice"};
    const std::string head = function_head(board);
    std::size_t budget = MAX_NODES;
    std::set<std::uint16_t> roots;
    std::string functions;
    for (std::size_t a = 0; a < program.advice.size(); ++a) {
        const search::CompiledAdvice& advice = program.advice[a];
        FunctionText text(program, budget, roots);
        if (!text.count_goal(advice.holding_goal) || !text.count_goal(advice.better_goal))
            return Error{"advice " + advice.name +
                         (budget == 0 ? ": its goals are too large to compile"
                                      : ": a goal is not of the chess library's measures and "
                                        "predicates")};
        const std::string holding = text.goal(advice.holding_goal);
        const std::string better = text.goal(advice.better_goal);
        functions += "\n// " + comment_text(advice.name) + "\nint advice_" + std::to_string(a) +
                     "(" + head + text.definitions() + "    if (!" + holding + ") return " +
                     verdict(search::GoalVerdict::fails) + ";\n    return " + better + " ? " +
                     verdict(search::GoalVerdict::leaf) + " : " +
                     verdict(search::GoalVerdict::inner) + ";\n}\n";
    }
    // Each filter's goal, where it can be compiled (else the search interprets it).
    std::string filters, filter_table, after_table;
    for (std::size_t g = 0; g < program.generators.size(); ++g) {
        const search::GeneratorNode& n = program.generators[g];
        FunctionText text(program, budget, roots);
        const bool compiles = n.op == search::GeneratorOp::filter && text.count_goal(n.goal);
        const std::string id = std::to_string(g);
        filter_table += (g ? ", " : "") + (compiles ? "filter_" + id : "nullptr");
        after_table += (g ? ", " : "") + (compiles ? "filter_after_" + id : "nullptr");
        if (!compiles) continue;
        const std::string goal = text.goal(n.goal);
        // Why always inline: its copy after a move plays the move into it.
        filters += "\n// the goal of filter " + id + "\n[[gnu::always_inline]] inline int filter_" +
                   id + "(" + head + text.definitions() + "    return " + goal +
                   " ? 1 : 0;\n}\nint filter_after_" + id + "(" + board.parameter +
                   " s, al0::Move m, " + board.parameter + " root) {\n    return filter_" + id +
                   "(" + board.play + ", root);\n}\n";
    }
    const std::optional<std::string> rules = library_rule_choice(program, board, budget, roots);
    const OrderMeasures orders = order_measures(program, board, budget, roots);
    // The root values the goals read, each at the root (as Evaluator::root_value), and those
    // they read in turn. Each declared before any is defined: one may call another.
    std::string root_declarations, root_functions;
    std::set<std::uint16_t> done;
    while (done.size() < roots.size()) {
        const std::uint16_t r = *std::find_if(roots.begin(), roots.end(),
                                              [&](std::uint16_t x) { return !done.contains(x); });
        done.insert(r);
        FunctionText text(program, budget, roots);
        if (!text.count_expr(program.root_values[r]))
            return Error{"root value " + std::to_string(r) + " cannot be compiled"};
        const std::string value = text.expr(program.root_values[r]);
        const std::string declared =
            "template <>\nstd::int32_t root_expr<" + std::to_string(r) + ">(";
        root_declarations += declared + board.parameter + " s, " + board.parameter + " root);\n";
        root_functions +=
            "\n" + declared + head + text.definitions() + "    return " + value + ";\n}\n";
    }
    std::string out = prelude(program, board) + root_declarations + root_functions + functions +
                      filters + rules.value_or("") + orders.functions + root_values(board, roots);
    // Why extern "C" in the direct form: it gives the constants external linkage.
    const std::string exported = "extern \"C\" [[gnu::visibility(\"default\")]] const ";
    out +=
        "\n} // namespace\n\n" + exported + board.node_goals + " " + NODE_GOALS_SYMBOL + "[] = {";
    for (std::size_t a = 0; a < program.advice.size(); ++a)
        out += (a ? ", advice_" : "advice_") + std::to_string(a);
    out += "};\n" + exported + "unsigned " + NODE_GOALS_COUNT_SYMBOL + " = " +
           std::to_string(program.advice.size()) + ";\n";
    // Why a null entry for a program without generators: C++ has no empty array.
    out += exported + board.node_goals + " " + FILTER_GOALS_SYMBOL + "[] = {" +
           (filter_table.empty() ? "nullptr" : filter_table) + "};\n";
    out += exported + board.goal_after + " " + FILTER_GOALS_AFTER_SYMBOL + "[] = {" +
           (after_table.empty() ? "nullptr" : after_table) + "};\n";
    out += exported + board.goal_after + " " + ORDER_MEASURES_AFTER_SYMBOL + "[] = {" +
           (orders.table.empty() ? "nullptr" : orders.table) + "};\n";
    out += exported + board.node_goals + " " + ROOT_VALUES_SYMBOL + "[] = {";
    for (std::size_t r = 0; r < std::max<std::size_t>(program.root_values.size(), 1); ++r)
        out += (r ? ", " : "") +
               (roots.contains(std::uint16_t(r)) ? "root_value_" + std::to_string(r) : "nullptr");
    out += "};\n";
    out += exported + "al0::search::RuleChoiceFn<State> " + RULE_CHOICE_SYMBOL + " = " +
           (rules ? "rule_choice" : "nullptr") + ";\n";
    return out;
}

} // namespace

Expected<std::string> endgame_goal_source(const search::Program& program,
                                          const endgame::Roles& roles) {
    UnitBoard board{"a table of " + comment_text(roles.material) + " on the endgame domain",
                    {std::begin(ENDGAME_HEADERS), std::end(ENDGAME_HEADERS)},
                    "using al0::endgame::State;\nusing al0::endgame::StateBoard;\n",
                    endgame::Domain::traits.max_moves,
                    "\n// The roles of the material, a constant.\nconstexpr al0::endgame::Roles "
                    "ROLES{{}, " +
                        std::to_string(roles.count) + ", {",
                    "const State&",
                    "const StateBoard b(ROLES, s);",
                    "al0::endgame::NodeGoals",
                    "al0::endgame::GoalAfterMove",
                    "al0::endgame::play_move(ROLES, s, m)"};
    for (std::size_t r = 0; r < roles.piece.size(); ++r)
        board.constants +=
            (r ? ", " : "") + std::string("Piece(") + std::to_string(int(roles.piece[r])) + ")";
    board.constants += "}};\n";
    auto source = library_goal_source(program, board);
    if (!source) return source;
    return *source + endgame_fixed_searches(program, roles);
}

Expected<std::string> krk_library_goal_source(const search::Program& program) {
    const UnitBoard board{"a table of KRK on the KRK board",
                          {std::begin(KRK_LIBRARY_HEADERS), std::end(KRK_LIBRARY_HEADERS)},
                          "using State = al0::krk::KrkState;\nusing al0::krk::KrkBoard;\n",
                          krk::KrkDomain::traits.max_moves,
                          "",
                          "State",
                          "const KrkBoard b(s);",
                          "al0::krk::predicates::NodeGoals",
                          "al0::krk::moves::GoalAfterMove",
                          "al0::krk::moves::play(s, m)"};
    return library_goal_source(program, board);
}

} // namespace al0::codegen
