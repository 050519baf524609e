// al0 fen FEN [--ascii]: the board, the side to move, check/mate/stalemate, and the legal moves.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "tools/app/board_view.hpp"
#include "tools/cli/command.hpp"

#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_fen {

struct FenOptions {
    std::string fen;
    bool ascii = false;
};

int run_fen(const FenOptions& o) {
    auto pos = Position::from_fen(o.fen);
    if (!pos) return fail("bad FEN: " + pos.error());
    std::cout << draw_board(*pos, o.ascii) << "\n"
              << pos->fen() << "\n"
              << describe_state(*pos) << "\n";
    MoveList moves = generate_legal(*pos);
    std::cout << "Legal moves (" << moves.size() << "):";
    for (Move m : moves) std::cout << ' ' << to_san(*pos, m);
    std::cout << "\n";
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<FenOptions>();
    auto* app = parent.add_subcommand("fen", "Draw a position and list its legal moves");
    app->add_option("fen", o->fen, "The position, in FEN (quote it)")->required();
    app->add_flag("--ascii", o->ascii, "Plain ASCII letters instead of Unicode pieces");
    return {app, [o] { return run_fen(*o); }};
}

const RegisterCommand registered(10, setup);

} // namespace cmd_fen
} // namespace al0::tools
