#include "engine/endgame/compiled_domain.hpp"

namespace al0::search {
template class Evaluator<endgame::CompiledDomain>;
template class AdviceSearch<endgame::CompiledDomain>;
template void build_tree_into<endgame::CompiledDomain>(const endgame::CompiledDomain&,
                                                       const Program&, const endgame::State&,
                                                       const Options&, SearchResult<Move>&,
                                                       const std::vector<Move>*);
} // namespace al0::search
