#pragma once
// The AL0 grammar (docs/LANGUAGE.md §2-6) in Spirit X3. Only grammar.cpp includes this file.
//
// Precedence, tightest first: not, and, or (goals); and, then (move constraints). Binary
// operators are right-associative and built by right recursion, every level of which passes
// through nest[]; the arithmetic operators and `by` are left-associative chains, each operator
// of which passes through link[]: so the height of every tree is bounded. After each keyword or
// separator the grammar expects (>) a named rule: a failure there names what was expected, and the
// names of grammar_rules.hpp are the wording of the messages ("expected <name>, found ...").

#include "advice/ast.hpp"
#include "advice/ast_adapted.hpp"
#include "advice/directives.hpp"
#include "advice/error_handler.hpp"
#include "advice/grammar.hpp"
#include "advice/grammar_rules.hpp"

#include <boost/spirit/home/x3.hpp>

#include <utility>

namespace al0::advice::parser {

namespace x3 = boost::spirit::x3;
using x3::ascii::alnum;
using x3::ascii::lower;

// ---------------------------------------------------------------------------------------------
// Grammar.

// Returns a parser of WORD as a whole word, not the start of a longer name.
inline auto keyword(const char* word) { return x3::lexeme[x3::lit(word) >> !(alnum | '_')]; }

const x3::symbols<> reserved_words({"if", "then", "and", "or", "not", "by"}, "a reserved word");
const x3::symbols<ast::DepthOp> depth_ops({{"=", ast::DepthOp::eq},
                                           {"<", ast::DepthOp::lt},
                                           {"=<", ast::DepthOp::le},
                                           {">", ast::DepthOp::gt},
                                           {">=", ast::DepthOp::ge}},
                                          "a comparison");
const x3::symbols<ast::CompareOp> compare_ops({{"=:=", ast::CompareOp::eq},
                                               {"=\\=", ast::CompareOp::ne},
                                               {"<", ast::CompareOp::lt},
                                               {"=<", ast::CompareOp::le},
                                               {">", ast::CompareOp::gt},
                                               {">=", ast::CompareOp::ge}},
                                              "a comparison");

// Semantic actions.
const auto assign = [](auto& ctx) { x3::_val(ctx) = std::move(x3::_attr(ctx)); };

// Returns the action that makes a KIND node of the value so far and the parsed right operand.
template <class Node>
auto join(typename Node::Kind kind) {
    return [kind](auto& ctx) {
        Node node;
        node.kind = kind;
        node.operands.push_back(std::move(x3::_val(ctx)));
        node.operands.push_back(std::move(x3::_attr(ctx)));
        x3::_val(ctx) = std::move(node);
    };
}

const auto negate = [](auto& ctx) {
    Goal node;
    node.kind = Goal::Kind::not_;
    node.operands.push_back(std::move(x3::_attr(ctx)));
    x3::_val(ctx) = std::move(node);
};
const auto make_predicate = [](auto& ctx) {
    Goal node;
    node.name = std::move(x3::_attr(ctx));
    x3::_val(ctx) = std::move(node);
};
const auto make_generator = [](auto& ctx) {
    Constraint node;
    node.name = std::move(x3::_attr(ctx));
    x3::_val(ctx) = std::move(node);
};
const auto make_depth_test = [](auto& ctx) {
    Constraint node;
    node.kind = Constraint::Kind::depth_test;
    node.depth_op = boost::fusion::at_c<0>(x3::_attr(ctx));
    node.depth = boost::fusion::at_c<1>(x3::_attr(ctx));
    x3::_val(ctx) = std::move(node);
};
// Returns the action that makes a KIND node of the value so far and the parsed right operand,
// left-associative, located where its left operand starts.
auto join_left(Expr::Kind kind) {
    return [kind](auto& ctx) {
        Expr node;
        node.kind = kind;
        node.loc = x3::_val(ctx).loc;
        node.operands.push_back(std::move(x3::_val(ctx)));
        node.operands.push_back(std::move(x3::_attr(ctx)));
        x3::_val(ctx) = std::move(node);
    };
}
const auto make_number = [](auto& ctx) { x3::_val(ctx).number = x3::_attr(ctx); };
const auto negate_expr = [](auto& ctx) {
    Expr node;
    node.kind = Expr::Kind::neg;
    node.operands.push_back(std::move(x3::_attr(ctx)));
    x3::_val(ctx) = std::move(node);
};
const auto set_name = [](auto& ctx) { x3::_val(ctx).name = std::move(x3::_attr(ctx)); };
const auto set_call = [](auto& ctx) { x3::_val(ctx).kind = Expr::Kind::call; };
const auto set_args = [](auto& ctx) { x3::_val(ctx).operands = std::move(x3::_attr(ctx)); };
const auto set_goal_args = [](auto& ctx) { x3::_val(ctx).args = std::move(x3::_attr(ctx)); };
const auto set_params = [](auto& ctx) { x3::_val(ctx).params = std::move(x3::_attr(ctx)); };
const auto make_compare = [](auto& ctx) {
    Goal node;
    node.kind = Goal::Kind::compare;
    node.args.push_back(std::move(boost::fusion::at_c<0>(x3::_attr(ctx))));
    node.compare = boost::fusion::at_c<1>(x3::_attr(ctx));
    node.args.push_back(std::move(boost::fusion::at_c<2>(x3::_attr(ctx))));
    x3::_val(ctx) = std::move(node);
};
const auto make_order = [](auto& ctx) {
    Constraint node;
    node.kind = Constraint::Kind::order;
    node.loc = x3::_val(ctx).loc;
    node.operands.push_back(std::move(x3::_val(ctx)));
    node.args.push_back(std::move(x3::_attr(ctx)));
    x3::_val(ctx) = std::move(node);
};
const auto make_filter = [](auto& ctx) {
    Constraint node;
    node.kind = Constraint::Kind::filter;
    node.operands.push_back(std::move(boost::fusion::at_c<0>(x3::_attr(ctx))));
    node.goals.push_back(std::move(boost::fusion::at_c<1>(x3::_attr(ctx))));
    x3::_val(ctx) = std::move(node);
};
// Returns the action that makes the rule's definition one of KIND with the parsed body.
template <Definition::Kind kind>
const auto set_body = [](auto& ctx) {
    Definition& d = x3::_val(ctx);
    d.kind = kind;
    if constexpr (kind == Definition::Kind::measure) d.measure = std::move(x3::_attr(ctx));
    if constexpr (kind == Definition::Kind::predicate) d.predicate = std::move(x3::_attr(ctx));
    if constexpr (kind == Definition::Kind::generator) d.generator = std::move(x3::_attr(ctx));
};
const auto set_symmetric = [](auto& ctx) { x3::_val(ctx).symmetric = x3::_attr(ctx); };
const auto add_material = [](auto& ctx) {
    x3::_val(ctx).materials.push_back(std::move(x3::_attr(ctx)));
};
const auto add_definition = [](auto& ctx) {
    x3::_val(ctx).definitions.push_back(std::move(x3::_attr(ctx)));
};
const auto name_advice_ref = [](auto& ctx) { x3::_val(ctx).name = std::move(x3::_attr(ctx)); };
const auto add_rule = [](auto& ctx) { x3::_val(ctx).rules.push_back(std::move(x3::_attr(ctx))); };
const auto add_advice = [](auto& ctx) {
    x3::_val(ctx).advice.push_back(std::move(x3::_attr(ctx)));
};

const auto name_def =
    x3::raw[x3::lexeme[lower >> *(alnum | '_')]] - x3::lexeme[reserved_words >> !(alnum | '_')];

// Integer expressions. No expectation points inside, so that a goal can first be tried as a
// comparison and, when it is none, parsed again as a goal: `(a or b)` is not an expression.
const auto number_expr_def =
    located[x3::lexeme[x3::uint_parser<int>{} >> !(alnum | '_')][make_number]];
const auto call_def =
    located[name[set_name] >> x3::eps[set_call] >> -(x3::lit('(') >> call_args >> ')')[set_args]];
const auto call_args_def = nest[expr] % ',';
const auto factor_def = number_expr[assign] | call[assign] |
                        located[(x3::lit('-') >> nest[factor])[negate_expr]] |
                        (x3::lit('(') >> nest[expr] >> ')')[assign];
const auto term_def =
    chain[located[factor[assign] >> *link[(x3::lit('*') >> factor)[join_left(Expr::Kind::mul)]]]];
const auto expr_def =
    chain[located[term[assign] >> *link[(x3::lit('+') >> term)[join_left(Expr::Kind::add)] |
                                        (x3::lit('-') >> term)[join_left(Expr::Kind::sub)]]]];
const auto argument_def = expr;
const auto next_argument_def = expr;
const auto argument_list_def = argument >> *(x3::lit(',') > next_argument);
const auto arguments = x3::lit('(') > argument_list > close_arguments;
const auto expr_after_comparison_def = expr;
const auto measure_after_by_def = expr;
const auto compare_op = x3::lexeme[compare_ops >> !x3::char_("=<>\\")];

// Goals.
const auto predicate_def = located[name[make_predicate] >> -arguments[set_goal_args]];
const auto comparison_def = located[(expr >> compare_op > expr_after_comparison)[make_compare]];
const auto goal_primary_def = comparison[assign] | predicate[assign] |
                              (x3::lit('(') > goal_in_parens > close_goal_parens)[assign];
const auto not_goal_def = located[(keyword("not") > goal_after_not)[negate] | goal_primary[assign]];
const auto and_goal_def =
    located[not_goal[assign] >> -(keyword("and") > goal_after_and)[join<Goal>(Goal::Kind::and_)]];
const auto or_goal_def =
    located[and_goal[assign] >> -(keyword("or") > goal_after_or)[join<Goal>(Goal::Kind::or_)]];
const auto condition_def = or_goal;
const auto better_goal_def = or_goal;
const auto holding_goal_def = or_goal;
const auto goal_after_not_def = nest[not_goal];
const auto goal_after_and_def = nest[and_goal];
const auto goal_after_or_def = nest[or_goal];
const auto goal_in_parens_def = nest[or_goal];

// Move constraints.
const auto generator_def = located[name[make_generator] >> -arguments[set_goal_args]];
const auto filtered_generator_def = nest[then_constraint];
const auto filter_goal_def = nest[or_goal];
const auto filter_def = located[((keyword("filter") >> x3::lit('(')) > filtered_generator >
                                 filter_comma > filter_goal > close_filter)[make_filter]];
const auto depth_comparison_def = x3::lexeme[depth_ops >> !x3::char_("=<>")];
const auto depth_number_def = x3::lexeme[x3::uint_parser<int>{} >> !(alnum | '_')];
const auto depth_test_def =
    located[(keyword("depth") > depth_comparison > depth_number)[make_depth_test]];
const auto constraint_primary_def =
    depth_test[assign] | filter[assign] | generator[assign] |
    (x3::lit('(') > constraint_in_parens > close_constraint_parens)[assign];
const auto ordered_def = chain[located[constraint_primary[assign] >>
                                       *link[(keyword("by") > measure_after_by)[make_order]]]];
const auto and_constraint_def =
    located[ordered[assign] >>
            -(keyword("and") > constraint_after_and)[join<Constraint>(Constraint::Kind::and_)]];
const auto then_constraint_def =
    located[and_constraint[assign] >>
            -(keyword("then") > constraint_after_then)[join<Constraint>(Constraint::Kind::then)]];
const auto us_moves_def = then_constraint;
const auto them_moves_def = then_constraint;
const auto constraint_after_and_def = nest[and_constraint];
const auto constraint_after_then_def = nest[then_constraint];
const auto constraint_in_parens_def = nest[then_constraint];

// Clauses.
const auto advice_ref_def = located[name[name_advice_ref]];
const auto next_advice_ref_def = advice_ref;
const auto advice_list_def = advice_ref >> *(x3::lit(',') > next_advice_ref);
const auto rule_clause_def = located[name > rule_arrow > if_keyword > condition > then_keyword >
                                     open_list > advice_list > close_list > rule_full_stop];
const auto advice_name_def = name;
const auto advice_clause_def =
    located[(keyword("advice") >> x3::lit('(')) > advice_name > comma_after_name > better_goal >
            colon_after_better > holding_goal > colon_after_holding > us_moves >
            colon_after_us_moves > them_moves > advice_option > close_advice > advice_full_stop];
const auto advice_option_def = (x3::lit(',') > option_name) | x3::attr(false);
const auto option_name_def = keyword("shallowest") >> x3::attr(true);
const auto param_def = name;
const auto param_list_def = param >> *(x3::lit(',') > param);
const auto params_def = x3::lit('(') > param_list > close_params;
const auto material_name_def = x3::lexeme[+x3::ascii::upper >> !(alnum | '_')];
const auto material_clause_def = located[keyword("material") > material_name[set_name] >
                                         material_option[set_symmetric] > material_full_stop];
const auto material_option_def = (x3::lit(',') > material_option_name) | x3::attr(false);
const auto material_option_name_def = keyword("symmetric") >> x3::attr(true);
const auto defined_name_def = name;
const auto measure_body_def = expr;
const auto predicate_body_def = or_goal;
const auto generator_body_def = then_constraint;
const auto measure_clause_def =
    located[keyword("measure") > defined_name[set_name] >> -params[set_params] > definition_arrow >
            measure_body[set_body<Definition::Kind::measure>] > definition_full_stop];
const auto generator_clause_def =
    located[keyword("generator") > defined_name[set_name] >> -params[set_params] >
            definition_arrow > generator_body[set_body<Definition::Kind::generator>] >
            definition_full_stop];
const auto predicate_clause_def =
    located[(name[set_name] >> -params[set_params] >> x3::lit(":-")) >
            predicate_body[set_body<Definition::Kind::predicate>] > definition_full_stop];
const auto clause_rule_def = material_clause[add_material] | measure_clause[add_definition] |
                             generator_clause[add_definition] | advice_clause[add_advice] |
                             predicate_clause[add_definition] | rule_clause[add_rule];

// Keywords and separators.
const auto rule_arrow_def = x3::lit("::");
const auto if_keyword_def = keyword("if");
const auto then_keyword_def = keyword("then");
const auto open_list_def = x3::lit('[');
const auto close_list_def = x3::lit(']');
const auto rule_full_stop_def = x3::lit('.');
const auto comma_after_name_def = x3::lit(',');
const auto colon_after_better_def = x3::lit(':');
const auto colon_after_holding_def = x3::lit(':');
const auto colon_after_us_moves_def = x3::lit(':');
const auto close_advice_def = x3::lit(')');
const auto advice_full_stop_def = x3::lit('.');
const auto close_goal_parens_def = x3::lit(')');
const auto close_constraint_parens_def = x3::lit(')');
const auto close_arguments_def = x3::lit(')');
const auto close_params_def = x3::lit(')');
const auto definition_arrow_def = x3::lit(":=");
const auto definition_full_stop_def = x3::lit('.');
const auto material_full_stop_def = x3::lit('.');
const auto filter_comma_def = x3::lit(',');
const auto close_filter_def = x3::lit(')');

// Whitespace and comments.
// Why the lookahead: the expectation then fails, and the message points, at the "/*".
const auto block_comment_def = &x3::lit("/*") > closed_comment;
const auto closed_comment_def = x3::lit("/*") >> *(x3::char_ - "*/") >> "*/";
const auto skipper_rule_def =
    x3::ascii::space | (x3::lit('%') >> *(x3::char_ - x3::eol)) | block_comment;

BOOST_SPIRIT_DEFINE(name, predicate, not_goal, and_goal, or_goal, goal_primary, generator,
                    depth_test, and_constraint, then_constraint, constraint_primary, advice_ref,
                    advice_list, rule_clause, advice_clause, clause_rule, skipper_rule,
                    block_comment)
BOOST_SPIRIT_DEFINE(condition, better_goal, holding_goal, goal_after_not, goal_after_and,
                    goal_after_or, goal_in_parens, us_moves, them_moves, constraint_after_and,
                    constraint_after_then, constraint_in_parens, advice_name, next_advice_ref,
                    depth_comparison, depth_number)
BOOST_SPIRIT_DEFINE(rule_arrow, if_keyword, then_keyword, open_list, close_list, rule_full_stop,
                    comma_after_name, colon_after_better, colon_after_holding, colon_after_us_moves,
                    close_advice, advice_full_stop, close_goal_parens, close_constraint_parens,
                    closed_comment)
BOOST_SPIRIT_DEFINE(argument_list, param_list, call_args)
BOOST_SPIRIT_DEFINE(number_expr, call, factor, term, expr, comparison, ordered, filter, params,
                    material_clause, measure_clause, generator_clause, predicate_clause)
BOOST_SPIRIT_DEFINE(expr_after_comparison, measure_after_by, argument, next_argument, param,
                    material_name, defined_name, measure_body, predicate_body, generator_body,
                    filtered_generator, filter_goal)
BOOST_SPIRIT_DEFINE(close_arguments, close_params, definition_arrow, definition_full_stop,
                    material_full_stop, filter_comma, close_filter, advice_option, option_name,
                    material_option, material_option_name)

} // namespace al0::advice::parser
