#pragma once
// The speed switches a domain gives the search core, gathered in one type: each domain declares
// `static constexpr search::Traits traits{...}`, and the core reads them there and nowhere else.
// None changes a tree or a verdict; each trades memory or bookkeeping for time.

namespace al0::search {

struct Traits {
    // The most distinct moves any node has: the size of the move buffers, so that no node
    // allocates. A domain that generates more is a bug (MoveBuffer::push throws).
    int max_moves = 0;
    // Remember which nodes failed (failure_memo.hpp), keyed by the domain's exact state code
    // (D::code: states with equal codes are equal for every goal and generator). Worth it where
    // searches are deep enough for transpositions; where they are a few plies (the book's KRK
    // advice) its cache misses cost more than it saves.
    bool failure_memo = false;
    // Whether a primitive may read the root of the search. When not, advice without root(E)
    // fails at a node the same from any root, and the failure memo keeps its entries across
    // searches.
    bool primitives_read_root = true;
    // Remember won nodes and copy a subtree where its position comes again (success_memo.hpp);
    // needs the failure memo's codes.
    bool copies_wins = false;
    // The walk of the exhaustive modes (enumerate.hpp) is compiled for each node test whose goals
    // are each one of the predicates with ids below fixed_predicates and whose us constraint is
    // one of the generators with ids below fixed_generators, so that the test is inline code,
    // not a switch over ids. Worth it where a node test costs a few instructions (N-queens);
    // each costs a walk compiled (fixed_predicates² × fixed_generators of them).
    int fixed_predicates = 0;
    int fixed_generators = 0;
};

} // namespace al0::search
