#include "tools/search_text.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

namespace al0::tools {

const char* failure_text(search::Failure f) {
    switch (f) {
    case search::Failure::none:
        return "satisfied";
    case search::Failure::holding_at_root:
        return "the holding goal fails at the root";
    case search::Failure::no_moves:
        return "the better goal does not hold and no move is allowed at the root";
    case search::Failure::all_moves_fail:
        return "every allowed root move fails below";
    case search::Failure::budget_exceeded:
        return "search budget exceeded";
    case search::Failure::depth_exceeded:
        return "search depth limit exceeded";
    }
    return "?";
}

std::string refutation_text(const Position& root, const search::Refutation<Move>& r) {
    std::string out;
    Position pos = root;
    for (Move m : r.line) {
        if (!out.empty()) out += ' ';
        out += to_san(pos, m);
        pos.do_move(m);
    }
    return out + (r.holding_failed ? ": the holding goal fails"
                                   : ": the better goal does not hold and no move is allowed");
}

} // namespace al0::tools
