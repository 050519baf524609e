// The grammar: precedence and associativity (docs/LANGUAGE.md §2-6), depth tests, comments,
// locations.

#include "advice/parse.hpp"
#include "advice/print.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_advice_parse {

namespace {

using namespace al0::advice;
using ast::Constraint;
using ast::Goal;

std::string shape(const ast::Expr& e) {
    switch (e.kind) {
    case ast::Expr::Kind::number:
        return std::to_string(e.number);
    case ast::Expr::Kind::call: {
        std::string out = e.name;
        for (const ast::Expr& a : e.operands) out += (&a == &e.operands[0] ? "(" : " ") + shape(a);
        return e.operands.empty() ? out : out + ")";
    }
    case ast::Expr::Kind::neg:
        return "(- " + shape(e.left()) + ")";
    case ast::Expr::Kind::add:
    case ast::Expr::Kind::sub:
    case ast::Expr::Kind::mul: {
        const char* op = e.kind == ast::Expr::Kind::add   ? "+"
                         : e.kind == ast::Expr::Kind::sub ? "-"
                                                          : "*";
        return std::string("(") + op + " " + shape(e.left()) + " " + shape(e.right()) + ")";
    }
    }
    return "?";
}

// Returns the goal or constraint as a fully parenthesised S-expression, to compare shapes.
std::string shape(const Goal& g) {
    switch (g.kind) {
    case Goal::Kind::predicate: {
        std::string out = g.name;
        for (const ast::Expr& a : g.args) out += (&a == &g.args[0] ? "(" : " ") + shape(a);
        return g.args.empty() ? out : out + ")";
    }
    case Goal::Kind::compare:
        return "(" + std::string(ast::compare_op_text(g.compare)) + " " + shape(g.args.at(0)) +
               " " + shape(g.args.at(1)) + ")";
    case Goal::Kind::not_:
        return "(not " + shape(g.operand()) + ")";
    case Goal::Kind::and_:
        return "(and " + shape(g.left()) + " " + shape(g.right()) + ")";
    case Goal::Kind::or_:
        return "(or " + shape(g.left()) + " " + shape(g.right()) + ")";
    }
    return "?";
}

std::string shape(const Constraint& c) {
    switch (c.kind) {
    case Constraint::Kind::generator: {
        std::string out = c.name;
        for (const ast::Expr& a : c.args) out += (&a == &c.args[0] ? "(" : " ") + shape(a);
        return c.args.empty() ? out : out + ")";
    }
    case Constraint::Kind::filter:
        return "(filter " + shape(c.left()) + " " + shape(c.goals.at(0)) + ")";
    case Constraint::Kind::order:
        return "(by " + shape(c.left()) + " " + shape(c.args.at(0)) + ")";
    case Constraint::Kind::depth_test:
        return "(depth " + std::string(ast::depth_op_text(c.depth_op)) + " " +
               std::to_string(c.depth) + ")";
    case Constraint::Kind::and_:
        return "(and " + shape(c.left()) + " " + shape(c.right()) + ")";
    case Constraint::Kind::then:
        return "(then " + shape(c.left()) + " " + shape(c.right()) + ")";
    }
    return "?";
}

ast::Table parse_ok(const std::string& text) {
    ParseResult r = parse(text, "t.al0");
    INFO(text);
    for (const auto& d : r.diagnostics) INFO(d.message);
    REQUIRE(r.table);
    REQUIRE(r.diagnostics.empty());
    return *r.table;
}

std::string goal_shape(const std::string& goal) {
    return shape(parse_ok("r :: if " + goal + " then [a].").rules.at(0).condition);
}

std::string constraint_shape(const std::string& constraint) {
    return shape(parse_ok("advice(a, x : y : " + constraint + " : nomove).").advice.at(0).us_moves);
}

} // namespace

TEST_CASE("Goal operators bind not, then and, then or, and chain to the right", "[advice][parse]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"a and b or c", "(or (and a b) c)"},
        {"a or b and c", "(or a (and b c))"},
        {"not a and b", "(and (not a) b)"},
        {"not a or not b", "(or (not a) (not b))"},
        {"a and b and c", "(and a (and b c))"},
        {"a or b or c", "(or a (or b c))"},
        {"(a and b) and c", "(and (and a b) c)"},
        {"not (a or b)", "(not (or a b))"},
        {"not not a", "(not (not a))"},
        {"((a))", "a"},
        {"notable and order", "(and notable order)"},
    }));
    INFO(text);
    CHECK(goal_shape(text) == expected);
}

