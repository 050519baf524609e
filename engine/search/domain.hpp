#pragma once
// What the search core asks of a domain: the Domain concepts a domain meets, and the fixed move
// buffer its generators fill for one node. No chess here.

#include "engine/search/program.hpp"
#include "engine/search/traits.hpp"

#include <bit>
#include <concepts>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace al0::search {

// Moves of one node, on the stack. The storage is left uninitialised (zeroing it showed up as
// a sixth of the per-node cost); only pushed moves are ever read.
template <class Move, int N>
class MoveBuffer {
    static_assert(std::is_trivially_copyable_v<Move> && std::is_trivially_destructible_v<Move>);

  public:
    MoveBuffer() {}
    // Why a throw and not a silent drop: a dropped reply would make a "forcing" tree unsound.
    // N must bound the distinct moves of any node (the domain's traits.max_moves), so this is a
    // domain's bug; Evaluator::generate never repeats a move.
    void push(Move m) {
        const int n = size_;
        if (n >= N) [[unlikely]]
            overflow();
        ::new (static_cast<void*>(storage_ + n * sizeof(Move))) Move(m);
        // The size is written after the move: a byte-sized move may alias it, and written
        // before, the next push would have to read it back from memory.
        size_ = n + 1;
    }
    // Appends m when KEEP holds, with no branch on KEEP. Why: a generator that tests each
    // candidate square (KRK's rook and kings) otherwise pays a misprediction wherever the kept
    // squares follow no pattern.
    void push_if(Move m, bool keep) {
        const int n = size_;
        if (n >= N) [[unlikely]] {
            if (keep) overflow();
            return;
        }
        ::new (static_cast<void*>(storage_ + n * sizeof(Move))) Move(m);
        size_ = n + int(keep);
    }
    // Appends move_at(0), ..., move_at(count - 1). Why apart from push: one bound test and one
    // size written for them all (a king's moves from a mask).
    template <class MoveAt>
    void push_each(int count, MoveAt move_at) {
        const int n = size_;
        if (n + count > N) [[unlikely]]
            overflow();
        for (int i = 0; i < count; ++i)
            ::new (static_cast<void*>(storage_ + (n + i) * sizeof(Move))) Move(move_at(i));
        size_ = n + count;
    }
    [[nodiscard]] int size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] const Move* begin() const {
        return std::launder(reinterpret_cast<const Move*>(storage_));
    }
    [[nodiscard]] const Move* end() const { return begin() + size_; }
    [[nodiscard]] bool contains(Move m) const {
        for (const Move& x : *this)
            if (x == m) return true;
        return false;
    }
    void clear() { size_ = 0; }
    // Keeps, in order, the moves for which keep(move) is true.
    template <class Keep>
    void retain_if(Keep keep) {
        int n = 0;
        for (int i = 0; i < size_; ++i) {
            const Move m = begin()[i];
            if (keep(m)) ::new (static_cast<void*>(storage_ + n++ * sizeof(Move))) Move(m);
        }
        size_ = n;
    }

  private:
    [[noreturn, gnu::cold, gnu::noinline]] static void overflow() {
        throw std::logic_error(
            "a move buffer of " + std::to_string(N) +
            " moves overflowed: the domain generates more than its traits.max_moves");
    }

    alignas(Move) unsigned char storage_[N * sizeof(Move)];
    int size_ = 0;
};

// The moves of a node as a set of bits, lowest first: bit i is the move Move(i). Why: a domain
// whose moves are the set bits of a mask (N-queens' free columns) hands the walks of
// enumerate.hpp the mask itself, which they iterate as a plain bitmask loop does, instead of
// moves written to a buffer and read back.
template <class Move>
class MoveMask {
  public:
    explicit MoveMask(std::uint64_t bits) : bits_(bits) {}
    [[nodiscard]] int size() const { return std::popcount(bits_); }
    [[nodiscard]] bool empty() const { return bits_ == 0; }

    struct End {};
    class Iterator {
      public:
        explicit Iterator(std::uint64_t bits) : bits_(bits) {}
        Move operator*() const { return Move(std::countr_zero(bits_)); }
        Iterator& operator++() {
            bits_ &= bits_ - 1;
            return *this;
        }
        bool operator!=(End) const { return bits_ != 0; }

