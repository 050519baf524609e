// The endgame domain (engine/endgame) against the KRK domain (engine/krk), which must agree on
// KRK positions: every primitive instance with every role combination, and the book table's
// trees over the AL0 prelude (the other materials: test_endgame_positions.cpp).

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "contract/chess_library.hpp"
#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/compile/compile.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/state_board.hpp"
#include "engine/endgame/think.hpp"
#include "engine/krk/krk_board.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/verify/krk/krk_states.hpp"
#include "tables/builtin.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/same_search.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

namespace test_endgame_domain {

namespace {

using namespace al0;
namespace lib = contract::chess;
using search::Instance;

const endgame::Roles& krk_roles() {
    static const endgame::Roles roles = *endgame::roles_of("KRK");
    return roles;
}

endgame::State endgame_state(const krk::KrkState& s) {
    auto o = endgame::orient(krk_roles(), krk::to_position(s));
    REQUIRE(o);
    REQUIRE_FALSE(o->flipped);
    return o->state;
}

// Every primitive instance of the library on KRK's three roles.
std::vector<Instance> krk_instances() {
    std::vector<Instance> all;
    for (std::uint8_t p = 0; p < lib::PREDICATE_NB; ++p)
        for (std::uint8_t a = 0; a < (lib::predicate_arity[p] ? 3 : 1); ++a)
            for (std::uint8_t b = 0; b < (lib::predicate_arity[p] == 2 ? 3 : 1); ++b)
                all.push_back({Instance::Kind::predicate, p, {a, b, 0}});
    for (std::uint8_t m = 0; m < lib::MEASURE_NB; ++m)
        for (std::uint8_t a = 0; a < 3; ++a)
            for (std::uint8_t b = 0; b < (lib::measure_names[m].arity == 2 ? 3 : 1); ++b)
                all.push_back({Instance::Kind::measure, m, {a, b, 0}});
    for (std::uint8_t g = 0; g < lib::GENERATOR_NB; ++g)
        for (std::uint8_t a = 0; a < (lib::generator_names[g].arity ? 3 : 1); ++a)
            all.push_back({Instance::Kind::generator, g, {a, 0, 0}});
    return all;
}

std::string describe(const Instance& in, const krk::KrkState& s) {
    std::ostringstream o;
    o << krk::to_position(s).fen() << " kind " << int(in.kind) << " primitive " << int(in.primitive)
      << " args " << int(in.args[0]) << "," << int(in.args[1]);
    return o.str();
}

// Returns the number of instances on which the two domains differ at S (reporting the first).
int differences(const krk::KrkState& s, const std::vector<Instance>& instances) {
    static const krk::KrkDomain native;
    static const endgame::Domain general(krk_roles());
    const endgame::State e = endgame_state(s);
    int differ = 0;
    for (const Instance& in : instances) {
        bool same;
        if (in.kind == Instance::Kind::generator) {
            krk::KrkDomain::Buffer a;
            endgame::Domain::Buffer b;
            native.generate(in, s, a);
            general.generate(in, e, b);
            same = std::equal(a.begin(), a.end(), b.begin(), b.end());
        } else {
            same = native.value(in, s) == general.value(in, e);
        }
        if (!same && ++differ == 1) FAIL_CHECK(describe(in, s));
    }
    return differ;
}

// Checks every instance on every STRIDE-th White-to-move position and the positions after each
// White move there (Black to move).
void check_primitives(int stride) {
    const auto instances = krk_instances();
    static const krk::KrkDomain native;
    int positions = 0, differ = 0;
    const auto states = verify::legal_white_states();
    for (std::size_t i = 0; i < states.size(); i += std::size_t(stride)) {
        const krk::KrkState s = verify::state_at(states[i]);
        differ += differences(s, instances);
        krk::KrkDomain::Buffer moves;
        native.generate(lib::G_LEGAL, s, moves);
        for (Move m : moves) differ += differences(native.play(s, m), instances);
        positions += 1 + moves.size();
        if (differ > 5) break;
    }
    CHECK(differ == 0);
    CHECK(positions > int(states.size()) / stride);
}

// Checks that the book table over the prelude builds the same tree through both domains from
// every STRIDE-th White-to-move position.
void check_trees(int stride) {
    const search::Program program = over_prelude("krk_bratko");
    const krk::KrkDomain native;
    const endgame::Domain general(krk_roles());
    search::SearchResult<Move> a, b;
    int positions = 0, differ = 0;
    const auto states = verify::legal_white_states();
    for (std::size_t i = 0; i < states.size(); i += std::size_t(stride)) {
        const krk::KrkState s = verify::state_at(states[i]);
        search::build_tree_into(native, program, s, {}, a);
        search::build_tree_into(general, program, endgame_state(s), {}, b);
        ++positions;
        // Not the node counts: each domain codes its states its own way, so their failure
        // memos forget different nodes.
        const bool same = same_plan(a, b);
        if (!same && ++differ <= 3) {
            INFO(krk::to_position(s).fen());
            CHECK(a.rule == b.rule);
            CHECK(a.advice == b.advice);
        }
    }
    CHECK(positions == (int(states.size()) + stride - 1) / stride);
    CHECK(differ == 0);
}

} // namespace

TEST_CASE("roles of a material are its pieces with us as White, in the language's role order",
          "[endgame]") {
    auto kbnk = endgame::roles_of("KBNK");
    REQUIRE(kbnk);
    CHECK(kbnk->count == 4);
    CHECK(kbnk->piece[0] == W_KING);
    CHECK(kbnk->piece[1] == B_KING);
    CHECK(kbnk->piece[2] == W_BISHOP);
    CHECK(kbnk->piece[3] == W_KNIGHT);
    auto kqkr = endgame::roles_of("KQKR");
    REQUIRE(kqkr);
    CHECK(kqkr->piece[3] == B_ROOK);
    CHECK_FALSE(endgame::roles_of("KXK"));
}

TEST_CASE("every primitive instance of the endgame domain equals the KRK domain's on a sample of "
          "KRK positions and their Black-to-move successors",
          "[endgame][parity]") {
    check_primitives(97);
}

TEST_CASE("every primitive instance of the endgame domain equals the KRK domain's on all 175,168 "
          "White-to-move KRK positions and their successors",
          "[endgame][parity][.slow][slow]") {
    check_primitives(1);
}

namespace {

// Returns the number of the chess core's questions (board.hpp) on which KRK's compact board and
// the endgame State's board of the same position differ at S.
int board_differences(const krk::KrkState& s) {
    const endgame::State e = endgame_state(s);
    const krk::KrkBoard k(s);
    const endgame::StateBoard p(krk_roles(), e);
    int differ = 0;
    auto same = [&](auto a, auto b) { differ += a == b ? 0 : 1; };
    same(k.in_check(), p.in_check());
    same(k.occupied(), p.occupied());
    for (std::uint8_t role = 0; role < 3; ++role) {
        same(k.square(role), p.square(role));
        if (k.square(role) != SQ_NONE) same(k.piece(role), p.piece(role));
    }
    for (Color c : {WHITE, BLACK}) {
        same(k.king(c), p.king(c));
        same(k.pieces(c), p.pieces(c));
        for (PieceType pt : {KING, ROOK, QUEEN, BISHOP, KNIGHT, PAWN})
            same(k.pieces(c, pt), p.pieces(c, pt));
        for (Bitboard through : {Bitboard(0), square_bb(s.wk), square_bb(s.bk)})
            same(k.attacks_by(c, through), p.attacks_by(c, through));
        for (int sq = 0; sq < SQUARE_NB; ++sq)
            for (Bitboard extra : {Bitboard(0), square_bb(Square((sq * 7) % 64))})
                same(k.attacked(Square(sq), c, k.occupied() | extra, 0),
                     p.attacked(Square(sq), c, p.occupied() | extra, 0));
    }
    same(k.attacks_from(KING, s.wk), p.attacks_from(KING, s.wk));
    if (!s.rook_captured()) same(k.attacks_from(ROOK, s.wr), p.attacks_from(ROOK, s.wr));
    endgame::Domain::Buffer legal;
    endgame::Domain(krk_roles()).generate(lib::G_LEGAL, e, legal);
    const auto k_checks = k.check_test();
    const auto p_checks = p.check_test();
    for (Move m : legal) {
        same(k_checks(m), p_checks(m));
        same(k.is_capture(m), p.is_capture(m));
    }
    return differ;
}

} // namespace

TEST_CASE("KRK's compact board answers the chess core's questions as the endgame state's board "
          "does, on a sample of KRK positions and their Black-to-move successors",
          "[endgame][parity]") {
    static const krk::KrkDomain native;
    int positions = 0, differ = 0;
    const auto states = verify::legal_white_states();
    for (std::size_t i = 0; i < states.size(); i += 31) {
        const krk::KrkState s = verify::state_at(states[i]);
        krk::KrkDomain::Buffer moves;
        native.generate(lib::G_LEGAL, s, moves);
        differ += board_differences(s);
        for (Move m : moves) differ += board_differences(native.play(s, m));
        positions += 1 + moves.size();
        if (differ > 0) FAIL(krk::to_position(s).fen());
    }
    CHECK(positions > int(states.size()) / 31);
}

TEST_CASE("the book table over the prelude builds the KRK domain's trees through the endgame "
          "domain on a sample of positions",
          "[endgame][parity]") {
    check_trees(43);
}

TEST_CASE("the book table over the prelude builds the KRK domain's trees through the endgame "
          "domain on all 175,168 positions",
          "[endgame][parity][.slow][slow]") {
    check_trees(1);
}

TEST_CASE("a queen's moves come in the book's order generalised: for each file or rank index, "
          "the square on its file, on its rank, on its rising and on its falling diagonal",
          "[endgame][library]") {
    const endgame::Roles roles = *endgame::roles_of("KQK");
    const auto o = endgame::orient(roles, *Position::from_fen("k7/8/8/8/3Q4/8/8/7K w - - 0 1"));
    REQUIRE(o);
    endgame::Domain::Buffer moves;
    endgame::Domain(roles).generate({Instance::Kind::generator, lib::G_MOVES, {2, 0, 0}}, o->state,
                                    moves);
    std::vector<std::string> to;
    for (Move m : moves) to.push_back(square_name(m.to()));
    CHECK(to == std::vector<std::string>{"d1", "a4", "a1", "a7", "d2", "b4", "b2", "b6", "d3",
                                         "c4", "c3", "c5", "d5", "e4", "e5", "e3", "d6", "f4",
                                         "f6", "f2", "d7", "g4", "g7", "g1", "d8", "h4", "h8"});
}

} // namespace test_endgame_domain
