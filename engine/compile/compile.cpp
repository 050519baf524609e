#include "engine/compile/compile.hpp"

namespace al0::search {

namespace {

namespace ast = advice::ast;

class Compiler {
  public:
    Compiler(Program& program, const advice::Vocabulary& vocabulary)
        : program_(program), vocabulary_(vocabulary) {}

    std::uint16_t goal(const ast::Goal& g) {
        switch (g.kind) {
        case ast::Goal::Kind::predicate: {
            int id = vocabulary_.predicate_id(g.name);
            if (id < 0) unknown("predicate", g.name);
            return program_.predicate(std::uint8_t(id < 0 ? 0 : id));
        }
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
    // every alternative of its left side with every one of its right side (left first).
    std::vector<Conjunction> constraint(const ast::Constraint& c) {
        switch (c.kind) {
        case ast::Constraint::Kind::generator: {
            int id = vocabulary_.generator_id(c.name);
            if (id < 0) unknown("generator", c.name);
            return {Conjunction{{}, {std::uint8_t(id < 0 ? 0 : id)}}};
        }
        case ast::Constraint::Kind::depth_test:
            return {Conjunction{{DepthTest{DepthOp(c.depth_op), std::uint16_t(c.depth)}}, {}}};
        case ast::Constraint::Kind::then: {
            auto alts = constraint(c.left());
            for (auto& a : constraint(c.right())) alts.push_back(std::move(a));
            return alts;
        }
        case ast::Constraint::Kind::and_: {
            std::vector<Conjunction> out;
            auto right = constraint(c.right());
            for (const auto& l : constraint(c.left()))
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
    void unknown(const char* what, const std::string& name) {
        if (error.empty()) error = std::string("unknown ") + what + " '" + name + "'";
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
            cr.advice.push_back(std::uint16_t(index));
        }
        program.rules.push_back(std::move(cr));
    }
    if (!c.error.empty()) return Error{c.error};
    return program;
}

} // namespace al0::search