      private:
        std::uint64_t bits_;
    };
    [[nodiscard]] Iterator begin() const { return Iterator(bits_); }
    [[nodiscard]] static End end() { return {}; }

  private:
    std::uint64_t bits_;
};

template <class D>
concept Domain = requires(const D& d, const typename D::State& s, typename D::Move m,
                          std::uint8_t id, MoveBuffer<typename D::Move, D::traits.max_moves>& out) {
    { d.us_to_move(s) } -> std::same_as<bool>;
    { d.play(s, m) } -> std::same_as<typename D::State>;
    { d.holds(id, s, s) } -> std::same_as<bool>; // predicate id at node s, given the root
    {d.generate(id, s, out)};                    // appends in the generator's order
    { m == m } -> std::convertible_to<bool>;
};

// A domain with measures: it gives the value of a primitive measure or predicate instance.
template <class D>
concept MeasureDomain = Domain<D> &&
    requires(const D& d, const typename D::State& s, const Instance& i) {
    { d.value(i, s) } -> std::convertible_to<std::int32_t>;
};

// A domain whose primitives all take arguments (roles): generators too are asked as instances.
template <class D>
concept InstanceDomain = MeasureDomain<D> &&
    requires(const D& d, const typename D::State& s, const Instance& i,
             MoveBuffer<typename D::Move, D::traits.max_moves>& out) {
    {d.generate(i, s, out)};
};

// An instance domain that tells which moves at a state may move, take or promote a piece of
// some role arguments (bit r: role r): moves_of_roles(s, roles)(m) is true for each move that
// does (and maybe for others). Why: the evaluator plays no move that leaves a filter's goal's
// pieces alone (GeneratorNode::goal_roles).
template <class D>
concept RoleDomain = InstanceDomain<D> &&
    requires(const D& d, const typename D::State& s, typename D::Move m, std::uint32_t roles) {
    { d.moves_of_roles(s, roles)(m) } -> std::convertible_to<bool>;
};

// A domain whose generators' moves, by generator id, are the bits of a MoveMask, in their order.
template <class D>
concept MaskDomain = Domain<D> &&
    requires(const D& d, const typename D::State& s, std::uint8_t id) {
    { d.move_mask(id, s) } -> std::same_as<MoveMask<typename D::Move>>;
};

// A domain that runs a goal of predicates alone (PredicateSteps) in one call. Why: its
// predicates' switch then lies inline in the steps' loop, not behind a call per predicate.
template <class D>
concept StepsDomain = Domain<D> &&
    requires(const D& d, const typename D::State& s, const PredicateSteps& goal) {
    { d.holds_steps(goal, s, s) } -> std::same_as<bool>;
};

// A domain whose advice goals may run as machine code compiled for a program (engine/codegen):
// D::NodeGoals is the signature of CompiledAdvice::native_goals for it, a function of the node
// and the root that returns their GoalVerdict as an int.
template <class D>
concept NodeGoalsDomain = Domain<D> &&
    requires(const typename D::State& s, typename D::NodeGoals goals) {
    { goals(s, s) } -> std::same_as<int>;
};
// The type of a domain's native goals: D::NodeGoals, or NativeFunction (never called) for a
// domain without.
template <class D>
struct NodeGoalsOf {
    using type = NativeFunction;
};
template <NodeGoalsDomain D>
struct NodeGoalsOf<D> {
    using type = typename D::NodeGoals;
};

// A domain whose traits ask for the failure memo (traits.hpp), keyed by its exact state code.
template <class D>
concept CodedDomain = Domain<D> &&
                      D::traits.failure_memo&& requires(const D& d, const typename D::State& s) {
    { d.code(s) } -> std::same_as<std::uint64_t>;
};

// A coded domain whose primitives never look at the root (traits.primitives_read_root false).
template <class D>
concept RootBlindDomain = CodedDomain<D> && !D::traits.primitives_read_root;

// A coded domain that copies won subtrees where their position comes again
// (traits.copies_wins).
template <class D>
concept CopyingDomain = CodedDomain<D> && D::traits.copies_wins;

} // namespace al0::search
