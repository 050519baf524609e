// The book's table through the core and the play loop: its choices from the book's positions,
// sound mate_in_2 trees, games to mate, refused moves, endings, and the node budget.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/krk/geometry.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/play/game.hpp"
#include "engine/play/pgn.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "tests/support/play_fixture.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/program_fixture.hpp"

#include <sstream>

namespace test_play {

using namespace al0;

namespace {

const search::Program& book() {
    static const search::Program program = compile_builtin("krk_bratko", krk::vocabulary);
    return program;
}

constexpr auto& fen = position_of;

// Returns whether every leaf below node is mate and every them node covers every legal reply.
bool mates_against_every_reply(const search::ForcingTree<Move>& tree, std::uint32_t node,
                               const Position& pos) {
    const auto kind = tree.node(node).kind;
    if (kind == search::NodeKind::leaf) return pos.is_checkmate();
    if (kind == search::NodeKind::them &&
        int(tree.children(node).size()) != generate_legal(pos).size())
        return false;
    for (const auto& e : tree.children(node)) {
        if (!generate_legal(pos).contains(e.move)) return false;
        if (!mates_against_every_reply(tree, e.child, pos.after(e.move))) return false;
    }
    return true;
}

} // namespace

TEST_CASE("from the book's start positions the book table picks the book program's advice and move",
          "[play][book]") {
    auto [start, rule, advice,
          move] = GENERATE(table<const char*, const char*, const char*, const char*>({
        {"8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", "else_rule", "squeeze", "e6e3"},     // WK d4 R e6 BK c2
        {"7R/8/8/8/8/2K5/8/3k4 w - - 0 1", "edge_rule", "mate_in_2", "h8e8"},    // WK c3 R h8 BK d1
        {"8/8/4K3/8/3R4/8/1k6/8 w - - 0 1", "else_rule", "squeeze", "d4c4"},     // WK e6 R d4 BK b2
        {"7k/8/8/8/8/8/1K6/R7 w - - 0 1", "else_rule", "squeeze", "a1a3"},       // WK b2 R a1 BK h8
        {"8/8/8/8/3R4/2k5/8/K7 w - - 0 1", "else_rule", "divide_in_3", "d4d1"},  // WK a1 R d4 BK c3
        {"8/8/8/8/3K4/8/2k5/1R6 w - - 0 1", "else_rule", "divide_in_2", "b1b4"}, // WK d4 R b1 BK c2
    }));
    krk::KrkDomain domain;
    auto r = search::build_tree(domain, book(), *krk::to_state(fen(start)));
    INFO(start);
    REQUIRE(r.outcome == search::Outcome::found);
    CHECK(book().rules[r.rule].name == rule);
    CHECK(book().advice[r.advice].name == advice);
    CHECK(to_uci(r.tree.children(0)[0].move) == move);
}

TEST_CASE("every mate_in_2 tree of the book table mates against every reply", "[play][book]") {
    krk::KrkDomain domain;
    const int mate_in_2 = book().advice_index("mate_in_2");
    int trees = 0;
    for (int wk = 0; wk < 64; ++wk)
        for (int bk = 0; bk < 64; ++bk) {
            if (distance(Square(wk), Square(bk)) < 2 || !krk::on_edge(Square(bk))) continue;
            for (int wr = 0; wr < 64; ++wr) {
                Position pos = Position::make(
                    {{W_KING, Square(wk)}, {B_KING, Square(bk)}, {W_ROOK, Square(wr)}}, WHITE);
                if (!pos.validate().empty()) continue;
                auto r = search::build_tree(domain, book(), *krk::to_state(pos));
                if (r.outcome != search::Outcome::found || r.advice != mate_in_2) continue;
                ++trees;
                INFO(pos.fen());
                REQUIRE(mates_against_every_reply(r.tree, 0, pos));
                REQUIRE(r.tree.height() <= 3);
            }
        }
    CHECK(trees > 1000);
}

TEST_CASE("games from the book's positions against the longest resistance end in mate",
          "[play][book]") {
    static const auto tb = tablebase::KrkTablebase::build();
    const char* start =
        GENERATE("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", "7R/8/8/8/8/2K5/8/3k4 w - - 0 1",
                 "8/8/4K3/8/3R4/8/1k6/8 w - - 0 1", "7k/8/8/8/8/8/1K6/R7 w - - 0 1",
                 "8/8/8/8/3R4/2k5/8/K7 w - - 0 1", "8/8/8/8/3K4/8/2k5/1R6 w - - 0 1");
    auto game = game_of(krk_table("krk_bratko"), fen(start));
    int rebuilt = 0, followed = 0;
    while (!game.over()) {
        if (game.engine_to_move()) {
            auto m = game.engine_move();
            REQUIRE(m);
            (m->rebuilt ? rebuilt : followed)++;
        } else {
            auto best = tb.probe(game.position()).best;
            REQUIRE_FALSE(best.empty());
            REQUIRE_FALSE(game.opponent_move(best.front()));
        }
    }
    const std::string pgn = play::to_pgn(game, {});
    INFO(start << "\n" << pgn);
    CHECK(game.ending() == play::Ending::mate);
    CHECK(rebuilt > 0);
    // No line of the PGN ends between a move number and its move.
    std::istringstream lines(pgn);
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        CHECK(line.size() <= 79);
        CHECK_FALSE((!line.empty() && line.back() == '.'));
    }
    CHECK(game.history().size() < 100);
}

