// al0 perft FEN DEPTH [--divide]: leaf counts of the legal move tree, as Stockfish's go perft.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"

#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_perft {

struct PerftOptions {
    std::string fen;
    int depth = 1;
    bool divide = false;
};

int run_perft(const PerftOptions& o) {
    auto parsed = Position::from_fen(o.fen);
    if (!parsed) return fail("bad FEN: " + parsed.error());
    Position pos = *parsed;
    std::uint64_t total = 0;
    if (o.divide && o.depth >= 1) {
        for (Move m : generate_legal(pos)) {
            UndoInfo u = pos.do_move(m);
            std::uint64_t n = perft(pos, o.depth - 1);
            pos.undo_move(m, u);
            std::cout << to_uci(m) << ": " << n << "\n";
            total += n;
        }
        std::cout << "\n";
    } else {
        total = perft(pos, o.depth);
    }
    std::cout << "Nodes searched: " << total << "\n";
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<PerftOptions>();
    auto* app = parent.add_subcommand("perft", "Count the leaves of the legal move tree");
    app->add_option("fen", o->fen, "The position, in FEN (quote it)")->required();
    add_count(app, "depth", o->depth, "Depth in half-moves", 1, 12)->required();
    app->add_flag("--divide", o->divide, "Print the count below each root move");
    return {app, [o] { return run_perft(*o); }};
}

const RegisterCommand registered(20, setup);

} // namespace cmd_perft
} // namespace al0::tools
