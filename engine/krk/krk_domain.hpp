#pragma once
// The KRK domain of the search core: docs/KRK_LIBRARY.md's predicates and move generators, in the
// book's move order, on KrkState.

#include "engine/krk/krk_moves.hpp"
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
    // No failure memo: the book's advice searches a few plies, where a transposition is rare;
    // with the memo, verifying the book table saved 98 of its 7.2 million nodes and paid a cache
    // miss per inner node, about twice the CPU time.
    static constexpr search::Traits traits{.max_moves = moves::MAX_MOVES};
    using Buffer = moves::MoveList;

    [[nodiscard]] bool us_to_move(const State& s) const { return s.stm == WHITE; }
    // Inline: the verifier's walk plays every reply it follows.
    [[nodiscard]] State play(const State& s, Move m) const { return moves::play(s, m); }
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
    if (s.stm == BLACK) return moves::generate<BLACK>(generator, s, out);
    moves::generate<WHITE>(generator, s, out);
}

} // namespace al0::krk
