#pragma once
// The endgame domain of the search core: the chess primitive library (contract/chess_library.hpp,
// docs/LIBRARY.md) for any material of up to five pieces, pawns included, on the chess core's
// Position, with us as White.

#include "contract/chess_library.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"
#include "engine/endgame/state_code.hpp"
#include "engine/search/core.hpp"

namespace al0::endgame {

class Domain {
  public:
    using State = endgame::State;
    using Move = al0::Move;
    // Why 96 moves: a king's 8 and three queens' 27 each make 89, the most any node of five
    // pieces has (three pawns make at most 36 with promotions). The memos: its tables search
    // deep enough (KPK's races, mates in 3 and 4) for transpositions. The library's primitives
    // read the node only; root(E) is the table's own business.
    static constexpr search::Traits traits{
        .max_moves = 96, .failure_memo = true, .primitives_read_root = false, .copies_wins = true};
    using Buffer = search::MoveBuffer<Move, traits.max_moves>;

    explicit Domain(const Roles& roles) : roles_(roles), pawn_roles_(pawn_roles(roles)) {}
    [[nodiscard]] const Roles& roles() const { return roles_; }

    [[nodiscard]] bool us_to_move(const State& s) const { return s.stm == WHITE; }
    [[nodiscard]] State play(const State& s, Move m) const; // play_move (play.hpp)
    // A test of the moves at s (search::RoleDomain): true for each move that moves, takes or
    // promotes a piece of ROLES (bit r: role r), and for any move to the en passant square
    // when the pawn taken there en passant is one of them.
    struct RoleMoves {
        Bitboard squares; // where the pieces of the roles stand, and that en passant square
        [[nodiscard]] bool operator()(Move m) const {
            return (square_bb(m.from()) | square_bb(m.to())) & squares;
        }
    };
    // Why squares worked out once for a node's moves: a test of each role's square at each
    // move was three fifths of filter_by_roles' own instructions in KPK's verification.
    [[nodiscard]] RoleMoves moves_of_roles(const State& s, std::uint32_t roles) const {
        Bitboard squares = 0;
        // Over the material's roles alone: the others stand on SQ_NONE.
        for (int r = 0; r < roles_.count; ++r)
            if ((roles >> r & 1) && s.sq[r] != SQ_NONE) squares |= square_bb(s.sq[r]);
        const Square ep = s.ep;
        if (is_ok(ep) && (squares & square_bb(Square(ep - pawn_push(s.stm)))))
            squares |= square_bb(ep);
        return {squares};
    }
    // The library's predicates and generators without arguments, by id (contract::chess ids).
    [[nodiscard]] bool holds(std::uint8_t predicate, const State& s, const State& root) const;
    void generate(std::uint8_t generator, const State& s, Buffer& out) const;
    // A library primitive applied to roles: a measure's value, a predicate's (1 or 0), a
    // generator's moves in its order. Why a square's file and rank, two squares' distances,
    // captured and them_to_move inline, the rest in the library: the call cost more than they
    // do (the measures: 0.8 % of KPK's verification; the two predicates: two fifths of the
    // book table's calls into the library, 2 % of its trees' instructions). The same meaning
    // as the library's (library.hpp, square_measures.hpp).
    [[nodiscard, gnu::always_inline]] std::int32_t value(const search::Instance& in,
                                                         const State& s) const {
        namespace lib = contract::chess;
        if (in.kind == search::Instance::Kind::measure && in.primitive <= lib::M_RANK) {
            const Square a = s.sq[in.args[0]], b = s.sq[in.args[1]];
            if (!((a | b) & SQ_NONE)) switch (lib::Measure(in.primitive)) {
                case lib::M_DISTANCE:
                    return distance(a, b);
                case lib::M_MANHATTAN:
                    return manhattan(a, b);
                case lib::M_FILE:
                    return file_of(a) + 1;
                default:
                    return rank_of(a) + 1;
                }
        } else if (in.kind == search::Instance::Kind::predicate) {
            if (in.primitive == lib::P_CAPTURED) return s.sq[in.args[0]] == SQ_NONE;
            if (in.primitive == lib::P_THEM_TO_MOVE) return !us_to_move(s);
        }
        return library_value(in, s);
    }
    void generate(const search::Instance& in, const State& s, Buffer& out) const;
    // An exact code of the state (state_code).
    [[nodiscard]] std::uint64_t code(const State& s) const;

  private:
    [[nodiscard]] std::int32_t library_value(const search::Instance& in, const State& s) const;
    Roles roles_;
    std::uint32_t pawn_roles_;
};

static_assert(search::RoleDomain<Domain> && search::RootBlindDomain<Domain> &&
              search::CopyingDomain<Domain>);

} // namespace al0::endgame

// The search is instantiated for the endgame domain once, in domain.cpp, beside the library,
// so that the primitives inline into the search loop.
namespace al0::search {
extern template class Evaluator<endgame::Domain>;
extern template class AdviceSearch<endgame::Domain>;
extern template void build_tree_into<endgame::Domain>(const endgame::Domain&, const Program&,
                                                      const endgame::State&, const Options&,
                                                      SearchResult<Move>&,
                                                      const std::vector<Move>*);
} // namespace al0::search
