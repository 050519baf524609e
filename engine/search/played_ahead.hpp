#pragma once
// A node's children in move order, played ahead of their search (AdviceSearch's loops).

#include "engine/search/domain.hpp"
#include "engine/search/failure_memo.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <new>
#include <type_traits>

namespace al0::search {

// The children of a node in move order, each played two ahead of its search: the next
// siblings' failure memo buckets load while this one is searched. Why: a bucket prefetched
// only when its node was entered arrived too late (a quarter of KQK's verification waited on
// the probe); two ahead measured faster than one. Without a memo, each is played when due.
// D plays a move and, when CODED, codes a state (play, code): a Domain, or the rules a search
// compiled for an advice plays by (FixedSearch), which name their CODED and MAX_MOVES.
template <class D, bool Coded = CodedDomain<D>, int MaxMoves = D::traits.max_moves>
class PlayedAhead {
  public:
    using State = typename D::State;
    using Buffer = MoveBuffer<typename D::Move, MaxMoves>;

    // MEMO (may be null) is the failure memo, MEMO_DEPTH the children's depth as it keys them.
    PlayedAhead(const D& domain, const FailureMemo* memo, const State& s, const Buffer& moves,
                int memo_depth)
        : domain_(domain), memo_(memo), s_(s), moves_(moves), memo_depth_(memo_depth) {
        for (int k = 0; k < AHEAD && k < moves.size(); ++k) play(k);
    }
    // The child of move K, after the child of move K - 1 (K = 0 first).
    const State& next(int k) {
        if (k + AHEAD < moves_.size()) play(k + AHEAD);
        return played_[k & (SLOTS - 1)].state;
    }
    // Its code, when the memos are on (else 0).
    [[nodiscard]] std::uint64_t code(int k) const { return played_[k & (SLOTS - 1)].code; }

  private:
    static constexpr int AHEAD = Coded ? 2 : 0;
    // Why a power of two: the slot of move K is K's low bits (K % 3 cost a multiplication and
    // shifts at each of a child's three reads).
    static constexpr int SLOTS = int(std::bit_ceil(unsigned(AHEAD + 1)));
    // Why no default State: the move is played straight into its slot, never copied.
    struct Slot {
        Slot() {}
        union {
            State state;
        };
        std::uint64_t code = 0;
    };
    static_assert(std::is_trivially_destructible_v<State>);

    void play(int k) {
        Slot& slot = played_[k & (SLOTS - 1)];
        ::new (&slot.state) State(domain_.play(s_, moves_.begin()[k]));
        if constexpr (Coded)
            if (memo_) {
                slot.code = domain_.code(slot.state);
                memo_->prefetch(slot.code, memo_depth_);
            }
    }

    const D& domain_;
    const FailureMemo* memo_;
    const State& s_;
    const Buffer& moves_;
    int memo_depth_;
    std::array<Slot, SLOTS> played_;
};

} // namespace al0::search
