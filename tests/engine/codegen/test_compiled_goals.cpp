// The goals and searches compiled to machine code (engine/codegen) against the interpreter they
// stand in for: for every shipped table on the native KRK library (krk_bratko; the others declare
// their material and run on the chess library's instances), the same forcing tree from every
// legal White-to-move position and the same verification figures.

#include "engine/codegen/goal_library.hpp"
#include "engine/codegen/goal_source.hpp"
#include "tests/support/compiled_goals.hpp"
#include "tests/support/program_fixture.hpp"

#include <catch2/catch.hpp>

#include <utility>

namespace test_compiled_goals {

using namespace al0;

#ifndef AL0_SANITIZED // a sanitizer build interprets goals (codegen::sanitized_build)

namespace {

// The book table compiled for the native KRK library, its goals as machine code.
search::Program compiled_book() {
    return with_compiled_goals(compile_builtin("krk_bratko", krk::vocabulary),
                               [](search::Program& p) { return codegen::load_native_goals(p); });
}

} // namespace

TEST_CASE("the book table's compiled searches build the interpreter's tree on all 175,168 "
          "positions",
          "[codegen][parity]") {
    const search::Program compiled = compiled_book();
    const search::Program interpreted = compile_builtin("krk_bratko", krk::vocabulary);
    for (const search::CompiledAdvice& a : compiled.advice) {
        INFO(a.name);
        REQUIRE(a.native_goals != nullptr);
        REQUIRE(a.native_search != nullptr); // every book advice has its search compiled whole
    }
    CHECK(differing_krk_positions(compiled, interpreted) == 0);
}

TEST_CASE("the book table's compiled goals build the interpreter's tree without the compiled "
          "searches",
          "[codegen][parity]") {
    search::Program goals_only = compiled_book();
    for (search::CompiledAdvice& a : goals_only.advice) a.native_search = nullptr;
    CHECK(differing_krk_positions(goals_only, compile_builtin("krk_bratko", krk::vocabulary)) == 0);
}

TEST_CASE("the parity check tells apart goals compiled for the wrong advice", "[codegen][parity]") {
    search::Program swapped = compiled_book();
    std::swap(swapped.advice[0].native_goals, swapped.advice[1].native_goals);
    for (search::CompiledAdvice& a : swapped.advice) a.native_search = nullptr;
    CHECK(differing_krk_positions(swapped, compile_builtin("krk_bratko", krk::vocabulary)) > 0);
}

TEST_CASE("the parity check tells apart a search compiled for another depth bound",
          "[codegen][parity]") {
    // divide_in_2 and divide_in_3: the same goals and generators, searched 3 and 5 plies deep.
    search::Program swapped = compiled_book();
    REQUIRE(swapped.advice[4].name == "divide_in_2");
    REQUIRE(swapped.advice[5].name == "divide_in_3");
    std::swap(swapped.advice[4].native_search, swapped.advice[5].native_search);
    CHECK(differing_krk_positions(swapped, compile_builtin("krk_bratko", krk::vocabulary)) > 0);
}

TEST_CASE("the book table verifies to the same figures with its goals compiled", "[codegen]") {
    check_same_krk_verification(compiled_book(), compile_builtin("krk_bratko", krk::vocabulary));
}

TEST_CASE("compiled goals come from the cache the second time", "[codegen]") {
    search::Program first = compile_builtin("krk_bratko", krk::vocabulary);
    REQUIRE(codegen::load_native_goals(first));
    search::Program second = compile_builtin("krk_bratko", krk::vocabulary);
    const auto loaded = codegen::load_native_goals(second);
    REQUIRE(loaded);
    CHECK_FALSE(loaded->built);
    CHECK(loaded->path.find("/goals-") != std::string::npos);
}

#else

TEST_CASE("a sanitizer build refuses to compile goals and says why", "[codegen]") {
    search::Program p = compile_builtin("krk_bratko", krk::vocabulary);
    const auto loaded = codegen::load_native_goals(p);
    REQUIRE_FALSE(loaded);
    CHECK(loaded.error().find("sanitizer") != std::string::npos);
    CHECK(p.advice.front().native_goals == nullptr);
}

#endif

TEST_CASE("goals of the chess library's instances are not compiled for the native library",
          "[codegen]") {
    CHECK_FALSE(codegen::krk_goal_source(over_prelude("krk_bratko")));
    CHECK(codegen::krk_goal_source(compile_builtin("krk_bratko", krk::vocabulary)));
}

} // namespace test_compiled_goals
