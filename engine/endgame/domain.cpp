#include "engine/endgame/domain.hpp"

#include "engine/endgame/library.hpp"
#include "engine/endgame/position_board.hpp"

namespace al0::endgame {

State Domain::play(const State& s, Move m) const {
    State n = s;
    const Square from = m.from(), to = m.to(), taken = victim(s, m);
    // Why one pass of selects: a branch per role was mispredicted often enough to be a fifth
    // of the cost of a move (the victim's and the mover's squares differ).
    for (Square& sq : n.sq) sq = sq == taken ? SQ_NONE : sq == from ? to : sq;
    n.pos.do_move_unkeyed(m);
    return n;
}

bool Domain::holds(std::uint8_t predicate, const State& s, const State&) const {
    return library::predicate<Buffer>(PositionBoard(roles_, s),
                                      {search::Instance::Kind::predicate, predicate, {}});
}

void Domain::generate(std::uint8_t generator, const State& s, Buffer& out) const {
    library::generate(PositionBoard(roles_, s), {search::Instance::Kind::generator, generator, {}},
                      out);
}

std::int32_t Domain::library_value(const search::Instance& in, const State& s) const {
    const PositionBoard board(roles_, s);
    return in.kind == search::Instance::Kind::measure ? library::measure<Buffer>(board, in)
                                                      : library::predicate<Buffer>(board, in);
}

void Domain::generate(const search::Instance& in, const State& s, Buffer& out) const {
    library::generate(PositionBoard(roles_, s), in, out);
}

std::uint64_t Domain::code(const State& s) const {
    // 7 bits a square (SQ_NONE is 64): 35 for five roles; 3 bits of piece type for each role
    // that began as a pawn (only those change type): at most 9; the en passant square and the
    // side to move: 8.
    static_assert(MAX_ROLES <= 5);
    std::uint64_t c = 0;
    for (int role = 0; role < roles_.count; ++role) {
        const Square sq = s.sq[role];
        c = c << 7 | sq;
        if (pawn_roles_ >> role & 1) c = c << 3 | (sq == SQ_NONE ? 0 : type_of(s.pos.piece_on(sq)));
    }
    return c << 8 | std::uint64_t(s.pos.ep_square()) << 1 | (s.pos.side_to_move() == BLACK);
}

} // namespace al0::endgame

namespace al0::search {
template class Evaluator<endgame::Domain>;
template class AdviceSearch<endgame::Domain>;
template void build_tree_into<endgame::Domain>(const endgame::Domain&, const Program&,
                                               const endgame::State&, const Options&,
                                               SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
