// The endgame domain on any material: a position with Black strong plays as its colour flip,
// a pawn's role follows it through promotion, the pawn measures, and its moves, check, mate and
// stalemate are the chess core's on random positions of many materials.

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
#include "tests/support/position_fixture.hpp"
#include "tests/support/program_fixture.hpp"
#include "tests/support/same_search.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace test_endgame_positions {

using namespace al0;
namespace lib = contract::chess;
using search::Instance;

namespace {

// A small KQK table whose choices depend on the board's orientation (the queen's lines and
// order), so that a wrong flip shows.
constexpr std::string_view MIRROR_TABLE = R"(material KQK.
main :: if true then [ mate_in_2, squeeze, approach ].
advice( mate_in_2, mate : not lost(our_queen) :
        (depth = 0) and legal then (depth = 2) and legal : (depth = 1) and legal ).
advice( squeeze, box(our_queen, their_king) < root(box(our_queen, their_king)) and
        not stalemate and not lost(our_queen) : not lost(our_queen) :
        (depth = 0) and moves(our_queen) : nomove ).
advice( approach, distance(our_king, their_king) < root(distance(our_king, their_king)) and
        not stalemate and not lost(our_queen) : not lost(our_queen) :
        (depth = 0) and moves(our_king) : nomove ).
)";

endgame::CompiledTable mirror_table() {
    return {"mirror", *endgame::roles_of("KQK"), compile_table(MIRROR_TABLE, lib::vocabulary)};
}

} // namespace

TEST_CASE("a KQK position with Black strong plays the flipped moves of the White version",
          "[endgame][mirror]") {
    const endgame::CompiledTable table = mirror_table();
    // Explaining searches remember no failure, so equal node counts mean equal searches.
    search::Options remembering_nothing;
    remembering_nothing.explain = true;
    int positions = 0, found = 0;
    for_each_spread(W_QUEEN, {0, 5}, {3, 7}, {1, 3}, [&](const Position& white) {
        const Position black = endgame::flip(white);
        REQUIRE(black.validate().empty());
        auto a = endgame::think(table, white, remembering_nothing);
        auto b = endgame::think(table, black, remembering_nothing);
        REQUIRE(a);
        REQUIRE(b);
        ++positions;
        found += a->outcome == search::Outcome::found;
        INFO(white.fen());
        REQUIRE(a->outcome == b->outcome);
        REQUIRE(a->advice == b->advice);
        REQUIRE(a->stats.nodes == b->stats.nodes);
        REQUIRE(a->tree.edges.size() == b->tree.edges.size());
        for (std::size_t e = 0; e < a->tree.edges.size(); ++e)
            REQUIRE(endgame::flip(a->tree.edges[e].move) == b->tree.edges[e].move);
        // Every move of the Black version is legal on the real board.
        if (b->outcome == search::Outcome::found)
            CHECK(generate_legal(black).contains(b->tree.children(0)[0].move));
    });
    CHECK(positions > 300);
    CHECK(found > positions / 2);
}

TEST_CASE("thinking about a position of another material names both materials", "[endgame]") {
    const endgame::CompiledTable table = mirror_table();
    auto pos = Position::from_fen("8/8/8/4k3/8/8/8/K6R w - - 0 1");
    REQUIRE(pos);
    auto r = endgame::think(table, *pos, {});
    REQUIRE_FALSE(r);
    CHECK(r.error() == "the position is KRK, the table plays KQK");
}

TEST_CASE("a pawn's role follows it through promotion and a captured piece's role is empty",
          "[endgame]") {
    const endgame::Roles roles = *endgame::roles_of("KPKN");
    auto pos = Position::from_fen("8/2P5/8/8/8/k7/8/K2n4 w - - 0 1");
    REQUIRE(pos);
    auto o = endgame::orient(roles, *pos);
    REQUIRE(o);
    const endgame::Domain domain(roles);
    const Instance promoted{Instance::Kind::predicate, lib::P_PROMOTED, {}};
    CHECK(domain.value(promoted, o->state) == 0);
    const endgame::State queened = domain.play(o->state, Move(Square(50), Square(58), QUEEN));
    CHECK(queened.sq[2] == Square(58));
    CHECK(domain.value(promoted, queened) == 1);
    const Instance mobility{Instance::Kind::measure, lib::M_MOBILITY, {2, 0, 0}};
    CHECK(domain.value(mobility, queened) > 8); // now a queen's moves
    CHECK(domain.value({Instance::Kind::measure, lib::M_VALUE, {2, 0, 0}}, queened) == 9);
    // The knight's role follows it to c3, and is empty once the new queen takes it there.
    const endgame::State moved = domain.play(queened, Move(Square(3), Square(18)));
    CHECK(moved.sq[3] == Square(18));
    const Instance captured{Instance::Kind::predicate, lib::P_CAPTURED, {3, 0, 0}};
    CHECK(domain.value(captured, moved) == 0);
    const endgame::State taken = domain.play(moved, Move(Square(58), Square(18)));
    CHECK(taken.sq[3] == SQ_NONE);
    CHECK(taken.sq[2] == Square(18));
    CHECK(domain.value(captured, taken) == 1);
}

