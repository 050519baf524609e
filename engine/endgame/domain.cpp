#include "engine/endgame/domain.hpp"

#include "engine/endgame/library.hpp"
#include "engine/endgame/play.hpp"
#include "engine/endgame/state_board.hpp"

namespace al0::endgame {

State Domain::play(const State& s, Move m) const { return play_move(roles_, s, m); }

bool Domain::holds(std::uint8_t predicate, const State& s, const State&) const {
    return library::predicate<Buffer>(StateBoard(roles_, s),
                                      {search::Instance::Kind::predicate, predicate, {}});
}

void Domain::generate(std::uint8_t generator, const State& s, Buffer& out) const {
    library::generate(StateBoard(roles_, s), {search::Instance::Kind::generator, generator, {}},
                      out);
}

std::int32_t Domain::library_value(const search::Instance& in, const State& s) const {
    const StateBoard board(roles_, s);
    return in.kind == search::Instance::Kind::measure ? library::measure<Buffer>(board, in)
                                                      : library::predicate<Buffer>(board, in);
}

void Domain::generate(const search::Instance& in, const State& s, Buffer& out) const {
    library::generate(StateBoard(roles_, s), in, out);
}

std::uint64_t Domain::code(const State& s) const {
    return state_code(s, roles_.count, pawn_roles_);
}

} // namespace al0::endgame

namespace al0::search {
template class Evaluator<endgame::Domain>;
template class AdviceSearch<endgame::Domain>;
template void build_tree_into<endgame::Domain>(const endgame::Domain&, const Program&,
                                               const endgame::State&, const Options&,
                                               SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
