// The two chess libraries, written apart, agree beyond KRK: the tree checker's reference library
// (engine/verify/reference_library) and the endgame domain (engine/endgame) give every measure and
// predicate the same value, and every generator the same moves, at every node of random lines
// (captures, promotions, doubled pieces moving past each other) from random positions of
// materials with pawns, minor pieces and doubled pieces: each keeps a role with its piece. A
// material written out of signature order (KNBK) has the roles of its signature in both.

#include "contract/chess_library.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/think.hpp"
#include "engine/verify/checker/reference_library.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <sstream>

namespace test_reference_materials {

namespace {

using namespace al0;
namespace lib = contract::chess;
using search::Instance;

// Returns a random legal position of ROLES with White (us) or Black to move.
Position random_position(const endgame::Roles& roles, std::mt19937& rng) {
    std::uniform_int_distribution<int> square(0, 63), coin(0, 1);
    for (;;) {
        std::vector<Placement> pieces;
        for (int r = 0; r < roles.count; ++r)
            pieces.push_back({roles.piece[std::size_t(r)], Square(square(rng))});
        bool distinct = true;
        for (std::size_t i = 0; i < pieces.size(); ++i)
            for (std::size_t j = 0; j < i; ++j) distinct &= pieces[i].sq != pieces[j].sq;
        if (!distinct) continue;
        const Position pos = Position::make(pieces, coin(rng) ? WHITE : BLACK);
        if (pos.validate().empty()) return pos;
    }
}

// Every instance of every measure, predicate and generator of the library over N roles.
std::vector<Instance> instances(int n) {
    std::vector<Instance> all;
    const auto roles = std::uint8_t(n);
    for (std::uint8_t p = 0; p < lib::PREDICATE_NB; ++p) {
        for (std::uint8_t a = 0; a < (lib::predicate_arity[p] ? roles : 1); ++a)
            for (std::uint8_t b = 0; b < (lib::predicate_arity[p] == 2 ? roles : 1); ++b)
                all.push_back({Instance::Kind::predicate, p, {a, b, 0}});
    }
    for (std::uint8_t m = 0; m < lib::MEASURE_NB; ++m)
        for (std::uint8_t a = 0; a < roles; ++a)
            for (std::uint8_t b = 0; b < (lib::measure_names[m].arity == 2 ? roles : 1); ++b)
                all.push_back({Instance::Kind::measure, m, {a, b, 0}});
    for (std::uint8_t g = 0; g < lib::GENERATOR_NB; ++g)
        for (std::uint8_t a = 0; a < (lib::generator_names[g].arity ? roles : 1); ++a)
            all.push_back({Instance::Kind::generator, g, {a, 0, 0}});
    return all;
}

template <class Buffer>
std::vector<std::uint16_t> sorted_moves(const Buffer& buffer) {
    std::vector<std::uint16_t> moves;
    for (Move m : buffer) moves.push_back(m.raw());
    std::sort(moves.begin(), moves.end());
    return moves;
}

// Returns a random legal move of POS, a capture or promotion when there is one half the time
// (so that lines change material), or nothing when there is no move.
std::optional<Move> random_move(const Position& pos, std::mt19937& rng) {
    const MoveList legal = generate_legal(pos);
    if (legal.size() == 0) return std::nullopt;
    std::vector<Move> sharp, all(legal.begin(), legal.end());
    for (Move m : legal)
        if (pos.is_capture(m) || m.promotion() != NO_PIECE_TYPE) sharp.push_back(m);
    const std::vector<Move>& from = !sharp.empty() && rng() % 2 ? sharp : all;
    return from[rng() % from.size()];
}

// Returns how many instances differ between the libraries at the nodes of LINES random lines of
// up to PLIES plies, each from a random position (its root).
int differences(std::string_view material, int lines, int plies) {
    const auto roles = endgame::roles_of(material);
    REQUIRE(roles);
    const endgame::Domain domain(*roles);
    const auto all = instances(roles->count);
    std::mt19937 rng(20261201);
    int differ = 0;
    for (int i = 0; i < lines; ++i) {
        const Position root = random_position(*roles, rng);
        const auto oriented = endgame::orient(*roles, root);
        REQUIRE(oriented);
        REQUIRE_FALSE(oriented->flipped);
        const verify::ReferenceLibrary reference(root);
        endgame::State fast_state = oriented->state;
        verify::ReferenceLibrary::State plain_state = reference.root();
        std::string line;
        for (int ply = 0; ply <= plies; ++ply) {
            for (const Instance& in : all) {
                bool same = true;
                if (in.kind == Instance::Kind::generator) {
                    endgame::Domain::Buffer fast;
                    verify::ReferenceLibrary::Buffer plain;
                    domain.generate(in, fast_state, fast);
                    reference.generate(in, plain_state, plain);
                    same = sorted_moves(fast) == sorted_moves(plain);
                } else {
                    same = domain.value(in, fast_state) == reference.value(in, plain_state);
                }
                if (!same && differ++ < 5) {
                    std::ostringstream why;
                    why << material << " " << root.fen() << " then" << line << ": primitive "
                        << int(in.primitive) << " kind " << int(in.kind) << " args "
                        << int(in.args[0]) << "," << int(in.args[1]);
                    WARN(why.str());
                }
            }
            const auto m = random_move(plain_state.pos, rng);
            if (!m) break;
            line += ' ';
            line += to_uci(*m);
            fast_state = domain.play(fast_state, *m);
            plain_state = reference.play(plain_state, *m);
        }
    }
    return differ;
}

} // namespace

TEST_CASE("the reference library and the endgame domain agree on every primitive beyond KRK, "
          "along random lines with captures, promotions and doubled pieces",
          "[reference][endgame]") {
    for (std::string_view material :
         {"KQK", "KPK", "KBNK", "KNBK", "KRKN", "KPKP", "KBBK", "KNNK", "KPPK", "KPPKP", "KRKNN"}) {
        INFO(material);
        CHECK(differences(material, 60, 24) == 0);
    }
}

namespace {

// Returns POS seen under symmetry S of the board: files mirrored (bit 0), ranks mirrored (bit 1),
// the board turned about its a1-h8 diagonal (bit 2).
Position symmetric_board(const Position& pos, int s) {
    std::vector<Placement> pieces;
    for (int sq = 0; sq < SQUARE_NB; ++sq) {
        if (pos.piece_on(Square(sq)) == NO_PIECE) continue;
        int f = sq % 8, r = sq / 8;
        if (s & 1) f = 7 - f;
        if (s & 2) r = 7 - r;
        if (s & 4) std::swap(f, r);
        pieces.push_back({pos.piece_on(Square(sq)), make_square(File(f), Rank(r))});
    }
    return Position::make(pieces, pos.side_to_move());
}

} // namespace

TEST_CASE("Every measure the contract calls symmetric has one value on the eight symmetric boards "
          "of a pawnless position, by the reference library; file and rank do not",
          "[reference][material]") {
    std::mt19937 rng(20261204);
    std::array<int, lib::MEASURE_NB> differ{};
    for (std::string_view material : {"KRK", "KBNK", "KQKR"}) {
        const auto roles = endgame::roles_of(material);
        REQUIRE(roles);
        for (int i = 0; i < 40; ++i) {
            const Position pos = random_position(*roles, rng);
            const verify::ReferenceLibrary reference(pos);
            for (int s = 1; s < 8; ++s) {
                const verify::ReferenceLibrary mirror(symmetric_board(pos, s));
                for (const Instance& in : instances(roles->count))
                    if (in.kind == Instance::Kind::measure &&
                        reference.value(in, reference.root()) != mirror.value(in, mirror.root()))
                        ++differ[in.primitive];
            }
        }
    }
    for (std::uint8_t m = 0; m < lib::MEASURE_NB; ++m) {
        INFO(lib::measure_names[m].name);
        CHECK((differ[m] == 0) == lib::measure_names[m].symmetric);
    }
}

TEST_CASE("Every measure and predicate the contract says reads its roles' pieces alone keeps its "
          "value, by the reference library, after every move that leaves those pieces alone; "
          "every other one changes after some such move",
          "[reference][material]") {
    std::mt19937 rng(20261206);
    std::array<int, lib::MEASURE_NB> measure_changed{};
    std::array<int, lib::PREDICATE_NB> predicate_changed{};
    for (std::string_view material : {"KQK", "KPK", "KBNK", "KRKN", "KPKP"}) {
        const auto roles = endgame::roles_of(material);
        REQUIRE(roles);
        const auto all = instances(roles->count);
        for (int i = 0; i < 40; ++i) {
            const verify::ReferenceLibrary reference(random_position(*roles, rng));
            const verify::ReferenceLibrary::State& s = reference.root();
            for (Move m : generate_legal(s.pos)) {
                const verify::ReferenceLibrary::State after = reference.play(s, m);
                for (const Instance& in : all) {
                    if (in.kind == Instance::Kind::generator) continue;
                    const bool measure = in.kind == Instance::Kind::measure;
                    const int arity = measure ? lib::measure_names[in.primitive].arity
                                              : lib::predicate_arity[in.primitive];
                    bool moved = false;
                    for (int a = 0; a < arity; ++a)
                        moved |= s.at[in.args[std::size_t(a)]] != after.at[in.args[std::size_t(a)]];
                    if (moved || reference.value(in, s) == reference.value(in, after)) continue;
                    ++(measure ? measure_changed[in.primitive] : predicate_changed[in.primitive]);
                }
            }
        }
    }
    for (std::uint8_t m = 0; m < lib::MEASURE_NB; ++m) {
        INFO(lib::measure_names[m].name);
        CHECK((measure_changed[m] == 0) == lib::measure_names[m].own_pieces);
    }
    for (std::uint8_t p = 0; p < lib::PREDICATE_NB; ++p) {
        INFO(lib::predicate_names[p]);
        CHECK((predicate_changed[p] == 0) == lib::predicate_own_pieces[p]);
    }
}

} // namespace test_reference_materials