namespace {

// Returns the value of a library primitive with role arguments on a KPK position.
int value_in(std::string_view material, std::string_view fen, Instance::Kind kind,
             std::uint8_t primitive, std::array<std::uint8_t, 3> args = {}) {
    const endgame::Roles roles = *endgame::roles_of(material);
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    auto o = endgame::orient(roles, *pos);
    REQUIRE(o);
    return endgame::Domain(roles).value({kind, primitive, args}, o->state);
}

int kpk_value(std::string_view fen, Instance::Kind kind, std::uint8_t primitive,
              std::array<std::uint8_t, 3> args = {}) {
    return value_in("KPK", fen, kind, primitive, args);
}

constexpr auto P = Instance::Kind::predicate;
constexpr auto M = Instance::Kind::measure;

} // namespace

TEST_CASE("in_square is the rule of the square: the king catches the pawn when it is to move "
          "and one step farther",
          "[endgame][pawn]") {
    // Pawn a5 needs 3 moves; the black king on e5 is 4 from a8.
    CHECK(kpk_value("8/8/8/P3k3/8/8/8/K7 b - - 0 1", P, lib::P_IN_SQUARE, {2}) == 1);
    CHECK(kpk_value("8/8/8/P3k3/8/8/8/K7 w - - 0 1", P, lib::P_IN_SQUARE, {2}) == 0);
    // A pawn on its second rank counts its double step: a2 needs 5 moves, e4 is 4 from a8.
    CHECK(kpk_value("8/8/8/8/4k3/8/P7/K7 w - - 0 1", P, lib::P_IN_SQUARE, {2}) == 1);
    CHECK(kpk_value("8/8/8/8/5k2/8/P7/K7 w - - 0 1", P, lib::P_IN_SQUARE, {2}) == 1);
    CHECK(kpk_value("8/8/8/8/6k1/8/P7/K7 w - - 0 1", P, lib::P_IN_SQUARE, {2}) == 0);
    // Mirrored for a Black pawn: the same answers.
    CHECK(kpk_value("k7/8/8/8/p3K3/8/8/8 w - - 0 1", P, lib::P_IN_SQUARE, {2}) == 1);
    CHECK(kpk_value("k7/8/8/8/p3K3/8/8/8 b - - 0 1", P, lib::P_IN_SQUARE, {2}) == 0);
}

TEST_CASE("promotion_distance, value and same_colour on a pawn position", "[endgame][pawn]") {
    const std::string_view fen = "8/8/8/P3k3/8/8/8/K7 w - - 0 1";
    CHECK(kpk_value(fen, M, lib::M_PROMOTION_DISTANCE, {2, 1}) == 4); // e5 to a8
    CHECK(kpk_value(fen, M, lib::M_PROMOTION_DISTANCE, {2, 0}) == 7); // a1 to a8
    CHECK(kpk_value(fen, M, lib::M_PROMOTION_DISTANCE, {0, 1}) == 0); // a king has none
    CHECK(kpk_value(fen, M, lib::M_VALUE, {2}) == 1);
    CHECK(kpk_value(fen, M, lib::M_VALUE, {0}) == 0);
    const std::string_view light_king = "8/8/8/P3k3/8/8/8/1K6 w - - 0 1";
    CHECK(kpk_value(light_king, P, lib::P_SAME_COLOUR, {0, 1}) == 0); // b1 light, e5 dark
    CHECK(kpk_value(light_king, P, lib::P_SAME_COLOUR, {1, 2}) == 1); // e5, a5: dark
}

