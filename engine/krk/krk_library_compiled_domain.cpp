#include "engine/krk/krk_library_domain.hpp"

namespace al0::search {
template class Evaluator<krk::KrkLibraryCompiledDomain>;
template class AdviceSearch<krk::KrkLibraryCompiledDomain>;
template void build_tree_into<krk::KrkLibraryCompiledDomain>(const krk::KrkLibraryCompiledDomain&,
                                                             const Program&, const krk::KrkState&,
                                                             const Options&, SearchResult<Move>&,
                                                             const std::vector<Move>*);
} // namespace al0::search
