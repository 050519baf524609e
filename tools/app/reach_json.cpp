#include "tools/app/reach_json.hpp"

#include "engine/verify/shared/defending_line.hpp"

#include "engine/chess/notation.hpp"

namespace al0::tools {

std::string reach_line_text(const verify::ReachLine& line) {
    const std::string moves = verify::numbered(verify::san_moves(line.start, line.moves));
    return (moves.empty() ? "" : moves + " ") + "(" + line.ending + ")";
}

nlohmann::json reach_json(const std::string& table, const verify::ReachReport& r) {
    nlohmann::json lines = nlohmann::json::array();
    for (const verify::ReachLine& line : r.unforceable) {
        nlohmann::json uci = nlohmann::json::array();
        for (Move m : line.moves) uci.push_back(to_uci(m));
        lines.push_back({{"fen", line.start.fen()},
                         {"line", verify::san_moves(line.start, line.moves)},
                         {"moves", uci},
                         {"ending", line.ending},
                         {"text", reach_line_text(line)}});
    }
    return {{"table", table},
            {"material", r.material},
            {"advice", r.advice},
            {"goal_of", r.goal_of},
            {"rules", r.rules},
            {"constraints", r.constraints},
            {"up_to_symmetry", r.symmetric},
            {"positions", r.positions},
            {"won", r.won},
            {"roots", r.roots},
            {"forceable", r.forceable},
            {"not_forceable", r.roots - r.forceable},
            {"holding_fails_at_root", r.holding_fails},
            {"plies", r.by_plies},
            {"worst", r.worst},
            {"mean", r.mean},
            {"median", r.median},
            {"p99", r.p99},
            {"worst_fen", r.worst_root ? nlohmann::json(r.worst_root->fen()) : nlohmann::json()},
            {"unforceable", lines},
            {"root_classes", r.root_classes},
            {"swept", r.swept},
            {"depth_levels", r.depth_levels},
            {"threads", r.threads},
            {"seconds", r.seconds}};
}

} // namespace al0::tools
