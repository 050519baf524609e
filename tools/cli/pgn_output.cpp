#include "tools/cli/pgn_output.hpp"

#include "engine/io/atomic_file.hpp"
#include "tools/cli/command.hpp"

#include <iostream>

namespace al0::tools {

int emit_pgn(const std::string& pgn, const std::string& pgn_file) {
    if (pgn_file.empty()) {
        std::cout << "\n" << pgn;
        return EXIT_OK;
    }
    std::cout.flush(); // first: the PGN file may be this very stream (/dev/stdout)
    if (auto why = io::write_file(pgn_file, pgn)) return fail(*why);
    std::cout << "PGN written to " << pgn_file << "\n";
    return EXIT_OK;
}

} // namespace al0::tools
