#include "tools/verify_json.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

namespace al0::tools {

std::string fen_of(const krk::KrkState& s) { return krk::to_position(s).fen(); }

nlohmann::json line_json(const verify::DefendingLine& line) {
    nlohmann::json uci = nlohmann::json::array();
    for (Move m : line.moves) uci.push_back(to_uci(m));
    return {{"fen", fen_of(line.start)},
            {"line", verify::san_moves(line.start, line.moves)},
            {"moves", uci},
            {"text", verify::line_text(line)}};
}

nlohmann::json table_json(const std::string& table, const verify::TableVerification& v,
                          int examples) {
    const verify::TableSummary& s = v.summary();
    nlohmann::json failures = nlohmann::json::object(), reachable = nlohmann::json::object(),
                   shown = nlohmann::json::object();
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        if (k == verify::Verdict::won) continue;
        failures[verify::verdict_key(k)] = s.counts[std::size_t(k)];
        reachable[verify::verdict_key(k)] = s.reachable[std::size_t(k)];
        nlohmann::json list = nlohmann::json::array();
        for (const krk::KrkState& e : v.examples(k, examples)) {
            const verify::DefendingLine line = v.line(e);
            list.push_back(line_json(line));
        }
        if (!list.empty()) shown[verify::verdict_key(k)] = list;
    }
    nlohmann::json histogram = nlohmann::json::object();
    for (std::size_t n = 1; n < s.histogram.size(); ++n)
        histogram[std::to_string(n)] = s.histogram[n];
    return {{"table", table},
            {"positions", s.positions},
            {"won", s.counts[std::size_t(verify::Verdict::won)]},
            {"failures", failures},
            {"reachable", reachable},
            {"worst", s.worst},
            {"mean", s.mean},
            {"optimal_mean", s.optimal_mean},
            {"optimal_worst", s.optimal_worst},
            {"optimal_mean_won", s.optimal_mean_won},
            {"excess_mean", s.excess_mean},
            {"excess_worst", s.excess_worst},
            {"histogram", histogram},
            {"examples", shown},
            {"threads", s.threads},
            {"search_nodes", s.search_nodes},
            {"seconds", s.tree_seconds + s.graph_seconds}};
}

} // namespace al0::tools
