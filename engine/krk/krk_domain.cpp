#include "engine/krk/krk_domain.hpp"

#include "engine/chess/bitboards.hpp"
#include "engine/endgame/library.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_board.hpp"
#include "engine/krk/krk_predicates.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace al0::krk {

int room(const KrkState& s) { return predicates::room(s); }

bool in_check(const KrkState& s) { return KrkBoard(s).black_king_attacked(); }

void black_moves(const KrkState& s, KrkDomain::Buffer& out) { moves::black_moves(s, out); }

bool black_has_move(const KrkState& s) { return predicates::black_has_move(s); }

void king_diag_first(const KrkState& s, KrkDomain::Buffer& out) { moves::king_diag_first(s, out); }

void rook_moves(const KrkState& s, KrkDomain::Buffer& out) { moves::rook_moves(s, out); }

void check_moves(const KrkState& s, KrkDomain::Buffer& out) { moves::check_moves(s, out); }

void king_toward(const KrkState& s, KrkDomain::Buffer& out) { moves::king_toward(s, out); }

void rook_by_room(const KrkState& s, KrkDomain::Buffer& out) { moves::rook_by_room(s, out); }

bool KrkDomain::holds(std::uint8_t predicate, const State& s, const State& root) const {
    return predicates::predicate_holds(predicate, s, root);
}

bool KrkDomain::holds_steps(const search::PredicateSteps& goal, const State& s,
                            const State& root) const {
    return goal.run([&](std::uint8_t p) { return predicates::predicate_holds(p, s, root); });
}

std::optional<KrkState> to_state(const Position& pos, std::string* why) {
    auto reject = [&](const char* reason) -> std::optional<KrkState> {
        if (why) *why = reason;
        return std::nullopt;
    };
    const Bitboard rook = pos.pieces(WHITE, ROOK);
    if (pos.occupied() & ~pos.pieces(KING) & ~rook || popcount(rook) > 1)
        return reject("not a KRK position (al0 plays king and rook against king)");
    KrkState s{pos.king(WHITE), rook ? lsb(rook) : SQ_NONE, pos.king(BLACK), pos.side_to_move()};
    return s;
}

Position to_position(const KrkState& s, int halfmove, int fullmove) {
    if (s.rook_captured())
        return Position::make({{W_KING, s.wk}, {B_KING, s.bk}}, s.stm, SQ_NONE, halfmove, fullmove);
    return Position::make({{W_KING, s.wk}, {B_KING, s.bk}, {W_ROOK, s.wr}}, s.stm, SQ_NONE,
                          halfmove, fullmove);
}

} // namespace al0::krk

namespace al0::krk {

std::int32_t KrkDomain::value(const search::Instance& in, const State& s) const {
    const KrkBoard board(s);
    return in.kind == search::Instance::Kind::measure
               ? endgame::library::measure<Buffer>(board, in)
               : endgame::library::predicate<Buffer>(board, in);
}

void KrkDomain::generate(const search::Instance& in, const State& s, Buffer& out) const {
    endgame::library::generate(KrkBoard(s), in, out);
}

} // namespace al0::krk

namespace al0::search {
template class Evaluator<krk::KrkDomain>;
template class AdviceSearch<krk::KrkDomain>;
template void build_tree_into<krk::KrkDomain>(const krk::KrkDomain&, const Program&,
                                              const krk::KrkState&, const Options&,
                                              SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
