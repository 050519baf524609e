#include "engine/krk/krk_compiled_domain.hpp"

namespace al0::search {
template class Evaluator<krk::KrkCompiledDomain>;
template class AdviceSearch<krk::KrkCompiledDomain>;
template void build_tree_into<krk::KrkCompiledDomain>(const krk::KrkCompiledDomain&, const Program&,
                                                      const krk::KrkState&, const Options&,
                                                      SearchResult<Move>&,
                                                      const std::vector<Move>*);
} // namespace al0::search
