#pragma once
// The AL0 grammar's rules by name (grammar_def.hpp defines them): their ids and the wording of
// what each one expects, which is what a syntax error says ("expected <name>, found ...").
// Only grammar_def.hpp includes this file.

#include "advice/ast.hpp"
#include "advice/directives.hpp"
#include "advice/grammar.hpp"

#include <boost/spirit/home/x3.hpp>

#include <string>
#include <vector>

namespace al0::advice::parser {

namespace x3 = boost::spirit::x3;

// ---------------------------------------------------------------------------------------------
// Rule ids.

struct name_class;
struct predicate_class;
struct not_goal_class;
struct and_goal_class;
struct or_goal_class;
struct goal_primary_class;
struct generator_class;
struct depth_test_class;
struct and_constraint_class;
struct then_constraint_class;
struct constraint_primary_class;
struct advice_ref_class;
struct advice_list_class;
struct rule_clause_class;
struct advice_clause_class;
struct comment_class;
struct number_expr_class;
struct call_class;
struct factor_class;
struct term_class;
struct expr_class;
struct comparison_class;
struct ordered_class;
struct filter_class;
struct params_class;
struct material_clause_class;
struct measure_clause_class;
struct generator_clause_class;
struct predicate_clause_class;

// ---------------------------------------------------------------------------------------------
// Rules.

template <class Id, class Attribute = x3::unused_type>
using named = x3::rule<Id, Attribute>;

using Goal = ast::Goal;
using Constraint = ast::Constraint;
using Expr = ast::Expr;
using Definition = ast::Definition;

const named<name_class, std::string> name = "a name";
const named<predicate_class, Goal> predicate = "a predicate name";
const named<not_goal_class, Goal> not_goal = "a goal";
const named<and_goal_class, Goal> and_goal = "a goal";
const named<or_goal_class, Goal> or_goal = "a goal";
const named<goal_primary_class, Goal> goal_primary = "a goal";
const named<generator_class, Constraint> generator = "a move generator name";
const named<depth_test_class, Constraint> depth_test = "a depth test";
const named<and_constraint_class, Constraint> and_constraint = "a move constraint";
const named<then_constraint_class, Constraint> then_constraint = "a move constraint";
const named<constraint_primary_class, Constraint> constraint_primary = "a move constraint";
const named<advice_ref_class, ast::AdviceRef> advice_ref = "an advice name";
const named<advice_list_class, std::vector<ast::AdviceRef>> advice_list =
    "an advice name (a rule lists at least one piece of advice)";
const named<rule_clause_class, ast::Rule> rule_clause = "a rule";
const named<advice_clause_class, ast::Advice> advice_clause = "a piece of advice";
const clause_type clause_rule = "a rule or a piece of advice";
const skipper_type skipper_rule = "whitespace or a comment";
const named<comment_class> block_comment = "a /* comment */";
const named<number_expr_class, Expr> number_expr = "a number";
const named<call_class, Expr> call = "a measure";
const named<factor_class, Expr> factor = "an integer expression";
const named<term_class, Expr> term = "an integer expression";
const named<expr_class, Expr> expr = "an integer expression";
const named<comparison_class, Goal> comparison = "a comparison";
const named<ordered_class, Constraint> ordered = "a move constraint";
const named<filter_class, Constraint> filter = "filter(generator, goal)";
const named<params_class, std::vector<std::string>> params = "parameters";
const named<struct call_args_class, std::vector<Expr>> call_args = "arguments";
const named<struct argument_list_class, std::vector<Expr>> argument_list = "arguments";
const named<struct param_list_class, std::vector<std::string>> param_list = "parameters";
const named<material_clause_class, ast::Material> material_clause = "a material declaration";
const named<measure_clause_class, Definition> measure_clause = "a measure definition";
const named<generator_clause_class, Definition> generator_clause = "a generator definition";
const named<predicate_clause_class, Definition> predicate_clause = "a predicate definition";

// What the grammar expects at a point: a goal or constraint operand, one level deeper...
#define AL0_OPERAND(var, type, text) const named<struct var##_class, type> var = text;
AL0_OPERAND(condition, Goal, "a condition after 'if'")
AL0_OPERAND(better_goal, Goal, "the better goal after ','")
AL0_OPERAND(holding_goal, Goal, "the holding goal after ':'")
AL0_OPERAND(goal_after_not, Goal, "a goal after 'not'")
AL0_OPERAND(goal_after_and, Goal, "a goal after 'and'")
AL0_OPERAND(goal_after_or, Goal, "a goal after 'or'")
AL0_OPERAND(goal_in_parens, Goal, "a goal after '('")
AL0_OPERAND(us_moves, Constraint, "the us-moves constraint after ':'")
AL0_OPERAND(them_moves, Constraint, "the them-moves constraint after ':'")
AL0_OPERAND(constraint_after_and, Constraint, "a move constraint after 'and'")
AL0_OPERAND(constraint_after_then, Constraint, "a move constraint after 'then'")
AL0_OPERAND(constraint_in_parens, Constraint, "a move constraint after '('")
AL0_OPERAND(advice_name, std::string, "the advice's name after 'advice('")
AL0_OPERAND(next_advice_ref, ast::AdviceRef, "an advice name after ','")
AL0_OPERAND(depth_comparison, ast::DepthOp, "a comparison after 'depth' (=, <, =<, > or >=)")
AL0_OPERAND(depth_number, int, "a whole number (0 to 2147483647) after the comparison")
AL0_OPERAND(expr_after_comparison, Expr, "an integer expression after the comparison")
AL0_OPERAND(measure_after_by, Expr, "a measure after 'by' (the moves' order, smallest first)")
AL0_OPERAND(argument, Expr, "an argument (a role such as our_king, or an integer expression)")
AL0_OPERAND(next_argument, Expr, "an argument after ','")
AL0_OPERAND(param, std::string, "a parameter name")
AL0_OPERAND(material_name, std::string,
            "a material in capitals, strong side first, such as KRK or KBNK")
AL0_OPERAND(defined_name, std::string, "the name being defined")
AL0_OPERAND(measure_body, Expr, "an integer expression after ':='")
AL0_OPERAND(predicate_body, Goal, "a goal after ':-'")
AL0_OPERAND(generator_body, Constraint, "a move constraint after ':='")
AL0_OPERAND(filtered_generator, Constraint, "a move constraint after 'filter('")
AL0_OPERAND(filter_goal, Goal, "a goal after ',' (the goal the moves must reach)")
AL0_OPERAND(advice_option, bool, "an advice option")
AL0_OPERAND(option_name, bool, "an advice option after ',' (shallowest)")
AL0_OPERAND(material_option, bool, "a material option")
AL0_OPERAND(material_option_name, bool, "a material option after ',' (symmetric)")
#undef AL0_OPERAND

// ...or a keyword or separator (rules without an attribute).
#define AL0_EXPECT(var, text) const named<struct var##_class> var = text;
AL0_EXPECT(rule_arrow, "'::' after the rule name")
AL0_EXPECT(if_keyword, "'if' after '::'")
AL0_EXPECT(then_keyword, "'and', 'or' or 'then' after the condition")
AL0_EXPECT(open_list, "'[' and the list of advice after 'then'")
AL0_EXPECT(close_list, "',' or ']' in the advice list")
AL0_EXPECT(rule_full_stop, "'.' at the end of the rule")
AL0_EXPECT(comma_after_name, "',' after the advice's name")
AL0_EXPECT(colon_after_better,
           "'and', 'or' or ':' and the holding goal (the second part of the advice)")
AL0_EXPECT(colon_after_holding,
           "'and', 'or' or ':' and the us-moves constraint (the third part of the advice)")
AL0_EXPECT(colon_after_us_moves,
           "'and', 'then' or ':' and the them-moves constraint (the fourth part of the advice)")
AL0_EXPECT(close_advice, "'and', 'then', ',' and an option or ')' after the them-moves "
                         "constraint (the fourth and last part of the advice)")
AL0_EXPECT(advice_full_stop, "'.' at the end of the advice")
AL0_EXPECT(close_goal_parens, "'and', 'or' or ')' to close the parenthesis")
AL0_EXPECT(close_constraint_parens, "'and', 'then' or ')' to close the parenthesis")
AL0_EXPECT(closed_comment, unterminated_comment_message.c_str())
AL0_EXPECT(close_arguments, "',' or ')' after the argument")
AL0_EXPECT(close_params, "',' or ')' after the parameter")
AL0_EXPECT(definition_arrow, "':=' after the name being defined")
AL0_EXPECT(definition_full_stop, "'.' at the end of the definition")
AL0_EXPECT(material_full_stop, "'.' at the end of the material declaration (or ', symmetric')")
AL0_EXPECT(filter_comma, "',' and the goal after the filtered move constraint")
AL0_EXPECT(close_filter, "'and', 'or' or ')' after the filter's goal")
#undef AL0_EXPECT

} // namespace al0::advice::parser
