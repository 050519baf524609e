#include "engine/krk/krk_library_domain.hpp"

#include "engine/endgame/library.hpp"
#include "engine/krk/krk_board.hpp"

namespace al0::krk {

bool KrkLibraryDomain::holds(std::uint8_t predicate, const State& s, const State&) const {
    return endgame::library::predicate<Buffer>(KrkBoard(s),
                                               {search::Instance::Kind::predicate, predicate, {}});
}

void KrkLibraryDomain::generate(std::uint8_t generator, const State& s, Buffer& out) const {
    endgame::library::generate(KrkBoard(s), {search::Instance::Kind::generator, generator, {}},
                               out);
}

} // namespace al0::krk

namespace al0::search {
template class Evaluator<krk::KrkLibraryDomain>;
template class AdviceSearch<krk::KrkLibraryDomain>;
template void build_tree_into<krk::KrkLibraryDomain>(const krk::KrkLibraryDomain&, const Program&,
                                                     const krk::KrkState&, const Options&,
                                                     SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
