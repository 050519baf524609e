// The semantic check: names against the domain's vocabulary, advice definitions against their
// uses, and rule order.

#include "advice/check.hpp"

#include "advice/check_shared.hpp"
#include "advice/check_terms.hpp"
#include "advice/suggest.hpp"
#include "advice/written_size.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace al0::advice {
namespace {

using ast::Constraint;
using ast::Goal;

enum class Truth { varies, always, never };

// Returns whether G holds in every position, in none, or varies (only `true` is known).
Truth truth(const Goal& g) {
    switch (g.kind) {
    case Goal::Kind::predicate:
        return g.name == "true" ? Truth::always : Truth::varies;
    case Goal::Kind::compare:
        return Truth::varies;
    case Goal::Kind::not_: {
        Truth t = truth(g.operand());
        return t == Truth::always ? Truth::never : t == Truth::never ? Truth::always : t;
    }
    case Goal::Kind::and_:
    case Goal::Kind::or_: {
        Truth dominant = g.kind == Goal::Kind::and_ ? Truth::never : Truth::always;
        Truth l = truth(g.left()), r = truth(g.right());
        if (l == dominant || r == dominant) return dominant;
        return l == r ? l : Truth::varies;
    }
    }
    return Truth::varies;
}

// Returns how many `then` alternatives C compiles to (see engine/compile), or more than
// max_alternatives when it is over the limit.
std::size_t alternatives(const Constraint& c) {
    switch (c.kind) {
    case Constraint::Kind::generator:
    case Constraint::Kind::depth_test:
        return 1;
    case Constraint::Kind::then:
        return std::min(alternatives(c.left()) + alternatives(c.right()), max_alternatives + 1);
    case Constraint::Kind::and_:
        return std::min(alternatives(c.left()) * alternatives(c.right()), max_alternatives + 1);
    case Constraint::Kind::filter: // one generator of the moves of its inner constraint
    case Constraint::Kind::order:
        return 1;
    }
    return 1;
}

// Returns whether every alternative of C that generates moves has a depth test that allows no
// move deeper than the search goes (depth = N, < N or =< N, with N at most MAX_SEARCH_DEPTH)
// or a generator of no moves. A filter or an order is bounded where its inner constraint is (it
// is generated at the same depth); a defined generator counts as unbounded.
bool depth_bounded(const Constraint& c, const contract::Vocabulary& vocabulary) {
    switch (c.kind) {
    case Constraint::Kind::generator: {
        const int id = vocabulary.generator_id(c.name);
        return id >= 0 && !vocabulary.generators[std::size_t(id)].generates;
    }
    case Constraint::Kind::depth_test: {
        const bool upper = c.depth_op == ast::DepthOp::eq || c.depth_op == ast::DepthOp::lt ||
                           c.depth_op == ast::DepthOp::le;
        const int deepest = c.depth_op == ast::DepthOp::lt ? c.depth - 1 : c.depth;
        return upper && deepest <= max_search_depth;
    }
    case Constraint::Kind::then:
        return depth_bounded(c.left(), vocabulary) && depth_bounded(c.right(), vocabulary);
    case Constraint::Kind::and_:
        return depth_bounded(c.left(), vocabulary) || depth_bounded(c.right(), vocabulary);
    case Constraint::Kind::filter:
    case Constraint::Kind::order:
        return depth_bounded(c.left(), vocabulary);
    }
    return false;
}

class Checker {
  public:
    Checker(const contract::Vocabulary& v, std::string_view file, bool library)
        : vocabulary_(v), reporter_(file), terms_(v, reporter_), library_(library) {}

