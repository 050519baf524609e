#pragma once
// The KRK domain of the search core: docs/KRK_LIBRARY.md's predicates and move generators, in the
// book's move order, on KrkState.

#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/search/core.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace al0::krk {

class KrkDomain {
  public:
    using State = KrkState;
    using Move = al0::Move;
    // 48 moves: a king's 8 plus a rook's 14, with room to spare. No failure memo: the book's
    // advice searches a few plies, where a transposition is rare; with the memo, verifying the
    // book table saved 98 of its 7.2 million nodes and paid a cache miss per inner node, about
    // twice the CPU time.
    static constexpr search::Traits traits{.max_moves = 48};
    using Buffer = search::MoveBuffer<Move, traits.max_moves>;

    [[nodiscard]] bool us_to_move(const State& s) const { return s.stm == WHITE; }
    // Inline: the verifier's walk plays every reply it follows. Why on the state's four bytes
    // as one word (byte i: its i-th square, byte 3 the side): field by field, gcc loaded each
    // byte and assembled the word again, a third of the instructions of playing a reply.
    [[nodiscard]] State play(const State& s, Move m) const {
        static_assert(sizeof(State) == 4 && std::endian::native == std::endian::little);
        static_assert(offsetof(State, wk) == 0 && offsetof(State, wr) == 1 &&
                      offsetof(State, bk) == 2 && offsetof(State, stm) == 3);
        static_assert(WHITE == 0 && BLACK == 1); // the side flips by its lowest bit
        auto w = std::bit_cast<std::uint32_t>(s);
        const auto to = std::uint32_t(m.to());
        if (s.stm == BLACK) {
            w = (w & ~0xff0000u) | to << 16;
            if (m.to() == s.wr) w = (w & ~0xff00u) | std::uint32_t(SQ_NONE) << 8;
        } else {
            const int shift = m.from() == s.wk ? 0 : 8;
            w = (w & ~(0xffu << shift)) | to << shift;
        }
        return std::bit_cast<State>(w ^ 0x01000000u); // the other side to move
    }
    [[nodiscard]] bool holds(std::uint8_t predicate, const State& s, const State& root) const;
    [[nodiscard]] bool holds_steps(const search::PredicateSteps& goal, const State& s,
                                   const State& root) const;
    // Inline (below): its switch in the search's loop cost a call per inner node.
    [[gnu::always_inline]] void generate(std::uint8_t generator, const State& s, Buffer& out) const;

    // The chess primitive library (tables that declare `material KRK.`): roles 0 our_king,
    // 1 their_king, 2 our_rook. The library of engine/endgame on KrkBoard.
    [[nodiscard]] std::int32_t value(const search::Instance& in, const State& s) const;
    void generate(const search::Instance& in, const State& s, Buffer& out) const;
};

static_assert(search::InstanceDomain<KrkDomain> && search::StepsDomain<KrkDomain> &&
              !search::CodedDomain<KrkDomain>);

} // namespace al0::krk

// The search is instantiated for KRK once, in krk_domain.cpp, beside the predicates and
// generators, so that the compiler can inline them into the search loop.
namespace al0::search {
extern template class Evaluator<krk::KrkDomain>;
extern template class AdviceSearch<krk::KrkDomain>;
extern template void build_tree_into<krk::KrkDomain>(const krk::KrkDomain&, const Program&,
                                                     const krk::KrkState&, const Options&,
                                                     SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search

namespace al0::krk {

// The measures and tests behind the predicates, exposed for tests and explanations.
int room(const KrkState& s);
bool in_check(const KrkState& s);
bool black_has_move(const KrkState& s);
void black_moves(const KrkState& s, KrkDomain::Buffer& out);
void king_diag_first(const KrkState& s, KrkDomain::Buffer& out);
void rook_moves(const KrkState& s, KrkDomain::Buffer& out);
void check_moves(const KrkState& s, KrkDomain::Buffer& out);
void king_toward(const KrkState& s, KrkDomain::Buffer& out);
void rook_by_room(const KrkState& s, KrkDomain::Buffer& out);

inline void KrkDomain::generate(std::uint8_t generator, const State& s, Buffer& out) const {
    if (s.stm == BLACK) { // Black has its king alone, whose moves only `legal` gives
        if (generator == G_LEGAL) black_moves(s, out);
        return;
    }
    switch (Generator(generator)) {
    case G_LEGAL:
        king_diag_first(s, out);
        return rook_moves(s, out);
    case G_KINGDIAGFIRST:
        return king_diag_first(s, out);
    case G_ROOKMOVE:
        return rook_moves(s, out);
    case G_CHECKMOVE:
        return check_moves(s, out);
    case G_KINGTOWARD:
        return king_toward(s, out);
    case G_ROOKBYROOM:
        return rook_by_room(s, out);
    case G_NOMOVE:
    case GENERATOR_NB:
        return;
    }
}

} // namespace al0::krk
