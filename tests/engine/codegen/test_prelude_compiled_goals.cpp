// The goals compiled to machine code on the KRK board (engine/codegen's krk_library_goal_source,
// krk::KrkLibraryCompiledDomain) against the interpreter they stand in for: the book table over
// the prelude lib/krk_book builds the same tree in the same number of nodes from every legal
// White-to-move KRK position, and verifies to the same figures.

#include "engine/codegen/endgame_goal_source.hpp"
#include "engine/codegen/goal_library.hpp"
#include "tests/support/compiled_goals.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <utility>

namespace test_prelude_compiled_goals {

using namespace al0;

#ifndef AL0_SANITIZED // a sanitizer build interprets goals (codegen::sanitized_build)

namespace {

// The book table over the prelude, its goals as machine code.
search::Program compiled_book() {
    return with_compiled_goals(over_prelude("krk_bratko"), [](search::Program& p) {
        return codegen::load_krk_library_goals(p);
    });
}

} // namespace

TEST_CASE("the book table over the prelude builds the interpreter's tree with its goals compiled "
          "on the KRK board, from every legal KRK position",
          "[codegen][parity]") {
    const search::Program compiled = compiled_book();
    for (const search::CompiledAdvice& a : compiled.advice) {
        INFO(a.name);
        REQUIRE(a.native_goals != nullptr);
    }
    int filters = 0; // the prelude's rook moves onto the black king's file or rank
    for (const search::GeneratorNode& g : compiled.generators)
        if (g.op == search::GeneratorOp::filter) {
            REQUIRE(g.native_goal != nullptr);
            ++filters;
        }
    CHECK(filters > 0);
    CHECK(differing_krk_positions(compiled, over_prelude("krk_bratko")) == 0);
}

TEST_CASE("the prelude parity check tells apart goals compiled for the wrong advice",
          "[codegen][parity]") {
    search::Program swapped = compiled_book();
    std::swap(swapped.advice[0].native_goals, swapped.advice[1].native_goals);
    CHECK(differing_krk_positions(swapped, over_prelude("krk_bratko")) > 0);
}

TEST_CASE("the book table over the prelude verifies to the same figures with its goals compiled",
          "[codegen]") {
    check_same_krk_verification(compiled_book(), over_prelude("krk_bratko"));
}

#endif

TEST_CASE("goals of the native KRK vocabulary are not compiled for the KRK board of the chess "
          "library, and the generator says why",
          "[codegen]") {
    const auto refused =
        codegen::krk_library_goal_source(compile_builtin("krk_bratko", krk::vocabulary));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().find("instances") != std::string::npos);
    CHECK(codegen::krk_library_goal_source(over_prelude("krk_bratko")));
}

} // namespace test_prelude_compiled_goals