TEST_CASE("an illegal opponent move is refused with a reason and changes nothing", "[play]") {
    auto game = game_of(krk_table("krk_bratko"), fen("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1"));
    REQUIRE(game.engine_move());
    const Position before = game.position();
    const auto history = game.history().size();
    auto why = game.opponent_move(Move(make_square(FILE_C, RANK_2), make_square(FILE_C, RANK_3)));
    REQUIRE(why);
    CHECK_THAT(*why, Catch::Contains("illegal"));
    CHECK(game.position() == before);
    CHECK(game.history().size() == history);
    CHECK(game.has_tree() == false); // squeeze's tree ended at its leaf
    CHECK_FALSE(game.opponent_move(Move(make_square(FILE_C, RANK_2), make_square(FILE_D, RANK_1))));
}

TEST_CASE("the game follows the tree while Black stays in it", "[play]") {
    // WK c3 R h8 BK d1: mate_in_2 by Re8 Kc1 Re1#.
    auto game = game_of(krk_table("krk_bratko"), fen("7R/8/8/8/8/2K5/8/3k4 w - - 0 1"));
    auto first = game.engine_move();
    REQUIRE(first);
    CHECK(first->rebuilt);
    REQUIRE(game.has_tree());
    REQUIRE_FALSE(
        game.opponent_move(Move(make_square(FILE_D, RANK_1), make_square(FILE_C, RANK_1))));
    auto second = game.engine_move();
    REQUIRE(second);
    CHECK_FALSE(second->rebuilt);
    CHECK(second->san == "Re1#");
    CHECK(game.ending() == play::Ending::mate);
    CHECK_THAT(play::to_pgn(game, {}),
               Catch::Contains("1. Re8 {edge_rule: mate_in_2 (new tree)} Kc1 2. Re1#"));
}

TEST_CASE("the fifty-move rule ends a game", "[play]") {
    auto game = game_of(krk_table("krk_bratko"), fen("8/8/4R3/8/3K4/8/2k5/8 w - - 99 60"));
    REQUIRE(game.engine_move());
    CHECK(game.ending() == play::Ending::fifty_moves);
    CHECK(std::string(play::ending_result(game.ending(), game.position())) == "1/2-1/2");
}

TEST_CASE("a table with no applicable advice ends the game by name", "[play]") {
    auto table = krk_table_text(
        "r :: if true then [a]. advice(a, mate : true : (depth = 0) and legal : nomove).");
    auto game = game_of(table, fen("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1"));
    CHECK_FALSE(game.engine_move());
    CHECK(game.ending() == play::Ending::no_advice);
}

TEST_CASE("an explosive table ends with the search budget exceeded", "[play][budget]") {
    constexpr const char* EXPLODE = "r :: if true then [explode]. advice(explode, mate and "
                                    "stalemate : true : (depth < 40) and legal : (depth < 40) "
                                    "and legal).";
    auto program = compile_table(EXPLODE, krk::vocabulary);
    krk::KrkDomain domain;
    auto r =
        search::build_tree(domain, program, *krk::to_state(fen("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1")),
                           search::Options{100'000});
    CHECK(r.outcome == search::Outcome::budget_exceeded);
    CHECK(program.advice[r.advice].name == "explode");
    auto game = game_of(krk_table_text(EXPLODE), fen("8/8/4R3/8/3K4/8/2k5/8 w - - 0 1"),
                        search::Options{100'000});
    CHECK_FALSE(game.engine_move());
    CHECK(game.ending() == play::Ending::budget_exceeded);
}

} // namespace test_play