    std::vector<Diagnostic> run(const ast::Table& t, const ast::Table* prelude) {
        if (!over_limits(t)) {
            terms_.declare_material(t, prelude);
            if (prelude) terms_.define(prelude->definitions, false);
            terms_.define(t.definitions, true);
            define_advice(t);
            for (const ast::Rule& r : t.rules) check_rule(r);
            if (!library_) check_rule_order(t);
            for (const ast::Advice& a : t.advice) check_advice(a, !t.rules.empty());
            if (!library_) terms_.report_unused();
            check_written_sizes(t, prelude);
        }
        auto& diagnostics = reporter_.diagnostics();
        std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const auto& a, const auto& b) {
            return std::pair(a.line, a.column) < std::pair(b.line, b.column);
        });
        return std::move(diagnostics);
    }

  private:
    void error(ast::Location at, std::string m) { reporter_.error(at, std::move(m)); }
    void warning(ast::Location at, std::string m) { reporter_.warning(at, std::move(m)); }
    // Returns whether the table has too many rules or pieces of advice, after reporting it.
    bool over_limits(const ast::Table& t) {
        if (t.rules.size() > max_rules)
            error(t.rules[max_rules].loc,
                  "too many rules: a table may have at most " + std::to_string(max_rules));
        if (t.advice.size() > max_advice)
            error(t.advice[max_advice].loc, "too many pieces of advice: a table may have at most " +
                                                std::to_string(max_advice));
        return !reporter_.diagnostics().empty();
    }

    void define_advice(const ast::Table& t) {
        for (const ast::Advice& a : t.advice) {
            auto [it, fresh] = defined_.try_emplace(a.name, &a);
            if (fresh) {
                advice_names_.push_back(a.name);
            } else {
                error(a.loc, "advice '" + a.name + "' is defined twice (first at line " +
                                 std::to_string(it->second->loc.line) + ")");
            }
        }
    }

    void check_rule(const ast::Rule& r) {
        terms_.check_goal(r.condition);
        std::set<std::string_view> listed;
        for (const ast::AdviceRef& ref : r.advice) {
            if (!defined_.contains(ref.name))
                error(ref.loc, "advice '" + ref.name + "' is not defined" +
                                   did_you_mean(ref.name, advice_names_));
            if (!listed.insert(ref.name).second)
                warning(ref.loc, "advice '" + ref.name + "' is listed twice in rule '" + r.name +
                                     "'; the second try fails where the first did");
            used_.insert(ref.name);
        }
    }

    void check_rule_order(const ast::Table& t) {
        if (t.rules.empty()) {
            ast::Location at = t.advice.empty() ? ast::Location{1, 1} : t.advice.front().loc;
            error(at, "the table has no rules: add one such as 'main :: if true then [advice].'");
            return;
        }
        const ast::Rule* catch_all = nullptr;
        for (const ast::Rule& r : t.rules) {
            Truth condition = truth(r.condition);
            if (catch_all) {
                warning(r.loc, "rule '" + r.name + "' can never apply: rule '" + catch_all->name +
                                   "' (line " + std::to_string(catch_all->loc.line) +
                                   ") always applies first");
            } else if (condition == Truth::never) {
                warning(r.loc,
                        "rule '" + r.name + "' can never apply: its condition is always false");
            }
            if (condition == Truth::always && !catch_all) catch_all = &r;
        }
        if (!catch_all)
            warning(t.rules.back().loc,
                    "no rule always applies: where no condition holds the table gives no advice "
                    "(end with a rule such as 'else_rule :: if true then [...]')");
    }

    // RULES_EXIST: without rules every piece of advice is unused, and one error says so.
    void check_advice(const ast::Advice& a, bool rules_exist) {
        if (rules_exist && !used_.contains(a.name))
            warning(a.loc, "advice '" + a.name + "' is defined but no rule uses it");
        terms_.check_goal(a.better);
        terms_.check_goal(a.holding);
        terms_.check_constraint(a.us_moves, contract::Side::us);
        terms_.check_constraint(a.them_moves, contract::Side::them);
        for (const Constraint* c : {&a.us_moves, &a.them_moves})
            if (alternatives(*c) > max_alternatives)
                error(c->loc, "this move constraint has more than " +
                                  std::to_string(max_alternatives) +
                                  " alternatives once 'and' pairs its 'then' parts");
        // Why one bounded side is enough: the sides alternate, so where one has no move the
        // line ends.
        if (vocabulary_.max_line_plies == 0 && !depth_bounded(a.us_moves, vocabulary_) &&
            !depth_bounded(a.them_moves, vocabulary_))
            warning(a.loc, "advice '" + a.name + "' has no depth bound on its moves within " +
                               std::to_string(max_search_depth) +
                               " plies, where every search stops (add one, as in (depth < 5) "
                               "and legal)");
    }

    // Refuses what would be too large or too deep once its definitions are written out
    // (written_size.hpp): the first such definition of the table, else each such rule
    // condition, goal and move constraint of advice (but one already refused for its
    // alternatives). One error for a chain of definitions that each double or deepen the last.
    void check_written_sizes(const ast::Table& t, const ast::Table* prelude) {
        std::vector<const ast::Definition*> definitions;
        for (const ast::Table* table : {prelude, &t})
            if (table)
                for (const ast::Definition& d : table->definitions) definitions.push_back(&d);
        WrittenSize sizes(definitions);
        for (const ast::Definition& d : t.definitions)
            if (auto why = too_large(sizes.of(d))) {
                error(d.loc, detail::kind_name(d.kind) + " '" + d.name + "' " + *why);
                return;
            }
        for (const ast::Rule& r : t.rules)
            if (auto why = too_large(sizes.of(r.condition)))
                error(r.condition.loc, "the condition of rule '" + r.name + "' " + *why);
        for (const ast::Advice& a : t.advice) {
            for (const ast::Goal* g : {&a.better, &a.holding})
                if (auto why = too_large(sizes.of(*g)))
                    error(g->loc, "this goal of advice '" + a.name + "' " + *why);
            for (const Constraint* c : {&a.us_moves, &a.them_moves})
                if (alternatives(*c) <= max_alternatives)
                    if (auto why = too_large(sizes.of(*c)))
                        error(c->loc, "this move constraint of advice '" + a.name + "' " + *why);
        }
    }

    // Returns the end of the message for what is over a written-out limit, if it is.
    static std::optional<std::string> too_large(Written w) {
        if (w.size > max_written_size)
            return "is more than " + std::to_string(max_written_size) +
                   " operations once the definitions it uses are written out (each use of a "
                   "definition is evaluated anew at every position, so a definition that uses "
                   "another twice costs it twice)";
        if (w.depth > max_written_depth)
            return "nests more than " + std::to_string(max_written_depth) +
                   " levels deep once the definitions it uses are written out (each operand one "
                   "level below its operator, a definition's body one below its use)";
        return std::nullopt;
    }

    const contract::Vocabulary& vocabulary_;
    detail::Reporter reporter_;
    detail::Terms terms_;
    bool library_;
    std::map<std::string, const ast::Advice*, std::less<>> defined_;
    std::vector<std::string_view> advice_names_;
    std::set<std::string, std::less<>> used_;
};

} // namespace

std::vector<Diagnostic> check(const ast::Table& table, const contract::Vocabulary& vocabulary,
                              std::string_view filename, const ast::Table* prelude) {
    return Checker(vocabulary, filename, false).run(table, prelude);
}

std::vector<Diagnostic> check_library(const ast::Table& library,
                                      const contract::Vocabulary& vocabulary,
                                      std::string_view filename) {
    return Checker(vocabulary, filename, true).run(library, nullptr);
}

} // namespace al0::advice
