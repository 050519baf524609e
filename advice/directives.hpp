#pragma once
// The grammar's home-made directives:
//   nest[p]    parses p one expression level deeper, and throws an expectation failure with the
//              text nesting_limit_message once max_nesting levels are open, so that deeply
//              nested input ends in a diagnostic rather than a stack overflow;
//   chain[p]   parses p, a left-associative chain (a + b - c, a * b, g by m by n), keeping the
//              height of its tree apart from its neighbours';
//   link[p]    parses one operator and right operand of a chain: the chain's tree grows one
//              level above both its operands, and the same limit holds for it (a chain of
//              50,000 terms is as deep as 50,000 parentheses for every walk over the tree);
//   located[p] parses p and stamps the rule's value with where p started (unless the value
//              already has a location: it was built by an inner rule, e.g. in parentheses).
// The height the grammar counts (ErrorHandler::height) is that of the syntax tree in these
// levels; a rule that fails leaves it as it was.
// Why located[] and not an on_success handler: in Boost 1.74 a rule whose definition has
// semantic actions hands on_success an unused attribute, and most AL0 rules build nodes in
// actions.

#include "advice/error_handler.hpp"
#include "advice/parse.hpp"

#include <boost/spirit/home/x3/core/parser.hpp>
#include <boost/spirit/home/x3/core/skip_over.hpp>
#include <boost/spirit/home/x3/directive/expect.hpp>

#include <algorithm>

namespace al0::advice::parser {

namespace x3 = boost::spirit::x3;

inline const std::string nesting_limit_message =
    "expressions nest more than " + std::to_string(max_nesting) +
    " levels deep here (parentheses, not, and, or, then, filter, and each +, -, * or by of a "
    "chain count one); split the expression up";

// Throws the nesting limit's expectation failure at the first token at or after WHERE.
template <class Iterator, class Context>
[[noreturn]] void too_deep(Iterator where, const Iterator& last, const Context& context) {
    x3::skip_over(where, last, context);
    throw x3::expectation_failure<Iterator>(where, nesting_limit_message);
}

// How a level_guard counts the level it parses.
enum class Level { nest, chain, link };

template <class Subject, Level kind>
struct level_guard : x3::unary_parser<Subject, level_guard<Subject, kind>> {
    using base_type = x3::unary_parser<Subject, level_guard<Subject, kind>>;
    static const bool is_pass_through_unary = true;
    static const bool handles_container = Subject::handles_container;

    constexpr explicit level_guard(const Subject& subject) : base_type(subject) {}

    template <class Iterator, class Context, class RContext, class Attribute>
    bool parse(Iterator& first, const Iterator& last, const Context& context, RContext& rcontext,
               Attribute& attr) const {
        ErrorHandler& handler = x3::get<error_handler_tag>(context);
        if (kind == Level::nest && handler.nesting >= max_nesting) too_deep(first, last, context);
        const Iterator start = first;
        const int outer = handler.height;
        handler.height = 0;
        handler.nesting += kind == Level::nest;
        struct Leave {
            int& nesting;
            ~Leave() { nesting -= kind == Level::nest; }
        } leave{handler.nesting};
        const bool parsed = this->subject.parse(first, last, context, rcontext, attr);
        const int inner = handler.height;
        handler.height = outer;
        if (!parsed) return false;
        switch (kind) {
        case Level::nest:
            handler.height = std::max(outer, inner + 1);
            break;
        case Level::chain:
            handler.height = std::max(outer, inner);
            break;
        case Level::link:
            // Why the check here: a chain opens no level, its height grows with each link.
            handler.height = std::max(outer, inner) + 1;
            if (handler.nesting + handler.height > max_nesting) too_deep(start, last, context);
            break;
        }
        return true;
    }
};

template <Level kind>
struct level_gen {
    template <class Subject>
    constexpr level_guard<typename x3::extension::as_parser<Subject>::value_type, kind>
    operator[](const Subject& subject) const {
        return level_guard<typename x3::extension::as_parser<Subject>::value_type, kind>(
            x3::as_parser(subject));
    }
};

inline constexpr level_gen<Level::nest> nest{};
inline constexpr level_gen<Level::chain> chain{};
inline constexpr level_gen<Level::link> link{};

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
        ErrorHandler& handler = x3::get<error_handler_tag>(context);
        const int height = handler.height;
        if (!this->subject.parse(first, last, context, rcontext, attr)) {
            handler.height = height;
            return false;
        }
        if (rcontext.loc.line == 0) rcontext.loc = handler.location(start);
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
