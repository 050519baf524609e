#pragma once
// The move-constraint half of the Evaluator (evaluator.hpp): the moves a constraint allows at a
// node, through generators, filters and orders. Included by evaluator.hpp; not on its own.

#include "engine/search/evaluator.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace al0::search {

// Appends the moves the constraint allows at a node of the given depth, in its order, each
// once: a move that an earlier `then` alternative allowed is not repeated (it would only be
// searched again), so `out` never holds more than the node's distinct moves.
template <Domain D>
void Evaluator<D>::generate(const MoveConstraint& c, const State& s, int depth, Buffer& out,
                            const State* root) const {
    for (const Conjunction& alt : c.alternatives) {
        if (alt.generators.empty()) continue;
        bool depth_ok = true;
        for (const DepthTest& t : alt.depth_tests) depth_ok = depth_ok && t.accepts(depth);
        if (!depth_ok) continue;
        if (out.size() == 0 && alt.generators.size() == 1) {
            generator(alt.generators[0], s, depth, root, out);
            continue;
        }
        // The first generator's moves in its order, narrowed by each further generator,
        // which is generated once per node, not once per move.
        Buffer kept, other;
        generator(alt.generators[0], s, depth, root, kept);
        for (std::size_t g = 1; g < alt.generators.size(); ++g) {
            other.clear();
            generator(alt.generators[g], s, depth, root, other);
            kept.retain_if([&](Move m) { return other.contains(m); });
        }
        for (Move m : kept)
            if (!out.contains(m)) out.push(m);
    }
}

// Appends the moves of generator node G. ROOT is needed by filters and orders only; without
// it the node itself stands for the root.
template <Domain D>
void Evaluator<D>::generator(std::uint16_t g, const State& s, int depth, const State* root,
                             Buffer& out) const {
    const GeneratorNode& n = program_.generators[g];
    if (n.op == GeneratorOp::primitive) return primitive(n, s, out);
    const State& r = root ? *root : s;
    if (n.op == GeneratorOp::order) return order(n, s, depth, r, out);
    Buffer inner;
    if (n.node_blind()) { // tested once, at the root, not after each move
        if (!filter_holds(n, r, r)) return;
        generate(program_.constraints[n.inner], s, depth, inner, &r);
        for (Move m : inner) out.push(m);
        return;
    }
    generate(program_.constraints[n.inner], s, depth, inner, &r);
    if constexpr (RoleDomain<D>)
        if (n.goal_roles != ALL_ROLES) return filter_by_roles(n, s, r, inner, out);
    for (Move m : inner)
        if (filter_holds_after(n, s, m, r)) out.push(m);
}

// Appends the moves of INNER after which filter N's goal holds, where the goal reads the
// pieces of N.goal_roles alone: after a move that leaves them alone it is the goal at s,
// tested once, and the move is not played (KQK's mate searches keep the queen moves of
// `filter(legal, mate_ready)`, which reads the kings, so).
template <Domain D>
template <RoleDomain Dom>
void Evaluator<D>::filter_by_roles(const GeneratorNode& n, const State& s, const State& r,
                                   const Buffer& inner, Buffer& out) const {
    int at_s = -1; // the goal at s: unknown, false or true
    const auto moves_them = domain_.moves_of_roles(s, n.goal_roles);
    for (Move m : inner) {
        bool keep;
        if (moves_them(m)) {
            keep = filter_holds_after(n, s, m, r);
        } else {
            if (at_s < 0) at_s = filter_holds(n, s, r);
            keep = at_s;
        }
        if (keep) out.push(m);
    }
}

// Appends the moves of order node N: a stable insertion sort by the measure after each
// move, smallest first. An order of an order (`g by a by b`) sorts by b, then by a, then in
// g's order: nested stable sorts are one sort by the list of keys, the outer measure first.
// Why one sort: each move is played once and the measures after it share its values, where
// each nested order would play every move again.
template <Domain D>
void Evaluator<D>::order(const GeneratorNode& n, const State& s, int depth, const State& r,
                         Buffer& out) const {
    std::array<const GeneratorNode*, MAX_FUSED_ORDERS> orders{&n};
    std::size_t levels = 1;
    const GeneratorNode* o = &n;
    for (const GeneratorNode* next;
         levels < MAX_FUSED_ORDERS && (next = sole_order(program_.constraints[o->inner])); o = next)
        orders[levels++] = next;
    // Whether every level's measure is compiled (engine/codegen): each plays the move itself.
    bool compiled = false;
    if constexpr (requires { typename D::GoalAfterMove; })
        compiled = std::all_of(orders.begin(), orders.begin() + std::ptrdiff_t(levels),
                               [](const GeneratorNode* x) { return x->native_measure_after; });
    Buffer moves;
    generate(program_.constraints[o->inner], s, depth, moves, &r);
    if (moves.size() <= 1) { // nothing to sort: no move played, no measure taken
        for (Move m : moves) out.push(m);
        return;
    }
    using Keys = std::array<std::int32_t, MAX_FUSED_ORDERS>;
    std::array<Keys, D::traits.max_moves> keys;
    // Indices into MOVES in sorted order. Why not the moves: an array of moves is zeroed on
    // every call (7% of the time in the sort).
    static_assert(D::traits.max_moves <= 256);
    std::array<std::uint8_t, D::traits.max_moves> sorted;
    for (int count = 0; count < moves.size(); ++count) {
        const Move m = moves.begin()[count];
        Keys key{};
        if constexpr (requires { typename D::GoalAfterMove; })
            if (compiled)
                for (std::size_t l = 0; l < levels; ++l)
                    key[l] = reinterpret_cast<typename D::GoalAfterMove>(
                        orders[l]->native_measure_after)(s, m, r);
        if (!compiled) {
            NodeValues values;
            const State after = domain_.play(s, m);
            for (std::size_t l = 0; l < levels; ++l)
                key[l] = value(orders[l]->measure, after, r, values);
        }
        int i = count;
        for (; i > 0 && keys[std::size_t(i - 1)] > key; --i) {
            keys[std::size_t(i)] = keys[std::size_t(i - 1)];
            sorted[std::size_t(i)] = sorted[std::size_t(i - 1)];
        }
        keys[std::size_t(i)] = key;
        sorted[std::size_t(i)] = std::uint8_t(count);
    }
    for (int i = 0; i < moves.size(); ++i) out.push(moves.begin()[sorted[std::size_t(i)]]);
}

// The order node that is the whole of constraint C (one generator, no depth test), if any.
template <Domain D>
const GeneratorNode* Evaluator<D>::sole_order(const MoveConstraint& c) const {
    if (c.alternatives.size() != 1 || !c.alternatives[0].depth_tests.empty() ||
        c.alternatives[0].generators.size() != 1)
        return nullptr;
    const GeneratorNode& g = program_.generators[c.alternatives[0].generators[0]];
    return g.op == GeneratorOp::order ? &g : nullptr;
}

} // namespace al0::search
