// The printer: canonical text that parses back to the same tree.

#include "advice/parse.hpp"
#include "advice/print.hpp"
#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace test_advice_print {

namespace {

using namespace al0::advice;

ast::Table parse_ok(std::string_view text) {
    ParseResult r = parse(text, "t.al0");
    REQUIRE(r.table);
    return *r.table;
}

} // namespace

TEST_CASE("Every shipped table round-trips: parse, print, parse gives the same tree",
          "[advice][print]") {
    REQUIRE_FALSE(al0::tables::builtin_names().empty());
    for (std::string_view name : al0::tables::builtin_names()) {
        INFO("table " << name);
        ast::Table original = parse_ok(*al0::tables::builtin(name));
        std::string printed = print(original);
        CHECK(parse_ok(printed) == original);
        CHECK(print(parse_ok(printed)) == printed); // canonical: printing is a fixed point
    }
}

TEST_CASE("The option shallowest is printed and parses back", "[advice][print]") {
    const ast::Table t = parse_ok("advice(a, x : y : (depth < 3) and legal : legal, shallowest).");
    const std::string printed = print(t);
    CHECK_THAT(printed, Catch::Contains("legal,\n    shallowest).\n"));
    CHECK(parse_ok(printed) == t);
    ast::Table plain = t;
    plain.advice[0].shallowest = false;
    CHECK_FALSE(plain == t);
    CHECK(print(plain).find("shallowest") == std::string::npos);
}

TEST_CASE("Printing keeps the tree where parentheses decide it", "[advice][print]") {
    std::string text = "r :: if (a and b) and c or not (d or e) and (f or g) then [x, y].\n"
                       "advice(x, (a or b) or c : not not a : ((depth = 0) and legal then legal) "
                       "then (depth >= 2) and (depth =< 5) and c : (legal then nomove) and x).\n";
    ast::Table original = parse_ok(text);
    std::string printed = print(original);
    CHECK(parse_ok(printed) == original);
    CHECK_THAT(printed, Catch::Contains("if (a and b) and c or not (d or e) and (f or g)"));
    CHECK_THAT(printed, Catch::Contains("((depth = 0) and legal then legal) then (depth >= 2) and "
                                        "(depth =< 5) and c"));
}

TEST_CASE("The book's KRK table prints in the book's layout", "[advice][print]") {
    std::string printed = print(parse_ok(*al0::tables::builtin("krk_bratko")));
    CHECK_THAT(printed, Catch::StartsWith("edge_rule :: if their_king_edge and kings_close\n"
                                          "    then [mate_in_2, squeeze, approach, keeproom, "
                                          "divide_in_2, divide_in_3].\n"));
    CHECK_THAT(printed,
               Catch::Contains("advice(mate_in_2,\n    mate :\n    not rooklost and "
                               "their_king_edge :\n    (depth = 0) and legal then "
                               "(depth = 2) and checkmove :\n    (depth = 1) and legal).\n"));
}

TEST_CASE("Tree equality ignores locations but not structure", "[advice][print]") {
    ast::Table a = parse_ok("r :: if a and b then [x].");
    CHECK(parse_ok("\n\n  r ::\n if a and\n b then [ x ].") == a);
    CHECK_FALSE(parse_ok("r :: if a or b then [x].") == a);
    CHECK_FALSE(parse_ok("r :: if b and a then [x].") == a);
    CHECK_FALSE(parse_ok("r :: if a and b then [x, x].") == a);
    CHECK_FALSE(parse_ok("advice(p, a : b : (depth < 2) and c : d).") ==
                parse_ok("advice(p, a : b : (depth =< 2) and c : d)."));
}

TEST_CASE("Printing keeps expressions, comparisons, definitions, by and filter",
          "[advice][print]") {
    std::string text =
        "material KRK.\nmeasure m(p) := (file(p) - 1) * 2 - (3 - rank(p)).\n"
        "near :- -m(our_king) < root(m(our_king)) + abs(-2).\n"
        "generator g := filter(moves(our_rook) by m(our_rook), near) by -m(our_king).\n"
        "r :: if not near and m(our_rook) =\\= 0 then [x].\n"
        "advice(x, near : true : (depth = 0) and g : nomove).\n";
    ast::Table original = parse_ok(text);
    std::string printed = print(original);
    CHECK(parse_ok(printed) == original);
    CHECK(print(parse_ok(printed)) == printed);
    CHECK_THAT(printed, Catch::Contains("measure m(p) := (file(p) - 1) * 2 - (3 - rank(p))."));
    CHECK_THAT(printed, Catch::Contains("generator g := filter(moves(our_rook) by m(our_rook), "
                                        "near) by -m(our_king)."));
}

} // namespace test_advice_print