TEST_CASE("Move constraints bind and tighter than then, and both chain to the right",
          "[advice][parse]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"(depth = 0) and legal then (depth = 2) and checkmove",
         "(then (and (depth = 0) legal) (and (depth = 2) checkmove))"},
        {"a then b then c", "(then a (then b c))"},
        {"(a then b) then c", "(then (then a b) c)"},
        {"(depth < 3) and (depth > 0) and legal", "(and (depth < 3) (and (depth > 0) legal))"},
        {"depth = 0 and legal", "(and (depth = 0) legal)"},
        {"(depth =< 4) and legal", "(and (depth =< 4) legal)"},
        {"(depth >= 1) and legal", "(and (depth >= 1) legal)"},
        {"(depth > 12) and legal", "(and (depth > 12) legal)"},
        {"depthfirst", "depthfirst"},
    }));
    INFO(text);
    CHECK(constraint_shape(text) == expected);
}

TEST_CASE("Comments and line breaks may stand anywhere between tokens", "[advice][parse]") {
    ast::Table t =
        parse_ok("% a comment\nr /* here */ ::\n if\ta % there\n and /* and\n here */ b\n"
                 "then\n[\nx\n,\ny\n]\n.\r\n");
    REQUIRE(t.rules.size() == 1);
    CHECK(shape(t.rules[0].condition) == "(and a b)");
    REQUIRE(t.rules[0].advice.size() == 2);
    CHECK(t.rules[0].advice[1].name == "y");
}

TEST_CASE("Every node carries the line and column where it starts", "[advice][parse]") {
    ast::Table t = parse_ok("r :: if a and not b\n  then [x].\n"
                            "advice(x, a : b :\n  (depth = 1) and c : d).");
    const ast::Rule& r = t.rules.at(0);
    CHECK(std::pair(r.loc.line, r.loc.column) == std::pair(1, 1));
    CHECK(r.condition.loc.column == 9);          // "a and ..." starts at its left operand
    CHECK(r.condition.right().loc.column == 15); // "not b"
    CHECK(r.condition.right().operand().loc.column == 19);
    CHECK(std::pair(r.advice.at(0).loc.line, r.advice.at(0).loc.column) == std::pair(2, 9));
    const ast::Advice& a = t.advice.at(0);
    CHECK(std::pair(a.loc.line, a.loc.column) == std::pair(3, 1));
    CHECK(std::pair(a.us_moves.loc.line, a.us_moves.loc.column) == std::pair(4, 3));
    CHECK(a.us_moves.left().loc.column == 4); // inside the parentheses
    CHECK(a.us_moves.right().loc.column == 19);
    CHECK(a.them_moves.loc.column == 23);
}

TEST_CASE("Rules and pieces of advice keep file order even when interleaved", "[advice][parse]") {
    ast::Table t = parse_ok("advice(p, a : b : c : d).\nr1 :: if a then [p].\n"
                            "advice(q, a : b : c : d).\nr2 :: if true then [q].");
    REQUIRE(t.rules.size() == 2);
    CHECK(t.rules[0].name == "r1");
    CHECK(t.rules[1].name == "r2");
    REQUIRE(t.advice.size() == 2);
    CHECK(t.advice[0].name == "p");
    CHECK(t.advice[1].name == "q");
}

TEST_CASE("Expressions up to the nesting limit parse; one level more is refused",
          "[advice][parse]") {
    auto nested = [](int levels) {
        return "r :: if " + std::string(std::size_t(levels), '(') + "a" +
               std::string(std::size_t(levels), ')') + " then [x].";
    };
    CHECK(parse(nested(max_nesting), "t").table);
    ParseResult deeper = parse(nested(max_nesting + 1), "t");
    CHECK_FALSE(deeper.table);
    REQUIRE(deeper.diagnostics.size() == 1);
    CHECK_THAT(deeper.diagnostics[0].message, Catch::Contains("levels deep"));
}

TEST_CASE("Advice takes the option shallowest after its them-moves; another word is an error "
          "that names the option",
          "[advice][parse]") {
    CHECK_FALSE(parse_ok("advice(a, x : y : legal : nomove).").advice.at(0).shallowest);
    const ast::Table t =
        parse_ok("advice(a, x : y : (depth < 5) and legal : legal , shallowest ).");
    CHECK(t.advice.at(0).shallowest);
    CHECK(shape(t.advice.at(0).them_moves) == "legal");
    const ParseResult wrong = parse("advice(a, x : y : legal : nomove, shalowest).", "t.al0");
    CHECK_FALSE(wrong.table);
    REQUIRE(wrong.diagnostics.size() == 1);
    CHECK(wrong.diagnostics[0].message ==
          "expected an advice option after ',' (shallowest), found 'shalowest'");
    CHECK(wrong.diagnostics[0].column == 35);
    const ParseResult missing = parse("advice(a, x : y : legal : nomove, ).", "t.al0");
    REQUIRE(missing.diagnostics.size() == 1);
    CHECK_THAT(missing.diagnostics[0].message, Catch::Contains("an advice option"));
}

