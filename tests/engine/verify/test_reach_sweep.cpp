// al0 reach's sweep over the classes of roots in order of their root value, against its
// oracle: one full retrograde pass per class, which must give the same entry at every root.

#include "engine/chess/notation.hpp"
#include "engine/verify/reach/reach.hpp"
#include "tests/support/tables_fixture.hpp"

#include <catch2/catch.hpp>

using namespace al0;

namespace {

endgame::CompiledTable sweep_table(const std::string& material, const std::string& text) {
    return {"test", *endgame::roles_of(material), compile_table(text, contract::chess::vocabulary)};
}

verify::ReachResult sweep_reach(const endgame::CompiledTable& table, const std::string& advice,
                                bool constraints, bool sweep) {
    verify::ReachOptions options;
    options.advice = table.program.advice_index(advice);
    options.constraints = constraints;
    options.sweep = sweep;
    options.threads = 2;
    auto result = verify::reach(table, shared_registry(), options);
    INFO((result ? std::string() : result.error()));
    REQUIRE(result);
    return std::move(*result);
}

std::string line_text(const verify::ReachLine& line) {
    std::string text = line.start.fen();
    for (Move m : line.moves) text.append(" ").append(to_uci(m));
    return text.append(" (").append(line.ending).append(")");
}

// Runs ADVICE swept and class by class; both must agree root by root and on the report.
void same_as_class_by_class(const endgame::CompiledTable& table, const std::string& advice,
                            bool constraints, bool swept) {
    CAPTURE(advice, constraints);
    const auto sweep = sweep_reach(table, advice, constraints, true);
    const auto passes = sweep_reach(table, advice, constraints, false);
    CHECK(sweep.report.swept == swept);
    CHECK_FALSE(passes.report.swept);
    CHECK(sweep.report.root_classes > 5);
    REQUIRE(sweep.root_plies.size() == passes.root_plies.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < sweep.root_plies.size(); ++i)
        differ += sweep.root_plies[i] != passes.root_plies[i];
    CHECK(differ == 0);
    const auto& a = sweep.report;
    const auto& b = passes.report;
    CHECK(a.roots == b.roots);
    CHECK(a.forceable == b.forceable);
    CHECK(a.holding_fails == b.holding_fails);
    CHECK(a.by_plies == b.by_plies);
    CHECK(a.worst == b.worst);
    REQUIRE(a.unforceable.size() == b.unforceable.size());
    for (std::size_t i = 0; i < a.unforceable.size(); ++i)
        CHECK(line_text(a.unforceable[i]) == line_text(b.unforceable[i]));
    // Neither all nor none: the root value decides.
    CHECK(a.forceable > 0);
    CHECK(a.forceable + a.holding_fails < a.roots);
}

} // namespace

TEST_CASE("reach swept in order of a root value forces the same roots in as many plies as one "
          "pass per class",
          "[reach]") {
    // Rising and falling goals, a holding goal that reads the root too, one that lets the rook
    // be taken (the bare kings' entries then change with the root value as well), and depth
    // tests (the entries above them worked out from the roots down).
    const auto krk = sweep_table(
        "KRK", "material KRK.\n"
               "measure e := 4 * distance(our_king, their_king) + "
               "edge_distance(their_king).\n"
               "safe :- not stalemate and not lost(our_rook).\n"
               "main :: if true then [ down, up, bare, shallow ].\n"
               "advice( down, mate or e < root(e) : safe and e =< root(e) + 4 : "
               "legal : legal ).\n"
               "advice( up, mate or root(e) + 1 < e : safe and root(e) < e + 3 : legal : "
               "legal ).\n"
               "advice( bare, e < root(e) - 2 : not stalemate : legal : legal ).\n"
               "advice( shallow, mate or e < root(e) : safe : (depth < 3) and legal : "
               "(depth < 4) and legal ).\n");
    same_as_class_by_class(krk, "down", false, true);
    same_as_class_by_class(krk, "up", false, true);
    same_as_class_by_class(krk, "bare", false, true);
    same_as_class_by_class(krk, "shallow", true, true);
    // A promotion leads to KQK, whose entries change with the root value too.
    const auto kpk = sweep_table(
        "KPK", "material KPK.\n"
               "measure e := 8 * distance(our_king, their_king) + distance(their_king, our_pawn).\n"
               "main :: if true then [ m ].\n"
               "advice( m, mate or e < root(e) - 3 : not stalemate and e =< root(e) + 2 : "
               "legal : legal ).\n");
    same_as_class_by_class(kpk, "m", false, true);
}

TEST_CASE("reach solves class by class a goal that does not move one way with its root value",
          "[reach]") {
    const auto table = sweep_table(
        "KRK", "material KRK.\n"
               "measure e := 4 * distance(our_king, their_king) + edge_distance(their_king).\n"
               "main :: if true then [ m ].\n"
               "advice( m, mate or e =\\= root(e) : not lost(our_rook) and e =< root(e) : "
               "legal : legal ).\n");
    same_as_class_by_class(table, "m", false, false);
}

TEST_CASE("reach reports its progress once per root class, swept or class by class", "[reach]") {
    const auto table = sweep_table(
        "KRK", "material KRK.\n"
               "measure e := 4 * distance(our_king, their_king) + edge_distance(their_king).\n"
               "main :: if true then [ m ].\n"
               "advice( m, mate or e < root(e) : not lost(our_rook) and e =< root(e) : "
               "legal : legal ).\n");
    for (const bool sweep : {true, false}) {
        CAPTURE(sweep);
        std::vector<std::size_t> done;
        std::size_t total = 0;
        verify::ReachOptions options;
        options.advice = 0;
        options.sweep = sweep;
        options.threads = 2;
        options.progress = [&](std::size_t d, std::size_t t) {
            done.push_back(d);
            total = t;
        };
        const auto result = verify::reach(table, shared_registry(), options);
        REQUIRE(result);
        CHECK(result->report.swept == sweep);
        CHECK(total == std::size_t(result->report.root_classes));
        REQUIRE(done.size() == total);
        for (std::size_t i = 0; i < done.size(); ++i) CHECK(done[i] == i + 1);
    }
}
