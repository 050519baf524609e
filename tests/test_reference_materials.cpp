// The two chess libraries, written apart, agree beyond KRK: the tree checker's reference library
// (engine/verify/reference_library) and the endgame domain (engine/endgame) give every measure and
// predicate the same value, and every generator the same moves, on random positions of materials
// with pawns, minor pieces and doubled pieces.

#include "advice/chess_library.hpp"
#include "engine/endgame/domain.hpp"
#include "engine/endgame/roles.hpp"
#include "engine/endgame/think.hpp"
#include "engine/verify/reference_library.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <sstream>

namespace test_reference_materials {

namespace {

using namespace al0;
namespace lib = advice::chess;
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

// Every instance of every measure, predicate (but `promoted`, which looks back to the root) and
// generator of the library over N roles.
std::vector<Instance> instances(int n) {
    std::vector<Instance> all;
    const auto roles = std::uint8_t(n);
    for (std::uint8_t p = 0; p < lib::PREDICATE_NB; ++p) {
        if (p == lib::P_PROMOTED) continue;
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

// Returns how many instances differ between the libraries on POSITIONS random positions.
int differences(std::string_view material, int positions) {
    const auto roles = endgame::roles_of(material);
    REQUIRE(roles);
    const endgame::Domain domain(*roles);
    const auto all = instances(roles->count);
    std::mt19937 rng(20261201);
    int differ = 0;
    for (int i = 0; i < positions; ++i) {
        const Position pos = random_position(*roles, rng);
        const auto oriented = endgame::orient(*roles, pos);
        REQUIRE(oriented);
        REQUIRE_FALSE(oriented->flipped);
        const verify::ReferenceLibrary reference(pos);
        for (const Instance& in : all) {
            bool same = true;
            if (in.kind == Instance::Kind::generator) {
                endgame::Domain::Buffer fast;
                verify::ReferenceLibrary::Buffer plain;
                domain.generate(in, oriented->state, fast);
                reference.generate(in, pos, plain);
                same = sorted_moves(fast) == sorted_moves(plain);
            } else {
                same = domain.value(in, oriented->state) == reference.value(in, pos);
            }
            if (!same && differ++ < 5) {
                std::ostringstream why;
                why << material << " " << pos.fen() << ": primitive " << int(in.primitive)
                    << " kind " << int(in.kind) << " args " << int(in.args[0]) << ","
                    << int(in.args[1]);
                WARN(why.str());
            }
        }
    }
    return differ;
}

} // namespace

TEST_CASE("the reference library and the endgame domain agree on every primitive beyond KRK",
          "[reference][endgame]") {
    for (std::string_view material : {"KQK", "KPK", "KBNK", "KRKN", "KPKP", "KBBK"}) {
        INFO(material);
        CHECK(differences(material, 400) == 0);
    }
}

} // namespace test_reference_materials
