#include "tools/app/verify_json.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"

namespace al0::tools {

namespace {

nlohmann::json histogram_json(const std::vector<int>& histogram) {
    nlohmann::json j = nlohmann::json::object();
    for (std::size_t n = 1; n < histogram.size(); ++n) j[std::to_string(n)] = histogram[n];
    return j;
}

// What an advice's first moves lose; the worst one, where any loses.
nlohmann::json loss_json(const verify::MoveLoss& l) {
    nlohmann::json j = {{"moves", l.moves},
                        {"lost", l.lost},
                        {"mean", l.mean()},
                        {"losing", l.losing},
                        {"worst", l.worst}};
    if (l.worst > 0)
        j["worst_example"] = {{"fen", l.worst_position.fen()},
                              {"move", to_san(l.worst_position, l.worst_move)},
                              {"best", to_san(l.worst_position, l.best_move)}};
    return j;
}

} // namespace

nlohmann::json retries_json(const verify::RetryCounts& r) {
    return {{"retried", r.retried}, {"fitted", r.fitted}, {"nodes", r.nodes}};
}

nlohmann::json line_json(const verify::DefendingLine& line) {
    nlohmann::json uci = nlohmann::json::array();
    for (Move m : line.moves) uci.push_back(to_uci(m));
    return {{"fen", line.start.fen()},
            {"line", verify::san_moves(line.start, line.moves)},
            {"advice", line.advice},
            {"moves", uci},
            {"end_fen", verify::end_of(line.start, line.moves).fen()},
            {"text", verify::line_text(line)}};
}

std::string goals_text(const search::GoalsPath& path) {
    if (!path.compiled) return "interpreted";
    return "compiled to machine code, " + std::to_string(path.whole_searches) + " of " +
           std::to_string(path.advice) + " advice searches compiled whole";
}

std::string goals_text(const std::vector<TableGoals>& goals) {
    if (goals.size() == 1) return goals_text(goals.front().path);
    std::string out;
    for (const TableGoals& g : goals)
        out += (out.empty() ? "" : "; ") + g.table + ": " + goals_text(g.path);
    return out;
}

nlohmann::json goals_json(const std::vector<TableGoals>& goals) {
    nlohmann::json list = nlohmann::json::array();
    for (const TableGoals& g : goals)
        list.push_back({{"table", g.table},
                        {"compiled", g.path.compiled},
                        {"whole_searches", g.path.whole_searches},
                        {"advice", g.path.advice}});
    return list;
}

nlohmann::json table_json(const TableReport& r) {
    const verify::TableSummary& s = r.summary;
    nlohmann::json failures = nlohmann::json::object(), reachable = nlohmann::json::object(),
                   failing_states = nlohmann::json::object(), shown = nlohmann::json::object();
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        if (k == verify::Verdict::won) continue;
        failures[verify::verdict_key(k)] = s.counts[std::size_t(k)];
        reachable[verify::verdict_key(k)] = s.reachable[std::size_t(k)];
        failing_states[verify::verdict_key(k)] = s.failing_states[std::size_t(k)];
    }
    for (const auto& [k, lines] : r.examples) {
        nlohmann::json list = nlohmann::json::array();
        for (const verify::DefendingLine& line : lines) list.push_back(line_json(line));
        if (!list.empty()) shown[verify::verdict_key(k)] = list;
    }
    nlohmann::json advice = nlohmann::json::array();
    for (const verify::AdviceUse& a : s.advice_use)
        advice.push_back(
            {{"table", a.table},
             {"advice", a.advice},
             {"trees", a.trees},
             {"nodes", a.nodes},
             {"loss", loss_json(a.loss)},
             {"on_worst_lines", {{"states", a.line_states}, {"excess", a.line_excess}}}});
    nlohmann::json j = {{"table", r.table},
                        {"material", r.material},
                        {"goals", goals_json(r.goals)},
                        {"positions", s.positions},
                        {"sampled_from", s.population},
                        {"won", s.counts[std::size_t(verify::Verdict::won)]},
                        {"failures", failures},
                        {"reachable", reachable},
                        {"failing_states", failing_states},
                        {"worst", s.worst},
                        {"mean", s.mean},
                        {"optimal_mean", s.optimal_mean},
                        {"optimal_worst", s.optimal_worst},
                        {"optimal_mean_won", s.optimal_mean_won},
                        {"excess_mean", s.excess_mean},
                        {"excess_worst", s.excess_worst},
                        {"histogram", histogram_json(s.histogram)},
                        {"optimal_histogram", histogram_json(s.optimal_histogram)},
                        {"advice_use", advice},
                        {"worst_line", r.worst_line ? line_json(*r.worst_line) : nlohmann::json()},
                        {"examples", shown},
                        {"threads", s.threads},
                        {"states", s.states},
                        {"unwalked", s.unwalked},
                        {"search_nodes", s.search_nodes},
                        {"retries", retries_json(s.retries)},
                        {"seconds", s.tree_seconds + s.graph_seconds}};
    if (!r.worst_lines.empty()) {
        j["worst_lines"] = nlohmann::json::array();
        for (const verify::DefendingLine& line : r.worst_lines)
            j["worst_lines"].push_back(line_json(line));
    }
    return j;
}

} // namespace al0::tools
