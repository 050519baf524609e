#pragma once
// The grammar's two home-made directives:
//   nest[p]    parses p one expression level deeper, and throws an expectation failure with the
//              text nesting_limit_message once max_nesting levels are open, so that deeply
//              nested input ends in a diagnostic rather than a stack overflow;
//   located[p] parses p and stamps the rule's value with where p started (unless the value
//              already has a location: it was built by an inner rule, e.g. in parentheses).
// Why located[] and not an on_success handler: in Boost 1.74 a rule whose definition has
// semantic actions hands on_success an unused attribute, and most AL0 rules build nodes in
// actions.

#include "advice/error_handler.hpp"
#include "advice/parse.hpp"

#include <boost/spirit/home/x3/core/parser.hpp>
#include <boost/spirit/home/x3/core/skip_over.hpp>
#include <boost/spirit/home/x3/directive/expect.hpp>

namespace al0::advice::parser {

namespace x3 = boost::spirit::x3;

inline const std::string nesting_limit_message =
    "expressions nest more than " + std::to_string(max_nesting) +
    " levels deep here (parentheses, not, and, or, then); split the expression up";

template <class Subject>
struct nesting_guard : x3::unary_parser<Subject, nesting_guard<Subject>> {
    using base_type = x3::unary_parser<Subject, nesting_guard<Subject>>;
    static const bool is_pass_through_unary = true;
    static const bool handles_container = Subject::handles_container;

    constexpr explicit nesting_guard(const Subject& subject) : base_type(subject) {}

    template <class Iterator, class Context, class RContext, class Attribute>
    bool parse(Iterator& first, const Iterator& last, const Context& context, RContext& rcontext,
               Attribute& attr) const {
        int& depth = x3::get<error_handler_tag>(context).nesting;
        if (depth >= max_nesting) {
            Iterator where = first;
            x3::skip_over(where, last, context);
            throw x3::expectation_failure<Iterator>(where, nesting_limit_message);
        }
        ++depth;
        struct Leave {
            int& depth;
            ~Leave() { --depth; }
        } leave{depth};
        return this->subject.parse(first, last, context, rcontext, attr);
    }
};

struct nesting_guard_gen {
    template <class Subject>
    constexpr nesting_guard<typename x3::extension::as_parser<Subject>::value_type>
    operator[](const Subject& subject) const {
        return nesting_guard<typename x3::extension::as_parser<Subject>::value_type>(
            x3::as_parser(subject));
    }
};

inline constexpr nesting_guard_gen nest{};

template <class Subject>
struct located_directive : x3::unary_parser<Subject, located_directive<Subject>> {
    using base_type = x3::unary_parser<Subject, located_directive<Subject>>;
    static const bool is_pass_through_unary = true;
    static const bool handles_container = Subject::handles_container;

    constexpr explicit located_directive(const Subject& subject) : base_type(subject) {}

    // RCONTEXT is the value of the rule being parsed (what _val names in actions).
    template <class Iterator, class Context, class RContext, class Attribute>
    bool parse(Iterator& first, const Iterator& last, const Context& context, RContext& rcontext,
               Attribute& attr) const {
        x3::skip_over(first, last, context);
        Iterator start = first;
        if (!this->subject.parse(first, last, context, rcontext, attr)) return false;
        if (rcontext.loc.line == 0)
            rcontext.loc = x3::get<error_handler_tag>(context).location(start);
        return true;
    }
};

struct located_gen {
    template <class Subject>
    constexpr located_directive<typename x3::extension::as_parser<Subject>::value_type>
    operator[](const Subject& subject) const {
        return located_directive<typename x3::extension::as_parser<Subject>::value_type>(
            x3::as_parser(subject));
    }
};

inline constexpr located_gen located{};

} // namespace al0::advice::parser
