#pragma once
// The iterator and context types the grammar is compiled for. grammar.cpp instantiates the
// rules with exactly these and parse.cpp calls them with exactly these, so the two can never
// drift apart.

#include "advice/error_handler.hpp"
#include "advice/grammar.hpp"

#include <boost/spirit/home/x3.hpp>

namespace al0::advice::parser {

namespace x3 = boost::spirit::x3;

using phrase_context_type = x3::phrase_parse_context<skipper_type>::type;
using context_type = x3::context<error_handler_tag, ErrorHandler, phrase_context_type>;

} // namespace al0::advice::parser
