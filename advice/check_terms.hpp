#pragma once
// The half of the semantic check that resolves names: the material and its roles, definitions
// (measures, predicates, generators), and every goal, expression and move constraint against the
// vocabulary and the definitions made before. check.cpp checks the table's structure with it.

#include "advice/ast.hpp"
#include "advice/diagnostic.hpp"
#include "contract/vocabulary.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace al0::advice::detail {

class Reporter {
  public:
    explicit Reporter(std::string_view file) : file_(file) {}
    void error(ast::Location at, std::string m) { report(Diagnostic::Severity::error, at, m); }
    void warning(ast::Location at, std::string m) { report(Diagnostic::Severity::warning, at, m); }
    std::vector<Diagnostic>& diagnostics() { return diagnostics_; }

  private:
    void report(Diagnostic::Severity s, ast::Location at, std::string message) {
        diagnostics_.push_back({s, file_, at.line, at.column, std::move(message)});
    }
    std::string file_;
    std::vector<Diagnostic> diagnostics_;
};

// The values an integer expression can take.
struct Range {
    std::int64_t min = 0, max = 0;
};

class Terms {
  public:
    Terms(const contract::Vocabulary& vocabulary, Reporter& reporter);

    // Takes the table's material declarations; PRELUDE's (already checked) when it has none.
    void declare_material(const ast::Table& table, const ast::Table* prelude);
    // Checks DEFINITIONS in order; a prelude's definitions are taken without a report.
    void define(const std::vector<ast::Definition>& definitions, bool report);
    // Warns about each definition of the table that nothing uses.
    void report_unused();

    void check_goal(const ast::Goal& g);
    // LEFT_OF_AND: C is the left operand of an `and`, the one place a depth test belongs.
    void check_constraint(const ast::Constraint& c, contract::Side slot, bool left_of_and = false);

  private:
    struct Defined {
        const ast::Definition* definition = nullptr;
        int order = 0;
        bool used = false;
        bool reported = true; // a table's own definition: unused ones are warned about
        contract::Side side = contract::Side::both;
        Range range;
    };

    std::optional<Range> check_expr(const ast::Expr& e);
    std::optional<Range> check_call(const ast::Expr& e);
    void check_role(const ast::Expr& e);
    void check_roles(const std::vector<ast::Expr>& args, std::size_t arity, ast::Location at,
                     const std::string& what);
    void check_comparison(const ast::Goal& g);
    void check_generator(const ast::Constraint& c, contract::Side slot);
    // Returns the definition NAME refers to, after reporting a use before it or by itself.
    Defined* definition(const std::string& name, ast::Location at);
    bool is_role(const std::string& name) const;
    std::string kind_of(const std::string& name) const; // "a measure", "a role", ... or ""
    std::vector<std::string_view> names_of(ast::Definition::Kind kind,
                                           std::span<const std::string_view> primitives) const;
    void note_side(contract::Side s);

    const contract::Vocabulary& vocabulary_;
    Reporter& reporter_;
    std::string material_;
    std::vector<std::string> roles_;
    std::map<std::string, Defined, std::less<>> defined_;
    std::map<std::string, int, std::less<>> order_; // every definition's first position
    std::set<std::string, std::less<>> mentioned_;  // definitions named anywhere
    const Defined* current_ = nullptr;              // the definition being checked, if any
    int current_order_ = 1 << 30;
    int next_order_ = 0;
    std::vector<std::string> params_;
    contract::Side sides_seen_ = contract::Side::role; // role: none yet
};

} // namespace al0::advice::detail
