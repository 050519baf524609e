// Which shipped tables `al0 verify` plays beside the table it verifies: those of the materials
// its lines can convert into, and no other (each one loaded is compiled too).

#include "engine/tablebase/registry.hpp"
#include "tools/app/table_registry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace test_verification_set {

using namespace al0;

namespace {

std::vector<std::string> names(const std::vector<tablebase::Material>& materials) {
    std::vector<std::string> out;
    for (const auto& m : materials) out.push_back(m.name());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> set_materials(const std::string& material) {
    auto table = tools::shipped_table(material);
    REQUIRE(table);
    std::vector<std::string> out;
    for (const auto& t : tools::verification_set(std::move(*table)).tables)
        out.push_back(t.material.name());
    return out;
}

tablebase::Material material(const char* name) { return *tablebase::Material::parse(name); }

} // namespace

TEST_CASE("A material reaches what its captures and promotions make, one after another",
          "[tablebase][material]") {
    using V = std::vector<std::string>;
    CHECK(names(tablebase::materials_reached(material("KPK"))) == V{"KBK", "KNK", "KQK", "KRK"});
    CHECK(names(tablebase::materials_reached(material("KBNK"))) == V{"KBK", "KNK"});
    CHECK(names(tablebase::materials_reached(material("KQK"))).empty());
    // Either side's pawn may promote, and each new piece may be taken in turn.
    CHECK(names(tablebase::materials_reached(material("KPKP"))) ==
          V{"KBK", "KBKB", "KBKN", "KBKP", "KNK", "KNKN", "KNKP", "KPK", "KQK", "KQKB", "KQKN",
            "KQKP", "KQKQ", "KQKR", "KRK", "KRKB", "KRKN", "KRKP", "KRKR"});
}

TEST_CASE("A verification plays the shipped tables its lines can convert into and no other",
          "[tables]") {
    using V = std::vector<std::string>;
    // The verified table first, then the others in the order al0 ships them.
    CHECK(set_materials("KPK") == V{"KPK", "KRK", "KQK"});
    CHECK(set_materials("KQK") == V{"KQK"});
    CHECK(set_materials("KRK") == V{"KRK"});
}

} // namespace test_verification_set
