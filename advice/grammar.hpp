#pragma once
// The AL0 grammar's public face: the clause rule (one rule or piece of advice, appended to a
// table) and the skipper (whitespace, % and /* */ comments). Defined in grammar_def.hpp.

#include "advice/ast.hpp"

#include <boost/spirit/home/x3.hpp>

#include <string>

namespace al0::advice::parser {

namespace x3 = boost::spirit::x3;

struct clause_class;
using clause_type = x3::rule<clause_class, ast::Table>;

struct skipper_class;
using skipper_type = x3::rule<skipper_class>;

BOOST_SPIRIT_DECLARE(clause_type, skipper_type)

// The whole message for a /* comment without its */ (no "expected ..., found ...": what
// follows the "/*" is comment text).
inline const std::string unterminated_comment_message = "this /* comment is never closed by */";

// Returns the rule that parses one clause and appends it to the table attribute.
const clause_type& clause();

// Returns the skipper.
const skipper_type& skipper();

} // namespace al0::advice::parser
