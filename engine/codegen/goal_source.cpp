#include "engine/codegen/goal_source.hpp"

#include "engine/krk/vocabulary.hpp"
#include "engine/search/node_shape.hpp"

#include <cctype>
#include <cstddef>
#include <string>
#include <vector>

namespace al0::codegen {

namespace {

// A goal of more nodes is interpreted: a definition used many times over expands into a tree
// far larger than its graph (goal_steps.hpp has the same bound's reason).
constexpr std::size_t MAX_GOAL_NODES = 4096;

// Appends goal G of PROGRAM as a C++ expression of `s` and `root` to OUT; returns false (OUT
// then unusable) when G is not predicates under not, and, or, or grows past BUDGET nodes.
bool append_goal(const search::Program& program, search::GoalId g, std::size_t& budget,
                 std::string& out) {
    if (g >= program.goal_nodes.size() || budget-- == 0) return false;
    const search::GoalNode& n = program.goal_nodes[g];
    switch (n.op) {
    case search::GoalOp::predicate:
        if (n.predicate >= krk::PREDICATE_NB) return false;
        out += "predicate_holds(" + std::to_string(n.predicate) + " /* " +
               std::string(krk::predicate_names[n.predicate]) + " */, s, root)";
        return true;
    case search::GoalOp::negation:
        out += "!(";
        if (!append_goal(program, n.lhs, budget, out)) return false;
        out += ")";
        return true;
    case search::GoalOp::conjunction:
    case search::GoalOp::disjunction:
        out += "(";
        if (!append_goal(program, n.lhs, budget, out)) return false;
        out += n.op == search::GoalOp::conjunction ? " && " : " || ";
        if (!append_goal(program, n.rhs, budget, out)) return false;
        out += ")";
        return true;
    case search::GoalOp::test:
    case search::GoalOp::compare:
        return false;
    }
    return false;
}

} // namespace

std::string comment_text(std::string name) {
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '?';
    return name;
}

std::string verdict(search::GoalVerdict v) { return std::to_string(int(v)); }

namespace {

// A deeper search is left to AdviceSearch: each depth is code of its own.
constexpr int MAX_FIXED_DEPTHS = 8;

// The generator of ADVICE at each depth below which its nodes may move, from a root with us to
// move (us at even depths), as AdviceSearch's generate takes them; or nothing when a
// depth's moves are not one primitive generator of the native library, the advice takes the
// shallowest tree, or its nodes may move at MAX_FIXED_DEPTHS plies.
std::optional<std::vector<int>> fixed_generators(const search::Program& program,
                                                 const search::CompiledAdvice& advice) {
    if (advice.shallowest) return std::nullopt;
    const search::ResolvedConstraint us(program, advice.us_moves), them(program, advice.them_moves);
    std::vector<int> generators;
    for (int depth = 0; depth < MAX_FIXED_DEPTHS; ++depth) {
        const search::ResolvedConstraint& c = depth % 2 == 0 ? us : them;
        if (!c.may_move(depth)) return generators;
        if (!c.primitive || c.primitive->uses_instance) return std::nullopt;
        const search::GeneratorNode* g = c.primitive_at(depth);
        generators.push_back(g ? g->id : -1);
    }
    return std::nullopt;
}

// The search of advice A compiled whole (search::FixedSearch), or nothing (fixed_generators).
std::optional<std::string> fixed_search(const search::Program& program, std::size_t a) {
    const auto generators = fixed_generators(program, program.advice[a]);
    if (!generators) return std::nullopt;
    const std::string index = std::to_string(a);
    std::string out = "\nbool search_" + index +
                      "(al0::search::FixedSearchCall<KrkState, al0::Move>& call) {\n"
                      "    return al0::search::FixedSearch<al0::krk::moves::FixedRules, advice_" +
                      index;
    for (const int g : *generators)
        out += ", " + std::to_string(g) + " /* " +
               (g < 0 ? "none" : std::string(krk::generator_names[std::size_t(g)].name)) + " */";
    return out + ">(call).run();\n}\n";
}

// The choice of PROGRAM's rule at a root (search::RuleChoiceFn) named rule_choice, or nothing
// when a condition is not predicates under not, and, or.
std::optional<std::string> rule_choice(const search::Program& program, std::size_t& budget) {
    std::string out = "\nint rule_choice(KrkState root) {\n    const KrkState s = root;\n";
    for (std::size_t r = 0; r < program.rules.size(); ++r) {
        out += "    if (";
        if (!append_goal(program, program.rules[r].condition, budget, out)) return std::nullopt;
        out +=
            ") return " + std::to_string(r) + "; // " + comment_text(program.rules[r].name) + "\n";
    }
    return out + "    return -1;\n}\n";
}

} // namespace

std::optional<std::string> krk_goal_source(const search::Program& program) {
    if (program.instances || program.advice.empty()) return std::nullopt;
    std::string out = "// Generated by al0 (engine/codegen/goal_source.cpp): the goals of each "
                      "advice of a KRK table.\n#include \"" +
                      std::string(PREDICATES_HEADER) + "\"\n#include \"" + MOVES_HEADER +
                      "\"\n#include \"" + FIXED_SEARCH_HEADER +
                      "\"\n\nnamespace {\n\nusing al0::krk::KrkState;\n"
                      "using al0::krk::predicates::predicate_holds;\n";
    std::size_t budget = MAX_GOAL_NODES;
    std::vector<std::optional<std::string>> searches; // of each advice, where compiled whole
    for (std::size_t a = 0; a < program.advice.size(); ++a) {
        const search::CompiledAdvice& advice = program.advice[a];
        // Why always inline: its search calls it at every node but the root.
        out += "\n// " + comment_text(advice.name) + "\n[[gnu::always_inline]] inline int advice_" +
               std::to_string(a) + "(KrkState s, KrkState root) {\n    if (!";
        if (!append_goal(program, advice.holding_goal, budget, out)) return std::nullopt;
        out += ") return " + verdict(search::GoalVerdict::fails) + ";\n    return ";
        if (!append_goal(program, advice.better_goal, budget, out)) return std::nullopt;
        out += " ? " + verdict(search::GoalVerdict::leaf) + " : " +
               verdict(search::GoalVerdict::inner) + ";\n}\n";
        searches.push_back(fixed_search(program, a));
        if (searches.back()) out += *searches.back();
    }
    const std::optional<std::string> rules = rule_choice(program, budget);
    if (rules) out += *rules;
    // Why extern "C" in the direct form: it gives the constants external linkage.
    const std::string exported = "extern \"C\" [[gnu::visibility(\"default\")]] const ";
    out += "\n} // namespace\n\n" + exported + "al0::krk::predicates::NodeGoals " +
           NODE_GOALS_SYMBOL + "[] = {";
    for (std::size_t a = 0; a < program.advice.size(); ++a)
        out += (a ? ", advice_" : "advice_") + std::to_string(a);
    out += "};\n" + exported + "al0::search::FixedSearchFn<KrkState, al0::Move> " +
           ADVICE_SEARCH_SYMBOL + "[] = {";
    for (std::size_t a = 0; a < program.advice.size(); ++a)
        out += (a ? ", " : "") + (searches[a] ? "search_" + std::to_string(a) : "nullptr");
    out += "};\n" + exported + "al0::search::RuleChoiceFn<KrkState> " + RULE_CHOICE_SYMBOL + " = " +
           (rules ? "rule_choice" : "nullptr") + ";\n";
    out += exported + "unsigned " + NODE_GOALS_COUNT_SYMBOL + " = " +
           std::to_string(program.advice.size()) + ";\n";
    return out;
}

std::string with_key(const std::string& source, const std::string& key) {
    return source + "extern \"C\" [[gnu::visibility(\"default\")]] const char " + KEY_SYMBOL +
           "[] = \"" + key + "\";\n";
}

} // namespace al0::codegen
