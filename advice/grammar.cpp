// The one place the grammar is compiled: instantiated for the iterator and contexts of config.

#include "advice/config.hpp"
#include "advice/grammar_def.hpp"

namespace al0::advice::parser {

BOOST_SPIRIT_INSTANTIATE(clause_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(skipper_type, iterator_type, x3::unused_type)

const clause_type& clause() { return clause_rule; }
const skipper_type& skipper() { return skipper_rule; }

} // namespace al0::advice::parser
