// The play loop's move input: Black's move text read as `al0 play` reads it, offered to a game.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/play/game.hpp"
#include "fuzz/properties/krk_program.hpp"
#include "fuzz/properties/lines.hpp"
#include "fuzz/properties/properties.hpp"

#include <array>
#include <string>

namespace al0::fuzz {
namespace {

// Why small: an input plays a whole game; a table over budget ends it, which is fine here.
constexpr std::uint64_t MOVE_INPUT_NODE_BUDGET = 20'000;

// The book's start positions (tables/krk_bratko.al0).
constexpr std::array<std::string_view, 6> STARTS = {
    "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", "7R/8/8/8/8/2K5/8/3k4 w - - 0 1",
    "8/8/4K3/8/3R4/8/1k6/8 w - - 0 1", "7k/8/8/8/8/8/1K6/R7 w - - 0 1",
    "8/8/8/8/3R4/2k5/8/K7 w - - 0 1",  "8/8/8/8/3K4/8/2k5/1R6 w - - 0 1"};

struct Snapshot {
    Position position;
    std::size_t moves;
    std::uint32_t cursor;
    play::Ending ending;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const play::Game& game) {
    return {game.position(), game.history().size(), game.cursor(), game.ending()};
}

// Offers MOVE to the game; a refusal must leave it as it was, an acceptance needs a legal move.
void offer(play::Game& game, Move move, bool must_accept, std::string_view line) {
    const Snapshot before = snapshot(game);
    const bool legal = generate_legal(before.position).contains(move);
    if (auto why = game.opponent_move(move)) {
        if (!(snapshot(game) == before))
            throw PropertyViolation("a refused move changed the game: " + std::string(line));
        if (must_accept || legal)
            throw PropertyViolation("a legal move was refused (" + *why +
                                    "): " + std::string(line));
    } else if (!legal) {
        throw PropertyViolation("an illegal move was played: " + std::string(line));
    }
}

} // namespace

void check_move_input_text(std::string_view text) {
    if (text.empty()) return;
    auto start = Position::from_fen(STARTS[std::uint8_t(text[0]) % STARTS.size()]);
    play::Game game(book_table(), book_tables, *start, {MOVE_INPUT_NODE_BUDGET, false});
    text.remove_prefix(1);
    for (std::string_view line : split_lines(text)) {
        if (game.engine_to_move()) (void)game.engine_move();
        if (game.over()) return;
        if (auto move = parse_move_input(game.position(), line))
            offer(game, *move, true, line);
        else if (line.size() == 2)
            offer(game, Move(Square(line[0] & 63), Square(line[1] & 63)), false, line);
    }
}

} // namespace al0::fuzz
