#pragma once
// The KRK domain of a table over the chess library (one that declares `material KRK`, such as
// a table read over the prelude lib/krk_book): KrkDomain's board and library, searched with a
// failure memo kept across searches, its goals interpreted or compiled to machine code. And the
// one place that decides which of the KRK domains a program runs on (on_krk_domain).

#include "engine/krk/krk_compiled_domain.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/krk/krk_predicates.hpp"

namespace al0::krk {

// Why a type apart from KrkDomain: a program of the library's instances reads the root only
// through its root(E) values (the library's primitives are never given the root), so its
// failures hold from every root with the same values and are worth keeping across searches
// (verifying the book table over the prelude searched 7.2 million nodes without them, 4.8
// million with them). The native library's predicates read the root, so KrkDomain keeps no
// memo; a KrkDomain that could carry one compiled the native search 11 % slower.
class KrkLibraryDomain {
  public:
    using State = KrkState;
    using Move = al0::Move;
    static constexpr search::Traits traits{.max_moves = KrkDomain::traits.max_moves,
                                           .failure_memo = true,
                                           .primitives_read_root = false};
    using Buffer = KrkDomain::Buffer;

    [[nodiscard]] bool us_to_move(const State& s) const { return native_.us_to_move(s); }
    [[nodiscard]] State play(const State& s, Move m) const { return native_.play(s, m); }
    // Each square in a byte and the side to move: exact.
    [[nodiscard]] std::uint64_t code(const State& s) const {
        return std::uint64_t(s.wk) | std::uint64_t(s.wr) << 8 | std::uint64_t(s.bk) << 16 |
               std::uint64_t(s.stm) << 24;
    }
    // The library's predicates and generators without arguments, by id (contract::chess ids),
    // as endgame::Domain answers them. The compiler asks a table with material for each
    // primitive as an instance, so these only meet the Domain concept.
    [[nodiscard]] bool holds(std::uint8_t predicate, const State& s, const State& root) const;
    void generate(std::uint8_t generator, const State& s, Buffer& out) const;
    // A library primitive applied to roles (0 our_king, 1 their_king, 2 our_rook): KrkDomain's.
    [[nodiscard]] std::int32_t value(const search::Instance& in, const State& s) const {
        return native_.value(in, s);
    }
    void generate(const search::Instance& in, const State& s, Buffer& out) const {
        native_.generate(in, s, out);
    }

  private:
    KrkDomain native_;
};

static_assert(search::InstanceDomain<KrkLibraryDomain> &&
              search::RootBlindDomain<KrkLibraryDomain> &&
              !search::CopyingDomain<KrkLibraryDomain>);

// KrkLibraryDomain with a program's goals compiled to machine code (engine/codegen's
// krk_library_goal_source): the search asks each advice's one function
// (CompiledAdvice::native_goals) in place of its goals, and each filter's (GeneratorNode::
// native_goal) where it has one. Why a type apart: as KrkCompiledDomain beside KrkDomain, the
// search compiled for a domain that may take either path would test which at every node.
class KrkLibraryCompiledDomain : public KrkLibraryDomain {
  public:
    using NodeGoals = predicates::NodeGoals;
    using GoalAfterMove = moves::GoalAfterMove;
};

static_assert(search::NodeGoalsDomain<KrkLibraryCompiledDomain> &&
              !search::NodeGoalsDomain<KrkLibraryDomain>);

// Calls RUN with the domain PROGRAM runs on over KRK states and returns what it returns: for a
// program of the library's instances KrkLibraryCompiledDomain when its goals are loaded as
// machine code (engine/codegen), else KrkLibraryDomain; else the native library:
// KrkCompiledDomain when its goals are loaded as machine code, else KrkDomain. The KRK
// verifier, `verify --advice` and the benches search a KRK program on the domain this picks.
// Why always inline: out of line (as gcc leaves it with four domains), the call cost the book
// table's verification over the prelude 15 instructions a tree.
template <class Run>
[[gnu::always_inline]] inline decltype(auto) on_krk_domain(const search::Program& program,
                                                           Run&& run) {
    if (program.instances) {
        if (program.native_library) return run(KrkLibraryCompiledDomain{});
        return run(KrkLibraryDomain{});
    }
    if (program.native_library) return run(KrkCompiledDomain{});
    return run(KrkDomain{});
}

// Builds PROGRAM's plan at ROOT into RESULT (search::build_tree_into) on the domain it runs on.
// Inline: out of line, the call cost the book table's verification 0.07 % more instructions.
inline void build_krk_tree_into(const search::Program& program, const KrkState& root,
                                const search::Options& options,
                                search::SearchResult<Move>& result) {
    on_krk_domain(program, [&](const auto& domain) {
        search::build_tree_into(domain, program, root, options, result);
    });
}

} // namespace al0::krk

// The search is instantiated once for each, in krk_library_domain.cpp and (apart, so that gcc
// compiles the interpreted one as before) krk_library_compiled_domain.cpp.
namespace al0::search {
extern template class Evaluator<krk::KrkLibraryDomain>;
extern template class AdviceSearch<krk::KrkLibraryDomain>;
extern template void build_tree_into<krk::KrkLibraryDomain>(const krk::KrkLibraryDomain&,
                                                            const Program&, const krk::KrkState&,
                                                            const Options&, SearchResult<Move>&,
                                                            const std::vector<Move>*);
extern template class Evaluator<krk::KrkLibraryCompiledDomain>;
extern template class AdviceSearch<krk::KrkLibraryCompiledDomain>;
extern template void
build_tree_into<krk::KrkLibraryCompiledDomain>(const krk::KrkLibraryCompiledDomain&, const Program&,
                                               const krk::KrkState&, const Options&,
                                               SearchResult<Move>&, const std::vector<Move>*);
} // namespace al0::search
