#pragma once
// The native KRK library with a program's goals compiled to machine code (engine/codegen): the
// search asks each advice's one function (CompiledAdvice::native_goals) in place of its goals,
// and hands the advice whose search was compiled whole (native_search) over to that.

#include "engine/krk/krk_domain.hpp"
#include "engine/krk/krk_predicates.hpp"

namespace al0::krk {

// Why a type apart from KrkDomain: the search compiled for a domain that may take either path
// tests which at every node, and with both in one instantiation gcc inlined less of the
// interpreted one (2 to 3 % more instructions per tree of the book table). A program runs here
// only when every advice has its function (on_krk_domain).
class KrkCompiledDomain : public KrkDomain {
  public:
    using NodeGoals = predicates::NodeGoals;
    using FixedSearch = search::FixedSearchFn<KrkState, Move>;
};

static_assert(search::FixedSearchDomain<KrkCompiledDomain> && !search::NodeGoalsDomain<KrkDomain>);

} // namespace al0::krk

// The search is instantiated for it once, in krk_compiled_domain.cpp.
namespace al0::search {
extern template class Evaluator<krk::KrkCompiledDomain>;
extern template class AdviceSearch<krk::KrkCompiledDomain>;
extern template void build_tree_into<krk::KrkCompiledDomain>(const krk::KrkCompiledDomain&,
                                                             const Program&, const krk::KrkState&,
                                                             const Options&, SearchResult<Move>&,
                                                             const std::vector<Move>*);
} // namespace al0::search