TEST_CASE("colour_corner_manhattan counts the bishop's diagonals between the black king and the "
          "bishop's corner",
          "[endgame]") {
    // KBNK roles: our king 0, their king 1, our bishop 2, our knight 3. A light bishop (c2, c4)
    // mates on a8 and h1: from d5 it is 3 + 3 steps to a8 (4 + 4 to h1).
    const auto kbnk = [](std::string_view fen, std::uint8_t a) {
        return value_in("KBNK", fen, M, lib::M_COLOUR_CORNER_MANHATTAN, {a, 2});
    };
    CHECK(kbnk("8/8/8/3k4/8/8/2B5/K1N5 w - - 0 1", 1) == 6);
    CHECK(kbnk("k7/8/8/8/2B5/8/8/2N1K3 w - - 0 1", 1) == 0);  // in the right corner
    CHECK(kbnk("7k/8/8/8/2B5/8/8/2N1K3 w - - 0 1", 1) == 7);  // h8: the wrong corner
    CHECK(kbnk("8/8/8/8/2B5/8/8/2N1K1k1 w - - 0 1", 1) == 1); // g1, next to h1
    // A dark bishop (a3) mates on a1 and h8: g1 is 6 from a1, 7 from h8.
    CHECK(kbnk("8/8/8/8/8/B7/8/2N1K1k1 w - - 0 1", 1) == 6);
    CHECK(kbnk("7k/8/8/8/8/B7/8/2N1K3 w - - 0 1", 1) == 0);
    CHECK(kbnk("7k/8/8/8/8/B7/8/2N1K3 w - - 0 1", 2) == 2); // the bishop itself: a3 to a1
}

namespace {

// A small deterministic generator of positions.
struct Lcg {
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    int below(int n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return int((state >> 33) % std::uint64_t(n));
    }
};

// Returns a random legal position of MATERIAL (White first), or nothing after a few tries.
std::optional<Position> random_position(std::string_view material, Lcg& rng) {
    const endgame::Roles roles = *endgame::roles_of(material);
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::array<Placement, 5> placed{};
        Bitboard used = 0;
        for (int r = 0; r < roles.count; ++r) {
            Square sq;
            do {
                sq = Square(rng.below(64));
            } while ((used & square_bb(sq)) ||
                     (type_of(roles.piece[r]) == PAWN && (square_bb(sq) & BACK_RANKS)));
            used |= square_bb(sq);
            placed[std::size_t(r)] = {roles.piece[std::size_t(r)], sq};
        }
        const Position pos = Position::make(std::span(placed.data(), std::size_t(roles.count)),
                                            rng.below(2) ? BLACK : WHITE);
        if (pos.validate().empty()) return pos;
    }
    return std::nullopt;
}

} // namespace

TEST_CASE("the endgame domain's legal moves, check, mate and stalemate are the chess core's on "
          "random games of many materials, either colour strong",
          "[endgame][movegen]") {
    Lcg rng;
    int positions = 0;
    for (std::string_view material : {"KQK", "KRK", "KBNK", "KPK", "KPKP", "KQKR", "KRKN", "KBKP",
                                      "KNNK", "KPPK", "KRPKB", "KQKPP", "KBBKN"}) {
        for (int game = 0; game < 40; ++game) {
            auto start = random_position(material, rng);
            REQUIRE(start);
            Position pos = *start;
            for (int ply = 0; ply < 30; ++ply) {
                const endgame::Roles roles = *endgame::roles_of(material_signature(pos));
                const auto o = endgame::orient(roles, pos);
                REQUIRE(o);
                const endgame::Domain domain(roles);
                endgame::Domain::Buffer moves;
                domain.generate(Instance{Instance::Kind::generator, lib::G_LEGAL, {}}, o->state,
                                moves);
                std::vector<Move> ours;
                for (Move m : moves) ours.push_back(o->flipped ? endgame::flip(m) : m);
                const MoveList legal = generate_legal(pos);
                std::vector<Move> core(legal.begin(), legal.end());
                auto by_raw = [](Move a, Move b) { return a.raw() < b.raw(); };
                std::sort(ours.begin(), ours.end(), by_raw);
                std::sort(core.begin(), core.end(), by_raw);
                INFO(pos.fen());
                REQUIRE(ours == core);
                const auto holds = [&](lib::Predicate p) {
                    return domain.value({Instance::Kind::predicate, p, {}}, o->state) != 0;
                };
                REQUIRE(holds(lib::P_CHECK) == pos.in_check());
                REQUIRE(holds(lib::P_MATE) == pos.is_checkmate());
                REQUIRE(holds(lib::P_STALEMATE) == pos.is_stalemate());
                ++positions;
                if (core.empty()) break;
                pos.do_move(core[std::size_t(rng.below(int(core.size())))]);
            }
        }
    }
    CHECK(positions > 5000);
}

