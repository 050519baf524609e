#include "engine/compile/compile.hpp"

#include "advice/check.hpp"
#include "engine/search/limits.hpp"

#include <limits>

namespace al0::search {

// Why here: this is the one target that sees both the checker and the search core.
static_assert(advice::max_search_depth == MAX_SEARCH_DEPTH,
              "the checker's depth warning must name the search's own bound");

namespace {

namespace ast = advice::ast;

class Compiler {
  public:
    Compiler(Program& program, const advice::Vocabulary& vocabulary)
        : program_(program), vocabulary_(vocabulary) {}

    GoalId goal(const ast::Goal& g) {
        // Why: a GoalId must hold the index of every node; past that a table would wrap.
        if (program_.goal_nodes.size() >= std::numeric_limits<GoalId>::max()) {
            refuse(g.loc, "the table has more goal nodes than a compiled table can hold (" +
                              std::to_string(std::numeric_limits<GoalId>::max()) + ")");
            return 0;
        }
        switch (g.kind) {
        case ast::Goal::Kind::predicate:
            return program_.predicate(
                id_of(g.loc, "predicate", g.name, vocabulary_.predicate_id(g.name)));
        case ast::Goal::Kind::not_:
            return program_.negation(goal(g.operand()));
        case ast::Goal::Kind::and_: {
            auto l = goal(g.left());
            return program_.conjunction(l, goal(g.right()));
        }
        case ast::Goal::Kind::or_: {
            auto l = goal(g.left());
            return program_.disjunction(l, goal(g.right()));
        }
        }
        return 0;
    }

    // Returns the `then` alternatives of a constraint: `then` concatenates them, `and` pairs
    // every alternative of its left side with every one of its right side (left first). At most
    // max_alternatives, as the checker counts them.
    std::vector<Conjunction> constraint(const ast::Constraint& c) {
        switch (c.kind) {
        case ast::Constraint::Kind::generator:
            return {Conjunction{
                {}, {id_of(c.loc, "generator", c.name, vocabulary_.generator_id(c.name))}}};
        case ast::Constraint::Kind::depth_test:
            // Why the check: DepthTest::n is the parser's int, so this holds; a wider number
            // type in the grammar must not narrow silently here.
            if (c.depth < 0) refuse(c.loc, "a depth bound must be 0 or more");
            return {Conjunction{{DepthTest{DepthOp(c.depth_op), std::int32_t(c.depth)}}, {}}};
        case ast::Constraint::Kind::then: {
            auto alts = constraint(c.left());
            auto right = constraint(c.right());
            if (alts.size() + right.size() > advice::max_alternatives) {
                refuse(c.loc, "this move constraint has more than " +
                                  std::to_string(advice::max_alternatives) + " alternatives");
                return {};
            }
            for (auto& a : right) alts.push_back(std::move(a));
            return alts;
        }
        case ast::Constraint::Kind::and_: {
            std::vector<Conjunction> out;
            auto right = constraint(c.right());
            auto left = constraint(c.left());
            // The checker reports this with the table's other errors; here it stops the product
            // before it is built.
            if (left.size() * right.size() > advice::max_alternatives) {
                refuse(c.loc, "this move constraint has more than " +
                                  std::to_string(advice::max_alternatives) + " alternatives");
                return {};
            }
            for (const auto& l : left)
                for (const auto& r : right) {
                    Conjunction both = l;
                    both.depth_tests.insert(both.depth_tests.end(), r.depth_tests.begin(),
                                            r.depth_tests.end());
                    both.generators.insert(both.generators.end(), r.generators.begin(),
                                           r.generators.end());
                    out.push_back(std::move(both));
                }
            return out;
        }
        }
        return {};
    }

    std::string error;

  private:
    // Returns the id a vocabulary gave a name, or 0 after refusing an unknown name or an id that
    // does not fit the 8 bits a compiled table keeps.
    std::uint8_t id_of(ast::Location at, const char* what, const std::string& name, int id) {
        if (id < 0)
            refuse(at, std::string("unknown ") + what + " '" + name + "'");
        else if (id > std::numeric_limits<std::uint8_t>::max())
            refuse(at, std::string(what) + " '" + name + "' has id " + std::to_string(id) +
                           ", more than a compiled table holds");
        return std::uint8_t(id < 0 || id > std::numeric_limits<std::uint8_t>::max() ? 0 : id);
    }
    void refuse(ast::Location at, const std::string& message) {
        if (error.empty())
            error = "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) +
                    ": " + message;
    }

    Program& program_;
    const advice::Vocabulary& vocabulary_;
};

} // namespace

Expected<Program> compile(const advice::ast::Table& table, const advice::Vocabulary& vocabulary) {
    Program program;
    Compiler c(program, vocabulary);
    for (const auto& a : table.advice) {
        CompiledAdvice ca;
        ca.name = a.name;
        ca.better_goal = c.goal(a.better);
        ca.holding_goal = c.goal(a.holding);
        ca.us_moves.alternatives = c.constraint(a.us_moves);
        ca.them_moves.alternatives = c.constraint(a.them_moves);
        program.advice.push_back(std::move(ca));
    }
    for (const auto& r : table.rules) {
        CompiledRule cr;
        cr.name = r.name;
        cr.condition = c.goal(r.condition);
        for (const auto& ref : r.advice) {
            int index = program.advice_index(ref.name);
            if (index < 0)
                return Error{"rule " + r.name + " names undefined advice '" + ref.name + "'"};
            if (index > std::numeric_limits<std::uint16_t>::max())
                return Error{"rule " + r.name + " names advice number " + std::to_string(index) +
                             ", more than a compiled table holds"};
            cr.advice.push_back(std::uint16_t(index));
        }
        program.rules.push_back(std::move(cr));
    }
    if (!c.error.empty()) return Error{c.error};
    return program;
}

} // namespace al0::search
