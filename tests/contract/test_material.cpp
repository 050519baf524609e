// Materials as the language contract defines them (contract/material.hpp): the roles a table
// over a material names, in signature order whatever order the material is written in.

#include "contract/material.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace test_material {

namespace {

using namespace al0::contract;

std::vector<std::string> role_names(std::string_view material) {
    std::vector<std::string> names;
    for (const Role& role : Material::parse(material)->roles()) names.push_back(role.name);
    return names;
}

} // namespace

TEST_CASE("A material's roles are its kings, then our pieces and theirs strongest first",
          "[material]") {
    using Names = std::vector<std::string>;
    CHECK(role_names("KRK") == Names{"our_king", "their_king", "our_rook"});
    CHECK(role_names("KQKR") == Names{"our_king", "their_king", "our_queen", "their_rook"});
    CHECK(role_names("KKQ") == Names{"our_king", "their_king", "their_queen"});
    CHECK(role_names("KNBK") == role_names("KBNK"));
    CHECK(role_names("KBNK") == Names{"our_king", "their_king", "our_bishop", "our_knight"});
}

TEST_CASE("A kind doubled on one side numbers its roles from 1, the other side's apart",
          "[material]") {
    using Names = std::vector<std::string>;
    CHECK(role_names("KBBKB") ==
          Names{"our_king", "their_king", "our_bishop1", "our_bishop2", "their_bishop"});
    CHECK(role_names("KPKPP") ==
          Names{"our_king", "their_king", "our_pawn", "their_pawn1", "their_pawn2"});
}

TEST_CASE("Each role names its side and its kind of man", "[material]") {
    const std::vector<Role> roles = Material::parse("KRKN")->roles();
    REQUIRE(roles.size() == 4);
    CHECK((roles[0].side == 0 && roles[0].kind == K_KING));
    CHECK((roles[1].side == 1 && roles[1].kind == K_KING));
    CHECK((roles[2].side == 0 && roles[2].kind == K_ROOK));
    CHECK((roles[3].side == 1 && roles[3].kind == K_KNIGHT));
}

} // namespace test_material