TEST_CASE("A material takes the option symmetric, printed back as written; another word is an "
          "error that names the option",
          "[advice][parse]") {
    CHECK_FALSE(parse_ok("material KQK.").materials.at(0).symmetric);
    const ast::Table t = parse_ok("material KBNK , symmetric .");
    CHECK(t.materials.at(0).name == "KBNK");
    CHECK(t.materials.at(0).symmetric);
    CHECK(print(t) == "material KBNK, symmetric.\n");
    CHECK(parse_ok(print(t)) == t);
    CHECK_FALSE(parse_ok("material KBNK.") == t);
    const ParseResult wrong = parse("material KQK, symetric.", "t.al0");
    CHECK_FALSE(wrong.table);
    REQUIRE(wrong.diagnostics.size() == 1);
    CHECK(wrong.diagnostics[0].message ==
          "expected a material option after ',' (symmetric), found 'symetric'");
}

TEST_CASE("Keywords are not names", "[advice][parse]") {
    for (const char* word : {"if", "then", "and", "or", "not"}) {
        INFO(word);
        CHECK_FALSE(parse("r :: if " + std::string(word) + " then [x].", "t").table);
    }
    CHECK(parse_ok("advice :: if true then [x].").rules.at(0).name == "advice");
}

TEST_CASE("Parsing stops after twenty errors and says so", "[advice][parse]") {
    std::string text;
    for (int i = 0; i < 30; ++i) text += "r :: if a : [x].\n";
    ParseResult r = parse(text, "t");
    REQUIRE(r.diagnostics.size() == 21);
    CHECK(r.diagnostics.back().message == "too many errors; stopped here");
    CHECK(r.diagnostics.back().line == 21);
}

TEST_CASE("Integer expressions: * binds tighter than + and -, both left-associative; comparisons "
          "are goals",
          "[advice][parse][language]") {
    CHECK(goal_shape("a - b - c * d < 2") == "(< (- (- a b) (* c d)) 2)");
    CHECK(goal_shape("-(a + 1) =:= f(x, y)") == "(=:= (- (+ a 1)) f(x y))");
    CHECK(goal_shape("not room >= root(room) and (b =\\= 3 or c)") ==
          "(and (not (>= room root(room))) (or (=\\= b 3) c))");
    CHECK(goal_shape("(a + b) * 2 > c") == "(> (* (+ a b) 2) c)");
    CHECK(goal_shape("between(file(x), 2, 3)") == "between(file(x) 2 3)");
}

TEST_CASE("by orders a generator and binds tighter than and; filter takes a constraint and a "
          "goal",
          "[advice][parse][language]") {
    CHECK(constraint_shape("(depth = 0) and moves(our_rook) by box(our_rook, k)") ==
          "(and (depth = 0) (by moves(our_rook) box(our_rook k)))");
    CHECK(constraint_shape("filter(legal then nomove, a < 2 and b) by x by y") ==
          "(by (by (filter (then legal nomove) (and (< a 2) b)) x) y)");
}

TEST_CASE("A material declaration and definitions of measures, predicates and generators parse "
          "in file order",
          "[advice][parse][language]") {
    ast::Table t = parse_ok("material KRK.\nmeasure room := box(our_rook, their_king).\n"
                            "near(a, b) :- distance(a, b) =< 2.\n"
                            "generator g := moves(our_king) by room.\n"
                            "main :: if near(our_king, their_king) then [x].\n");
    REQUIRE(t.materials.size() == 1);
    CHECK(t.materials[0].name == "KRK");
    REQUIRE(t.definitions.size() == 3);
    CHECK(t.definitions[0].kind == ast::Definition::Kind::measure);
    CHECK(shape(t.definitions[0].measure) == "box(our_rook their_king)");
    CHECK(t.definitions[1].kind == ast::Definition::Kind::predicate);
    CHECK(t.definitions[1].params == std::vector<std::string>{"a", "b"});
    CHECK(shape(t.definitions[1].predicate) == "(=< distance(a b) 2)");
    CHECK(t.definitions[2].kind == ast::Definition::Kind::generator);
    CHECK(t.definitions[2].loc.line == 4);
    CHECK(shape(t.rules.at(0).condition) == "near(our_king their_king)");
}

} // namespace test_advice_parse
