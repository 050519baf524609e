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
    // 7 bits a square (SQ_NONE is 64): 35 for five roles; 3 bits of piece type for each role
    // that began as a pawn (only those change type): at most 9; the en passant square and the
    // side to move: 8.
    static_assert(MAX_ROLES <= 5);
    std::uint64_t c = 0;
    // Why no pext of the squares' word for a material without pawns: fewer instructions, but
    // the book table's fresh trees on the endgame domain took a tenth longer on this machine's CPU.
    for (int role = 0; role < roles_.count; ++role) {
        const Square sq = s.sq[role];
        c = c << 7 | sq;
        if (pawn_roles_ >> role & 1) c = c << 3 | type_of(s.piece[role]); // NO_PIECE: 0
    }
    return c << 8 | std::uint64_t(s.ep) << 1 | (s.stm == BLACK);
}

} // namespace al0::endgame

namespace al0::search {
template class Evaluator<endgame::Domain>;
template class AdviceSearch<endgame::Domain>;
template void build_tree_into<endgame::Domain>(const endgame::Domain&, const Program&,
                                               const endgame::State&, const Options&,
                                               SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
