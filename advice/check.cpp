// The semantic check: names against the domain's vocabulary, advice definitions against their
// uses, and rule order.

#include "advice/check.hpp"

#include "advice/suggest.hpp"

#include <algorithm>
#include <map>
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

std::string_view side_name(Side s) { return s == Side::us ? "us" : "them"; }

class Checker {
  public:
    Checker(const advice::Vocabulary& v, std::string_view file) : vocabulary_(v), file_(file) {
        for (const auto& g : v.generators) generator_names_.push_back(g.name);
    }

    std::vector<Diagnostic> run(const ast::Table& t) {
        if (!over_limits(t)) {
            define_advice(t);
            for (const ast::Rule& r : t.rules) check_rule(r);
            check_rule_order(t);
            for (const ast::Advice& a : t.advice) check_advice(a, !t.rules.empty());
        }
        std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                         [](const auto& a, const auto& b) {
                             return std::pair(a.line, a.column) < std::pair(b.line, b.column);
                         });
        return std::move(diagnostics_);
    }

  private:
    void report(Diagnostic::Severity s, ast::Location at, std::string message) {
        diagnostics_.push_back({s, file_, at.line, at.column, std::move(message)});
    }
    void error(ast::Location at, std::string m) { report(Diagnostic::Severity::error, at, m); }
    void warning(ast::Location at, std::string m) { report(Diagnostic::Severity::warning, at, m); }

    // Returns whether the table has too many rules or pieces of advice, after reporting it.
    bool over_limits(const ast::Table& t) {
        if (t.rules.size() > max_rules)
            error(t.rules[max_rules].loc,
                  "too many rules: a table may have at most " + std::to_string(max_rules));
        if (t.advice.size() > max_advice)
            error(t.advice[max_advice].loc, "too many pieces of advice: a table may have at most " +
                                                std::to_string(max_advice));
        return !diagnostics_.empty();
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
        check_goal(r.condition);
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
        check_goal(a.better);
        check_goal(a.holding);
        check_constraint(a.us_moves, Side::us, false);
        check_constraint(a.them_moves, Side::them, false);
    }

    void check_goal(const Goal& g) {
        for (const Goal& operand : g.operands) check_goal(operand);
        if (g.kind != Goal::Kind::predicate || vocabulary_.predicate_id(g.name) >= 0) return;
        if (vocabulary_.generator_id(g.name) >= 0)
            error(g.loc, "'" + g.name + "' is a move generator, not a predicate");
        else
            error(g.loc, "unknown predicate '" + g.name + "' in domain " +
                             std::string(vocabulary_.domain) +
                             did_you_mean(g.name, vocabulary_.predicates));
    }

    // LEFT_OF_AND: C is the left operand of an `and`, the one place a depth test belongs.
    void check_constraint(const Constraint& c, Side slot, bool left_of_and) {
        switch (c.kind) {
        case Constraint::Kind::and_:
            check_constraint(c.left(), slot, true);
            check_constraint(c.right(), slot, false);
            break;
        case Constraint::Kind::then:
            check_constraint(c.left(), slot, false);
            check_constraint(c.right(), slot, false);
            break;
        case Constraint::Kind::depth_test:
            if (!left_of_and)
                warning(c.loc, "a depth test only filters and generates no moves: make it the "
                               "left operand of 'and', as in (depth < 3) and legal");
            break;
        case Constraint::Kind::generator:
            check_generator(c, slot);
            break;
        }
    }

    void check_generator(const Constraint& c, Side slot) {
        int id = vocabulary_.generator_id(c.name);
        if (id < 0) {
            if (vocabulary_.predicate_id(c.name) >= 0)
                error(c.loc, "'" + c.name + "' is a predicate, not a move generator");
            else
                error(c.loc, "unknown move generator '" + c.name + "' in domain " +
                                 std::string(vocabulary_.domain) +
                                 did_you_mean(c.name, generator_names_));
            return;
        }
        Side moves = vocabulary_.generators[std::size_t(id)].side;
        if (moves != Side::both && moves != slot)
            error(c.loc, "move generator '" + c.name + "' moves " + std::string(side_name(moves)) +
                             ", but this is the " + std::string(side_name(slot)) +
                             "-moves constraint");
    }

    const advice::Vocabulary& vocabulary_;
    std::string file_;
    std::vector<std::string_view> generator_names_;
    std::map<std::string, const ast::Advice*, std::less<>> defined_;
    std::vector<std::string_view> advice_names_;
    std::set<std::string, std::less<>> used_;
    std::vector<Diagnostic> diagnostics_;
};

} // namespace

std::vector<Diagnostic> check(const ast::Table& table, const advice::Vocabulary& vocabulary,
                              std::string_view filename) {
    return Checker(vocabulary, filename).run(table);
}

} // namespace al0::advice
