#pragma once
// The endgame domain with a program's goals compiled to machine code (engine/codegen): the search
// asks each advice's one function (CompiledAdvice::native_goals) in place of its goals. And the
// one place that decides which of the two a program runs on (on_domain).

#include "engine/endgame/domain.hpp"
#include "engine/endgame/node_goals.hpp"

namespace al0::endgame {

// Why a type apart from Domain (as krk::KrkCompiledDomain): the search compiled for a domain that
// may take either path would test which at every node, and gcc would inline less of the
// interpreted one. A program runs here only when every advice has its function (on_domain).
class CompiledDomain : public Domain {
  public:
    using Domain::Domain;
    using NodeGoals = endgame::NodeGoals;
    using GoalAfterMove = endgame::GoalAfterMove;
    // Each advice's search compiled whole, where it has one (engine/codegen/endgame_fixed_search).
    using FixedSearch = search::FixedSearchFn<State, Move>;
};

static_assert(search::FixedSearchDomain<CompiledDomain> && !search::NodeGoalsDomain<Domain>);

// Calls RUN with the domain of ROLES that PROGRAM runs on and returns what it returns:
// CompiledDomain when its goals are loaded as machine code, else Domain.
template <class Run>
decltype(auto) on_domain(const Roles& roles, const search::Program& program, Run&& run) {
    if (program.native_library) return run(CompiledDomain(roles));
    return run(Domain(roles));
}

} // namespace al0::endgame

// The search is instantiated for it once, in compiled_domain.cpp.
namespace al0::search {
extern template class Evaluator<endgame::CompiledDomain>;
extern template class AdviceSearch<endgame::CompiledDomain>;
extern template void build_tree_into<endgame::CompiledDomain>(const endgame::CompiledDomain&,
                                                              const Program&, const endgame::State&,
                                                              const Options&, SearchResult<Move>&,
                                                              const std::vector<Move>*);
} // namespace al0::search