TEST_CASE("the endgame domain's test of the moves of some roles finds every move that moves, "
          "takes or promotes one of their pieces, on random games with pawns and en passant",
          "[endgame][filter]") {
    int en_passant = 0, found = 0;
    auto check = [&](const Position& pos) {
        const endgame::Roles roles = *endgame::roles_of(material_signature(pos));
        const auto o = endgame::orient(roles, pos);
        REQUIRE(o);
        const endgame::Domain domain(roles);
        const endgame::State& s = o->state;
        endgame::Domain::Buffer moves;
        domain.generate(Instance{Instance::Kind::generator, lib::G_LEGAL, {}}, s, moves);
        INFO(pos.fen());
        for (Move m : moves) {
            const endgame::State child = domain.play(s, m);
            en_passant += o->pos.is_en_passant(m);
            for (std::uint32_t subset = 1; subset < 1u << roles.count; ++subset)
                for (int r = 0; r < roles.count; ++r)
                    if ((subset >> r & 1) && child.sq[r] != s.sq[r]) {
                        REQUIRE(domain.moves_of_roles(s, subset)(m));
                        ++found;
                        break;
                    }
        }
    };
    check(*Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"));
    Lcg rng;
    for (std::string_view material : {"KPKP", "KPPKP", "KBKP", "KRPKB"}) {
        for (int game = 0; game < 20; ++game) {
            auto start = random_position(material, rng);
            REQUIRE(start);
            Position pos = *start;
            for (int ply = 0; ply < 30; ++ply) {
                check(pos);
                const MoveList legal = generate_legal(pos);
                if (legal.empty()) break;
                pos.do_move(legal[rng.below(int(legal.size()))]);
            }
        }
    }
    CHECK(en_passant > 0);
    CHECK(found > 1000);
}

TEST_CASE("the endgame domain plays a move as the chess core does and its board answers the "
          "chess core's questions as the position does, along random games with captures, "
          "promotions and en passant",
          "[endgame][movegen]") {
    Lcg rng;
    int states = 0, en_passant = 0, promotions = 0, captures = 0;
    // Follows a random game from START with the domain's state and the position side by side.
    auto follow = [&](const Position& start) {
        const endgame::Roles roles = *endgame::roles_of(material_signature(start));
        const endgame::Domain domain(roles);
        const auto o = endgame::orient(roles, start);
        REQUIRE(o);
        Position pos = o->pos;
        endgame::State s = o->state;
        for (int ply = 0; ply < 40; ++ply) {
            INFO(pos.fen());
            REQUIRE(s.by_color == std::array{pos.pieces(WHITE), pos.pieces(BLACK)});
            REQUIRE((s.stm == pos.side_to_move() && s.ep == pos.ep_square()));
            int on_board = 0;
            for (int r = 0; r < roles.count; ++r) {
                const bool captured = s.sq[r] == SQ_NONE;
                on_board += !captured;
                REQUIRE(s.piece[r] == (captured ? NO_PIECE : pos.piece_on(s.sq[r])));
            }
            REQUIRE(on_board == pos.piece_count());
            const endgame::StateBoard board(roles, s);
            REQUIRE(board.in_check() == pos.in_check());
            for (Color c : {WHITE, BLACK}) {
                for (PieceType pt : {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN})
                    REQUIRE(board.pieces(c, pt) == pos.pieces(c, pt));
                for (Bitboard through : {Bitboard(0), square_bb(pos.king(~c))})
                    REQUIRE(board.attacks_by(c, through) == pos.attacks_by(c, through));
                for (int sq = 0; sq < SQUARE_NB; ++sq)
                    REQUIRE(board.attacked(Square(sq), c, pos.occupied(), 0) ==
                            pos.attacked(Square(sq), c, pos.occupied(), 0));
            }
            const MoveList legal = generate_legal(pos);
            const auto checks = board.check_test();
            for (Move m : legal) {
                REQUIRE(checks(m) == pos.gives_check(m));
                REQUIRE(board.is_capture(m) == pos.is_capture(m));
            }
            ++states;
            if (legal.empty()) return;
            Move m = legal[rng.below(int(legal.size()))];
            // Half the pawns' double steps and captures en passant there are played: a random
            // move seldom is one.
            for (Move e : legal) {
                const bool double_step =
                    type_of(pos.piece_on(e.from())) == PAWN && std::abs(e.to() - e.from()) == 16;
                if ((double_step || pos.is_en_passant(e)) && rng.below(2) == 0) m = e;
            }
            en_passant += pos.is_en_passant(m);
            promotions += m.promotion() != NO_PIECE_TYPE;
            captures += pos.is_capture(m);
            s = domain.play(s, m);
            pos.do_move(m);
        }
    };
    for (int game = 0; game < 25; ++game) {
        // Black's double step d7-d5 lets the pawn on e5 take en passant.
        follow(*Position::from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
        for (std::string_view material : {"KPKP", "KPPKP", "KRPKB", "KQKPP", "KBBKN", "KPK"}) {
            auto start = random_position(material, rng);
            REQUIRE(start);
            follow(*start);
        }
    }
    CHECK(states > 3000);
    CHECK(en_passant > 0);
    CHECK(promotions > 0);
    CHECK(captures > 100);
}

} // namespace test_endgame_positions
